import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { externalizeBoot } from './externalize-boot.ts';

/** index.html as SvelteKit's static adapter writes it, its boot script setting `global`. */
const page = (global: string) => `<!doctype html><html><head>
<link href="/_app/immutable/entry/start.js" rel="modulepreload"></head><body><div>
<script>{ ${global} = { base: "" }; import("/_app/immutable/entry/start.js"); }</script>
</div></body></html>`;

describe('moving the boot script out of index.html', () => {
	let dir = '';
	beforeEach(async () => {
		dir = await mkdtemp(join(tmpdir(), 'externalize-boot-'));
		await mkdir(join(dir, '_app/immutable/chunks'), { recursive: true });
		await mkdir(join(dir, '_app/immutable/entry'), { recursive: true });
		await writeFile(join(dir, '_app/immutable/entry/start.js'), 'import "../chunks/a.js";');
	});
	afterEach(() => rm(dir, { recursive: true, force: true }));

	it('writes it to a hashed file when it sets the global the client reads', async () => {
		await writeFile(join(dir, 'index.html'), page('__sveltekit_v1'));
		await writeFile(join(dir, '_app/immutable/chunks/a.js'), 'globalThis.__sveltekit_v1.data;');
		await externalizeBoot(dir);
		const html = await readFile(join(dir, 'index.html'), 'utf8');
		expect(html).toMatch(/<script src="\/_app\/immutable\/boot\.\w+\.js"><\/script>/);
		expect(html).not.toContain('__sveltekit_v1');
	});

	it('stops a build whose page sets another global than its client reads', async () => {
		// What a build read back after another process wrote .svelte-kit/generated in between.
		await writeFile(join(dir, 'index.html'), page('__sveltekit_v1'));
		await writeFile(join(dir, '_app/immutable/chunks/a.js'), 'globalThis.__sveltekit_v2.data;');
		await expect(externalizeBoot(dir)).rejects.toThrow(/sets __sveltekit_v1.*reads __sveltekit_v2/);
		expect(await readFile(join(dir, 'index.html'), 'utf8')).toBe(page('__sveltekit_v1'));
	});
});
