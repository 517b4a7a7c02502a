import { chmodSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { ensureBuild } from './ensure-build.ts';

/**
 * Before `npm pack` (the `prepack` script): the console built, and the packaged command
 * (scripts/agent-console.ts, the static server and the development agent it imports) bundled into
 * plain JavaScript in dist/, so the package runs on Node 20 with no TypeScript runner and no
 * dependency installed. Vite's own bundler does it: nothing to add to the development tools.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

// `npm pack --json` answers on stdout: what the build says goes to stderr.
console.log = console.error;
ensureBuild(ROOT);
await build({
	configFile: false,
	root: ROOT,
	logLevel: 'warn',
	resolve: { alias: { $lib: `${ROOT}src/lib` } },
	// Every library goes into the bundle; only Node's own modules stay outside.
	ssr: { noExternal: true, target: 'node' },
	build: {
		ssr: 'scripts/agent-console.ts',
		outDir: 'dist',
		emptyOutDir: true,
		target: 'node20',
		minify: true,
		reportCompressedSize: false,
		rolldownOptions: {
			output: { entryFileNames: 'agent-console.js', banner: '#!/usr/bin/env node' }
		}
	}
});
chmodSync(`${ROOT}dist/agent-console.js`, 0o755);
