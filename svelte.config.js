import adapter from '@sveltejs/adapter-static';

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
		version: { pollInterval: 5 * 60_000 },
		// Hosting under a sub-path is decided at build time: `BASE_PATH=/admin npm run build`.
		paths: { base: process.env.BASE_PATH || '' },
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
