import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
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
 * unused, and the bundler drops them. Paraglide has no option that does this (its per-locale
 * builds need a build and an address per language), so the plugin reads its output's shape:
 * package.json pins Paraglide and its message-format plugin exactly, and
 * `paraglide-output.spec.ts` fails, saying what moved, when an upgrade changes that shape.
 */
export function lazyCatalogs(options: {
	/** The inlang project; where its messages' modules and its catalogs are compiled. */
	project: string;
	messages: string;
	outdir: string;
	/** The module that holds `message()`. */
	catalogs: string;
	/** The module that holds `madeOnce()`, which the messages' registry builds its formatters with. */
	formatters: string;
}): Plugin {
	const MESSAGE = /\/paraglide\/messages\/([A-Za-z0-9_$]+)\.js$/;
	// The message's function: it picks its language, then calls that language's function.
	const DISPATCH =
		/\(\(inputs(?: = \{\})?, options = \{\}\) => \{\n[^}]*getLocale\(\)\n(?:\tif \(locale === "[^"]+"\) return [A-Za-z0-9_$]+\(inputs\)\n)*\treturn ([A-Za-z0-9_$]+)\(inputs\)\n\}\)/;
	return {
		name: 'lazy-catalogs',
		enforce: 'pre',
		buildStart() {
			// The unit tests read what `npm run messages` compiled before them.
			if (!process.env.VITEST) compileInChild(options);
		},
		configureServer(server) {
			// `npm run dev`: a message file changed, the messages again, then a reload.
			server.watcher.add(['messages', options.project]);
			server.watcher.on('change', (file) => {
				if (!/\.json$/.test(file) || !/messages|\.inlang/.test(file)) return;
				compileInChild(options);
				server.ws.send({ type: 'full-reload' });
			});
		},
		transform(code, id) {
			if (REGISTRY.test(id.split('?')[0] ?? '')) return registry(code, id, options.formatters);
			const key = MESSAGE.exec(id.split('?')[0] ?? '')?.[1];
			if (!key || key === '_index') return null;
			const found = DISPATCH.exec(code);
			if (!found)
				throw new Error(`lazy-catalogs: ${id} is not a Paraglide message module as known`);
			// Bound rather than wrapped: a few bytes less per message, on every page's first load.
			const rewritten = code.replace(
				DISPATCH,
				`__message.bind(null, ${JSON.stringify(key)}, ${found[1]})`
			);
			return {
				code: `import { message as __message } from ${JSON.stringify(options.catalogs)};\n${rewritten}`,
				map: null
			};
		}
	};
}

/** The compiled messages' formatters (plurals, numbers, dates), in both outputs. */
const REGISTRY = /\/paraglide(-catalogs)?\/registry\.js$/;

/**
 * Paraglide's registry builds an Intl formatter for every plural or number a message shows, each
 * time it is shown; here each is built once per locale and options (`madeOnce`) and kept.
 */
function registry(code: string, id: string, formatters: string) {
	const NEW_INTL = /\bnew (Intl\.[A-Za-z]+)\(/g;
	if (!NEW_INTL.test(code))
		throw new Error(`lazy-catalogs: ${id} builds no Intl formatter, unlike Paraglide's registry`);
	return {
		code: `import { madeOnce as __made } from ${JSON.stringify(formatters)};\n${code.replace(NEW_INTL, '__made($1, ')}`,
		map: null
	};
}

type Compiled = { project: string; messages: string; outdir: string };

/**
 * Compiles the messages unless they were compiled from the files as they are now, in a process of
 * its own: the inlang project keeps the process that loads it alive for half a minute after a
 * compile, which held every build open that long (Paraglide's own Vite plugin did the same on a
 * fresh clone, which is why this plugin compiles the messages' modules too).
 */
function compileInChild(options: Compiled) {
	if (compiledFresh(options)) return;
	execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
		stdio: 'inherit'
	});
}

/** The messages' modules (one per message) and each language's catalog (one per language). */
async function compileAll(options: Compiled) {
	await compileAside(options.project, options.messages, 'message-modules');
	await compileAside(options.project, options.outdir, 'locale-modules');
	// Written only when it changes: a newer file in src/ tells ensureBuild the build is stale, and
	// `npm pack` runs this (as `prepare`) after its own check that the build is fresh.
	if (!compiledFresh(options))
		writeFileSync(join(options.outdir, STAMP), inputsHash(options.project));
}

/**
 * Compiled aside, then only the files that changed are moved in, each whole: a build and the
 * unit tests that run beside it never read a module half written.
 */
async function compileAside(
	project: string,
	outdir: string,
	outputStructure: 'message-modules' | 'locale-modules'
) {
	const aside = await mkdtemp(join(tmpdir(), 'messages-'));
	// Imported when there is something to compile: vite.config.ts loads this file for every build
	// and test run, most of which find the messages fresh.
	const { compile } = await import('@inlang/paraglide-js');
	try {
		await compile({
			project,
			outdir: aside,
			strategy: ['baseLocale'],
			outputStructure,
			emitReadme: false
		});
		for (const file of await readdir(aside, { recursive: true })) {
			const from = join(aside, file);
			// Paraglide's server middleware (a fetch of its own): a static console has no server.
			if (file === 'server.js' || !(await stat(from)).isFile()) continue;
			const to = join(outdir, file);
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

/** What the catalogs are compiled from: the project's settings and every message file. */
function inputsHash(project: string): string {
	const hash = createHash('sha256');
	const files = [
		join(project, 'settings.json'),
		...readdirSync('messages', { recursive: true })
			.map(String)
			.filter((f) => f.endsWith('.json'))
			.sort()
			.map((f) => join('messages', f))
	];
	for (const file of files) hash.update(file).update(readFileSync(file));
	return hash.digest('hex');
}

const STAMP = '.inputs';

/** Whether the messages were compiled from their files as they are now. */
function compiledFresh(options: Compiled): boolean {
	try {
		return readFileSync(join(options.outdir, STAMP), 'utf8') === inputsHash(options.project);
	} catch {
		return false;
	}
}

/** Where this project keeps them: vite.config.ts and `npm run messages` use the same. */
export const MESSAGES = {
	project: './project.inlang',
	messages: './src/lib/paraglide',
	outdir: './src/lib/paraglide-catalogs'
};

// `npm run messages`, and a build whose messages are not fresh (see `compileInChild`). Nothing to
// do when they were compiled from the files as they are (`npm ci`'s prepare, then `npm test`), as a
// build decides; `--force` compiles anyway.
if (import.meta.url === `file://${process.argv[1]}`) {
	const fresh =
		!process.argv.includes('--force') &&
		compiledFresh(MESSAGES) &&
		existsSync(join(MESSAGES.messages, 'messages', '_index.js'));
	if (fresh) console.log('Messages: compiled already from the files as they are.');
	else await compileAll(MESSAGES);
	process.exit(0);
}
