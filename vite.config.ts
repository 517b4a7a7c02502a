import tailwindcss from '@tailwindcss/vite';
import { sveltekit } from '@sveltejs/kit/vite';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { perGraph, reachable, routeFiles } from './scripts/chunking.ts';
import { preloadLists } from './scripts/preload-lists.ts';
import { SIGN_IN_ROUTE } from './scripts/size-guard.ts';
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
 * What the sign-in page loads first, and what that imports in turn: all the shared chunk may hold.
 * Worked out from the module graph, so that code of the signed-in area (a new feature folder, an
 * api module, a component two pages share) never joins the file every page loads until the sign-in
 * page imports it; what a page loads on demand stays out too. `npm run size-guard` measures it.
 */
const ROUTES = fileURLToPath(new URL('src/routes', import.meta.url));
const SIGN_IN_FILES = routeFiles(ROUTES, SIGN_IN_ROUTE);
const reachedBySignIn = perGraph((graph) => reachable(graph, SIGN_IN_FILES));
/** Preload lists that do not repeat what is loaded anyway (scripts/preload-lists.ts). */
const preload = preloadLists(ROUTES);
/** Libraries, the app's shared code, and the bundler's own helpers (dynamic-import preloading). */
const SHARED = /node_modules|src\/lib\/|preload-helper|^\0/;

export default defineConfig({
	plugins: [preload.plugin, devIdentityProvider(), tailwindcss(), sveltekit()],
	server: { port: 5173, strictPort: true },
	build: {
		sourcemap: !!process.env.SOURCEMAP,
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
							name: (id, graph) => (reachedBySignIn(graph).has(id) ? 'shared' : null),
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
		include: ['src/**/*.spec.ts', 'simulator/**/*.spec.ts', 'scripts/**/*.spec.ts'],
		testTimeout: 15_000,
		reporters: ['default', './tests/reporters/vitest-slowest.ts']
	}
});
