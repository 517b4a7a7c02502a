import tailwindcss from '@tailwindcss/vite';
import { sveltekit } from '@sveltejs/kit/vite';
import { svelteTesting } from '@testing-library/svelte/vite';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import {
	importPath,
	perGraph,
	reachable,
	reachedOnlyByLayout,
	routeFiles
} from './scripts/chunking.ts';
import { preloadLists } from './scripts/preload-lists.ts';
import { lazyCatalogs, MESSAGES } from './scripts/lazy-catalogs.ts';
import { SIGN_IN_ROUTE } from './scripts/size-guard.ts';
import { isolatedSpecs } from './scripts/unit-isolation.ts';
import { DEFAULT_OPTIONS } from './simulator/options.ts';
import { developmentIdentityProvider } from './simulator/oidc.ts';

/**
 * `npm run dev` talks to the development agent, so its config.json names the development identity
 * provider, as `npm start` does; a build ships static/config.json as it is, without one.
 */
const devIdentityProvider = (): Plugin => ({
	name: 'dev-identity-provider',
	apply: 'serve',
	configureServer(server) {
		server.middlewares.use('/config.json', (_req, res) => {
			const shipped = JSON.parse(readFileSync('static/config.json', 'utf8')) as object;
			res.setHeader('content-type', 'application/json; charset=utf-8');
			res.setHeader('cache-control', 'no-store');
			res.end(
				JSON.stringify({
					...shipped,
					identityProvider: developmentIdentityProvider(DEFAULT_OPTIONS)
				})
			);
		});
	}
});

/**
 * V8 compiles every function of jump anywhere's dialog with its file, while the page is idle,
 * instead of each one the first time the dialog calls it: the first opening's compiling was about a
 * fifth of it. The hint is a comment (V8's explicit compile hints); other browsers skip it.
 */
const compileDialogEagerly = (): Plugin => ({
	name: 'compile-dialog-eagerly',
	apply: 'build',
	generateBundle(_, bundle) {
		for (const chunk of Object.values(bundle))
			if (chunk.type === 'chunk' && chunk.facadeModuleId?.endsWith('/palette/PaletteDialog.svelte'))
				chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
	}
});

/**
 * What the sign-in page loads first, and what that imports in turn: all the shared chunk may hold.
 * Worked out from the module graph, so that code of the signed-in area (a new feature folder, an
 * api module, a component two pages share) never joins the file every page loads until the sign-in
 * page imports it; what a page loads on demand stays out too. `npm run size-guard` measures it.
 */
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const ROUTES = join(ROOT, 'src/routes');
const SIGN_IN_FILES = routeFiles(ROUTES, SIGN_IN_ROUTE);
/**
 * Never in it: the enums and words of every signed-in area (their sign-in part is in
 * api/schemas/shell-contract.ts and names/shell.ts), and Lucide's icons and runtime (the sign-in
 * pages draw theirs from src/lib/ui/icons). The build stops and names the imports that lead there.
 */
const NEVER_AT_SIGN_IN = /src\/lib\/(contract|names\/enums)\.ts$|node_modules\/@lucide\//;
const reachedBySignIn = perGraph((graph) => {
	const reached = reachable(graph, SIGN_IN_FILES);
	const wrong = [...reached].find((id) => NEVER_AT_SIGN_IN.test(id));
	if (wrong) {
		const path = importPath(graph, SIGN_IN_FILES, wrong)?.map((id) => relative(ROOT, id));
		throw new Error(
			`The sign-in page would load ${relative(ROOT, wrong)}: ${path?.join(' imports ')}`
		);
	}
	return reached;
});
/**
 * What the signed-in area's layout loads on every signed-in page, and no page outside it loads: one
 * file, not the dozen small chunks the bundler made of it. Each file a page loads costs the browser
 * a request and a module to instantiate: a signed-in page load took 0.53 CPU-s instead of 0.66 on
 * this machine (the overview, 20 fresh browser contexts), with the same bytes.
 */
const onlySignedIn = perGraph((graph) => reachedOnlyByLayout(graph, ROUTES, '(app)'));
/** Preload lists that do not repeat what is loaded anyway (scripts/preload-lists.ts). */
const preload = preloadLists(ROUTES);
/**
 * The unit tests, those that must run isolated (scripts/unit-isolation.ts), and the components'
 * tests, which draw a component in jsdom.
 */
const SPEC_DIRS = ['src', 'simulator', 'scripts'];
const SPECS = SPEC_DIRS.map((dir) => `${dir}/**/*.spec.ts`);
const ISOLATED = isolatedSpecs(ROOT, SPEC_DIRS);
const COMPONENT_SPECS = ['src/**/*.component.spec.ts'];
/** Libraries, the app's shared code, and the bundler's own helpers (dynamic-import preloading). */
const SHARED = /node_modules|src\/lib\/|preload-helper|^\0/;

export default defineConfig({
	plugins: [
		lazyCatalogs({
			...MESSAGES,
			catalogs: '$lib/i18n/catalogs',
			formatters: '$lib/format/intl'
		}),
		preload.plugin,
		compileDialogEagerly(),
		devIdentityProvider(),
		tailwindcss(),
		sveltekit()
	],
	server: { port: 5173, strictPort: true },
	build: {
		sourcemap: !!process.env.SOURCEMAP,
		reportCompressedSize: false,
		modulePreload: { resolveDependencies: preload.resolveDependencies },
		rolldownOptions: {
			output: {
				// Dozens of tiny shared chunks cost more than they save on a first load, as each file is
				// compressed on its own (measured by `npm run bench`): the libraries and the app's
				// shared code travel as one file, each page as its own, and code that only one flow
				// needs, or that loads on demand, stays out of the shared file.
				codeSplitting: {
					groups: [
						{
							debugName: 'shared',
							name: (id, graph) => (reachedBySignIn(graph).has(id) ? 'shared' : null),
							test: SHARED,
							minShareCount: 2
						},
						{
							debugName: 'signed-in',
							name: (id, graph) => (onlySignedIn(graph).has(id) ? 'signed-in' : null),
							test: SHARED,
							minShareCount: 2
						}
					]
				}
			}
		}
	},
	test: {
		expect: { requireAssertions: true },
		environment: 'node',
		// Worker threads, not forked processes: the suite took 13 % less CPU (75 -> 66 CPU-s),
		// which the side-by-side lanes of `npm test` share.
		pool: 'threads',
		setupFiles: ['tests/unit/setup.ts'],
		testTimeout: 15_000,
		reporters: ['default', './tests/reporters/vitest-slowest.ts'],
		projects: [
			// Files share one set of modules, imported once rather than once a file: 204 s -> 60 s
			// for the suite alone on this machine, most of it the messages' modules. What a file
			// sets for itself is undone when it ends (tests/unit/setup.ts).
			{
				extends: true,
				test: {
					name: 'unit',
					isolate: false,
					include: SPECS,
					exclude: [...ISOLATED, ...COMPONENT_SPECS]
				}
			},
			// Files that replace modules or globals, each with modules of its own.
			{ extends: true, test: { name: 'unit-isolated', isolate: true, include: ISOLATED } },
			// A component drawn in jsdom, found and used as a person would (Testing Library). The
			// files share one set of modules as the unit tests do; Testing Library empties the
			// document after each test.
			{
				extends: true,
				plugins: [svelteTesting()],
				test: {
					name: 'component',
					environment: 'jsdom',
					isolate: false,
					include: COMPONENT_SPECS
				}
			}
		]
	}
});
