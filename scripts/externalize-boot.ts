import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * SvelteKit's SPA page starts the app with an inline <script>. A strict Content-Security-Policy
 * forbids inline script, so this moves it into a hashed file beside the other assets. It stays a
 * classic script, so `document.currentScript` (which Kit's boot code reads) still works.
 */
export async function externalizeBoot(buildDir: string): Promise<string> {
	const indexPath = join(buildDir, 'index.html');
	const html = await readFile(indexPath, 'utf8');
	const match = /<script>([\s\S]*?)<\/script>/.exec(html);
	if (!match) {
		if (/<script src="[^"]*boot\.[\w-]+\.js"><\/script>/.test(html)) return indexPath;
		throw new Error('No inline boot script found in index.html: did the SvelteKit output change?');
	}
	const code = (match[1] ?? '').trim() + '\n';
	const prefix = /href="([^"]*?)_app\//.exec(html)?.[1] ?? '/';
	const name = `boot.${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
	await writeFile(join(buildDir, '_app', 'immutable', name), code);
	await writeFile(
		indexPath,
		html.replace(match[0], `<script src="${prefix}_app/immutable/${name}"></script>`)
	);
	return indexPath;
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const dir = process.argv[2] ?? 'build';
	await externalizeBoot(dir);
	console.log(`${dir}/index.html: boot script moved to an external file (no inline script).`);
}
