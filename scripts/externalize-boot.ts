import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The global through which the page hands the client its start-up values (`__sveltekit_<version>`,
 * from SvelteKit's version): the boot script sets it, the client reads it. A build whose two halves
 * saw different versions (another process rewrote .svelte-kit/generated in between) would crash on
 * every page at start ("Cannot read properties of undefined (reading 'data')"): it stops here.
 */
async function checkStartGlobal(buildDir: string, boot: string) {
	const set = /\b(__sveltekit_\w+)\s*=/.exec(boot)?.[1];
	if (!set)
		throw new Error(
			'The boot script sets no __sveltekit_ global: did the SvelteKit output change?'
		);
	const immutable = join(buildDir, '_app', 'immutable');
	const read = new Set<string>();
	for (const file of await readdir(immutable, { recursive: true }))
		if (file.endsWith('.js'))
			for (const [, name] of (await readFile(join(immutable, file), 'utf8')).matchAll(
				/globalThis\.(__sveltekit_\w+)/g
			))
				if (name) read.add(name);
	const other = [...read].filter((name) => name !== set);
	if (other.length)
		throw new Error(
			`index.html sets ${set}, the client reads ${other.join(', ')}: the build's halves saw different versions (was .svelte-kit rewritten during the build?). Build again.`
		);
}

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
	await checkStartGlobal(buildDir, code);
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
