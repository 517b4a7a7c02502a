import tailwindcss from '@tailwindcss/vite';
import { sveltekit } from '@sveltejs/kit/vite';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
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

/** Loaded on demand or by one flow only: left to automatic chunking. */
const ON_DEMAND =
	/src\/lib\/(api\/provider|api\/local-network|authentication\/(signup|ProviderSignIn)|form\/(CodeInput|validation)|ui\/(LocalNetworkAdvice|ErrorNotice))|icons\/external-link\.svelte/;
/**
 * Only the signed-in area uses these: left to automatic chunking, so sign-in never loads them. Every
 * feature and toolkit folder of `src/lib` is here except those the sign-in pages use (api, state,
 * form, ui, authentication, and the root's modules), so a new file in a folder needs no edit here.
 * `npm run bench` shows the sign-in page's first load.
 */
const SIGNED_IN_ONLY = new RegExp(
	[
		'src/lib/(actions|charts|drives|events|files|folders|format|history|list|live|management|page-data|record|shares|transfers|users|virtual-list)/',
		'src/lib/api/(schemas/)?(frames|user|drives|drive-config|config-file|files|folders|history|rows|shares|share-contract|transfers)\\.ts',
		'src/lib/(ui/Card|ui/Loading|ui/ModalDialog|ui/modal|ui/clock|ui/on-screen|form/(unsaved|type-to-confirm|TypeToConfirm)|names/enums)',
		'reconnecting-websocket|svelte-sonner|uplot|uqr|node_modules/idb/|svelte/src/reactivity/',
		// Lucide's icons and their runtime: the sign-in pages draw their own (src/lib/ui/icons).
		'node_modules/@lucide/'
	].join('|')
);
/** Libraries, the app's shared code, and the bundler's own helpers (dynamic-import preloading). */
const SHARED = /node_modules|src\/lib\/|preload-helper|^\0/;

export default defineConfig({
	plugins: [devIdentityProvider(), tailwindcss(), sveltekit()],
	server: { port: 5173, strictPort: true },
	build: {
		sourcemap: !!process.env.SOURCEMAP,
		rolldownOptions: {
			output: {
				// Dozens of tiny shared chunks cost more than they save on a first load, as each file is
				// compressed on its own (measured by `npm run bench`): the libraries and the app's
				// shared code travel as one file, each page as its own, and code that only one flow
				// needs, or that loads on demand, stays out of the shared file.
				codeSplitting: {
					groups: [
						{
							name: 'shared',
							test: (id: string) =>
								SHARED.test(id) && !ON_DEMAND.test(id) && !SIGNED_IN_ONLY.test(id),
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
