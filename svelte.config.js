import adapter from '@sveltejs/adapter-static';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a build is made of, as authored (the compiled messages are made from messages/). */
const SOURCES = [
	'src',
	'static',
	'messages',
	'scripts',
	'project.inlang/settings.json',
	'svelte.config.js',
	'vite.config.ts',
	'package-lock.json'
];
const GENERATED = new Set([
	join('src', 'lib', 'paraglide'),
	join('src', 'lib', 'paraglide-catalogs')
]);

/**
 * The console's version (`_app/version.json`, and the name of the global that index.html hands to
 * the client): when its newest source last changed, in milliseconds. Every process that loads this
 * file (a build, the unit tests, the type check) writes the version into .svelte-kit/generated, and
 * a build reads it back between its two halves; with SvelteKit's default, each process's own start
 * time, a test run beside a build rewrote it in between, and index.html set a global the client
 * never read. The same sources give the same version in every process; a newer source, a higher
 * one, as the tabs' hand-over to a newer console needs.
 */
export function sourcesVersion(root = fileURLToPath(new URL('.', import.meta.url))) {
	/** @type {(path: string) => number} */
	const newest = (path) => {
		if (GENERATED.has(path)) return 0;
		const stat = statSync(join(root, path), { throwIfNoEntry: false });
		if (!stat) return 0;
		if (!stat.isDirectory()) return stat.mtimeMs;
		const inside = readdirSync(join(root, path)).map((name) => newest(join(path, name)));
		return Math.max(stat.mtimeMs, ...inside);
	};
	return String(Math.floor(Math.max(...SOURCES.map(newest))));
}

/** @type {import('@sveltejs/kit').Config} */
const config = {
	compilerOptions: {
		// Runes everywhere in this project; libraries decide for themselves.
		runes: ({ filename }) => (filename.split(/[/\\]/).includes('node_modules') ? undefined : true)
	},
	kit: {
		// A single-page app: every unknown path gets index.html and the client router takes over.
		adapter: adapter({
			pages: process.env.BUILD_DIR || 'build',
			assets: process.env.BUILD_DIR || 'build',
			fallback: 'index.html',
			strict: true
		}),
		// An open tab asks the server for `_app/version.json` this often (and when shown again, and
		// now and then on a navigation: src/lib/ui/newer-console.svelte.ts) to learn of a newer
		// console: a few bytes every five minutes, and nothing while the version is the same.
		version: { name: sourcesVersion(), pollInterval: 5 * 60_000 },
		// Hosting under a sub-path is decided at build time: `BASE_PATH=/admin npm run build`.
		paths: { base: /** @type {'' | `/${string}`} */ (process.env.BASE_PATH || '') },
		// Registered by the console (src/lib/offline/kept-copy.svelte.ts), which says where it cannot be.
		serviceWorker: { register: false },
		typescript: {
			config: (config) => {
				config.include.push(
					'../simulator/**/*.ts',
					'../scripts/**/*.ts',
					'../playwright.config.ts'
				);
				config.compilerOptions.noUncheckedIndexedAccess = true;
				config.compilerOptions.erasableSyntaxOnly = true;
			}
		}
	}
};

export default config;
