import { compile } from '@inlang/paraglide-js';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Paraglide gives each message a module of its own (so a page carries only the messages it
 * shows) with every language in it, so each language added grows every page's first load (the
 * sign-in page by about 80 bytes gzip a message). This plugin keeps the base language there and
 * nothing else: each message's function becomes one call of `message()` (`src/lib/i18n/catalogs.ts`) with its
 * key and its base-language function; in another language it reads the key from that language's
 * catalog (Paraglide's `locale-modules` output, compiled beside), fetched when the language is
 * chosen and before it is used. The other languages' functions in the message's module are then
 * unused, and the bundler drops them.
 */
export function lazyCatalogs(options: {
	/** The inlang project, and where its catalogs are compiled (`locale-modules`). */
	project: string;
	outdir: string;
	/** The module that holds `message()`. */
	catalogs: string;
}): Plugin {
	const MESSAGE = /\/paraglide\/messages\/([A-Za-z0-9_$]+)\.js$/;
	// The message's function: it picks its language, then calls that language's function.
	const DISPATCH =
		/\(\(inputs(?: = \{\})?, options = \{\}\) => \{\n[^}]*getLocale\(\)\n(?:\tif \(locale === "[^"]+"\) return [A-Za-z0-9_$]+\(inputs\)\n)*\treturn ([A-Za-z0-9_$]+)\(inputs\)\n\}\)/;
	return {
		name: 'lazy-catalogs',
		enforce: 'pre',
		async buildStart() {
			// Beside Paraglide's own plugin, which compiles the messages' modules; one compile at a
			// time (Paraglide waits for the one in progress). The unit tests read what `npm run
			// messages` compiled before them.
			if (!process.env.VITEST) await compileCatalogs(options);
		},
		transform(code, id) {
			const key = MESSAGE.exec(id.split('?')[0] ?? '')?.[1];
			if (!key || key === '_index') return null;
			const found = DISPATCH.exec(code);
			if (!found)
				throw new Error(`lazy-catalogs: ${id} is not a Paraglide message module as known`);
			const rewritten = code.replace(
				DISPATCH,
				`((inputs, options) => __message(${JSON.stringify(key)}, ${found[1]}, inputs, options))`
			);
			return {
				code: `import { message as __message } from ${JSON.stringify(options.catalogs)};\n${rewritten}`,
				map: null
			};
		}
	};
}

/**
 * Each language's catalog, one module of all its messages: what `catalogs.ts` fetches. Compiled
 * aside, then only the files that changed are moved in, each whole: a build and the unit tests
 * that run beside it never read a catalog half written.
 */
export async function compileCatalogs(options: { project: string; outdir: string }) {
	const aside = await mkdtemp(join(tmpdir(), 'catalogs-'));
	try {
		await compile({
			project: options.project,
			outdir: aside,
			strategy: ['baseLocale'],
			outputStructure: 'locale-modules',
			emitReadme: false
		});
		for (const file of await readdir(aside, { recursive: true })) {
			const from = join(aside, file);
			if (!(await stat(from)).isFile()) continue;
			const to = join(options.outdir, file);
			const text = await readFile(from, 'utf8');
			const old = await readFile(to, 'utf8').catch(() => null);
			if (old === text) continue;
			await mkdir(dirname(to), { recursive: true });
			await writeFile(`${to}.${process.pid}.tmp`, text);
			await rename(`${to}.${process.pid}.tmp`, to);
		}
	} finally {
		await rm(aside, { recursive: true, force: true });
	}
}

// `npm run messages`: the catalogs beside the messages' modules.
if (import.meta.url === `file://${process.argv[1]}`)
	await compileCatalogs({ project: './project.inlang', outdir: './src/lib/paraglide-catalogs' });
