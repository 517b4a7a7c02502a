import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const INPUTS = ['src', 'static', 'svelte.config.js', 'vite.config.ts', 'package-lock.json'];

function newest(path: string): number {
	const stat = statSync(path, { throwIfNoEntry: false });
	if (!stat) return 0;
	if (!stat.isDirectory()) return stat.mtimeMs;
	return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Builds the console when build/ is missing or older than its sources. */
export function ensureBuild(root = '.') {
	const built = newest(join(root, 'build', 'index.html'));
	const sources = Math.max(...INPUTS.map((p) => newest(join(root, p))));
	if (built && built >= sources) return;
	console.log(
		built
			? 'Sources changed since the last build: building the console (about 15 s)...'
			: 'Building the console, once (about 15 s)...'
	);
	// The bundler's own report is long; it is shown only when the build fails.
	const result = spawnSync('npm', ['run', 'build', '--silent'], {
		cwd: root,
		// A test runner's NODE_ENV=test would make Vite build the console in development mode.
		env: { ...process.env, NODE_ENV: 'production' },
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
		maxBuffer: 64 * 1024 * 1024
	});
	if (result.status !== 0) {
		process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
		throw new Error('The build failed; see above.');
	}
}
