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
