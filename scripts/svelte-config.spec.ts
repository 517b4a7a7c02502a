import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import config, { sourcesVersion } from '../svelte.config.js';

describe("the console's version", () => {
	let dir = '';
	const at = (path: string, seconds: number) =>
		utimes(join(dir, path), new Date(seconds * 1000), new Date(seconds * 1000));
	beforeEach(async () => {
		dir = await mkdtemp(join(tmpdir(), 'sources-version-'));
		await mkdir(join(dir, 'src/lib/paraglide'), { recursive: true });
		await writeFile(join(dir, 'src/lib/a.ts'), '');
		await writeFile(join(dir, 'src/lib/paraglide/messages.js'), '');
		await writeFile(join(dir, 'package-lock.json'), '');
		for (const path of ['src/lib/paraglide/messages.js', 'src/lib/paraglide', 'src/lib', 'src'])
			await at(path, 3000);
		await at('src/lib/a.ts', 1000);
		await at('package-lock.json', 2000);
	});
	afterEach(() => rm(dir, { recursive: true, force: true }));

	it('is the one SvelteKit is given, the same each time the config is read', () => {
		// A build and a test run beside it read the config at other times: both must name one version.
		expect(config.kit?.version?.name).toBe(sourcesVersion());
	});

	it('is when the newest source changed, not the messages compiled from them', async () => {
		await at('src/lib', 1500);
		await at('src', 1500);
		expect(sourcesVersion(dir)).toBe('2000000');
		await at('src/lib/a.ts', 4000);
		expect(sourcesVersion(dir)).toBe('4000000');
	});
});
