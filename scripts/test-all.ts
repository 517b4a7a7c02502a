/**
 * `npm test`: every check and test, side by side in lanes so that both cores of this 2-core
 * machine stay busy to the end. First the quick lanes, of about the same length: the builds, the
 * type check and the layout's lint; ESLint and Prettier; the unit tests.
 * Then the end-to-end tests, printed as they go, beside the cross-engine journeys, whose browsers
 * leave a core half idle (about 50 CPU-s in 55 s). A captured lane's output is printed whole when
 * it ends. The first lane that fails stops the others and the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { tree } from './processes.ts';

type Lane = { name: string; scripts: string[]; live?: boolean };

/** Side by side: the builds wait for nothing else, and nothing here reads what they write. */
const FIRST: Lane[] = [
	{
		name: 'builds, size guard, check, layout',
		scripts: ['build:admin', 'build', 'size-guard', 'check', 'lint:layout']
	},
	{ name: 'eslint, format', scripts: ['lint:code', 'lint:format'] },
	// The unit tests serve the release archive with nginx and Caddy: the browsers' lane installs
	// them first, and `servers` waits for that install.
	{ name: 'unit tests', scripts: ['servers', 'test:unit'] },
	// Installed first when missing, one install at a time: the two test lanes after would each
	// install their own side by side, and the package manager takes one at a time.
	{ name: 'browsers', scripts: ['browsers'] }
];
/** Side by side on the builds: the end-to-end tests (printed as they go) and the other engines. */
const THEN: Lane[] = [
	{ name: 'test:e2e', scripts: ['test:e2e'], live: true },
	{ name: 'test:engines', scripts: ['test:engines'] }
];

const running = new Set<ChildProcess>();

function run(script: string, capture: boolean): Promise<{ ok: boolean; output: string }> {
	return new Promise((resolve) => {
		const child = spawn('npm', ['run', script], {
			stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
			// A group of its own, so a failure elsewhere stops it and everything it started.
			detached: true
		});
		running.add(child);
		const chunks: Buffer[] = [];
		child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
		child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
		child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
		child.on('close', (code) => {
			running.delete(child);
			resolve({ ok: code === 0, output: Buffer.concat(chunks).toString() });
		});
	});
}

/**
 * Stops every lane and everything each started. A lane's process group is not all of it: the
 * end-to-end lane's web server runs in a group of its own (Playwright starts it so), and outlived
 * a failed run, answering for a build that was gone. So each process below a lane is stopped too,
 * read from /proc before any of them ends (the group alone where there is no /proc).
 */
function stopAll() {
	const roots = new Set([...running].flatMap((child) => (child.pid ? [child.pid] : [])));
	const below = [...tree(roots).keys()].filter((pid) => !roots.has(pid));
	const signal = (pid: number) => {
		try {
			process.kill(pid, 'SIGTERM');
		} catch {
			// Already gone.
		}
	};
	for (const pid of roots) signal(-pid);
	for (const pid of below) signal(pid);
}

process.on('SIGINT', () => {
	stopAll();
	process.exit(130);
});
process.on('SIGTERM', () => {
	stopAll();
	process.exit(143);
});

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const times: string[] = [];
const start = performance.now();
let failed = false;

// The messages compiled once, before the lanes: the type check and the unit tests read them while
// the builds find them compiled from the files as they are and compile nothing.
const messages = await run('messages', true);
if (!messages.ok) {
	process.stdout.write(`\n── messages (FAILED) ──\n${messages.output}`);
	process.exit(1);
}

/** Runs the lanes side by side; false once one has failed (and the others were stopped). */
async function runLanes(lanes: Lane[]): Promise<boolean> {
	await Promise.all(
		lanes.map(async (lane) => {
			const since = performance.now();
			for (const script of lane.scripts) {
				if (failed) return;
				if (lane.live) process.stdout.write(`\n── ${script} ──\n`);
				const { ok, output } = await run(script, !lane.live);
				if (failed) return;
				if (!lane.live)
					process.stdout.write(`\n── ${script} (${ok ? 'passed' : 'FAILED'}) ──\n${output}`);
				else if (!ok) process.stdout.write(`\n${script} FAILED\n`);
				if (!ok) {
					failed = true;
					stopAll();
					return;
				}
			}
			times.push(`${lane.name}: ${seconds(since)}`);
		})
	);
	return !failed;
}

if (!(await runLanes(FIRST))) process.exit(1);
times.push(`quick lanes, in all: ${seconds(start)}`);
const then = performance.now();
if (!(await runLanes(THEN))) process.exit(1);
times.push(`end-to-end and engines, in all: ${seconds(then)}`);

process.stdout.write(
	`\nTimes:\n${times.map((t) => `  ${t}`).join('\n')}\n  npm test: ${seconds(start)}\n`
);
