/**
 * `npm test`: every check and test, the quick ones side by side. The type check, the lint and the
 * unit tests each keep a core only part of the time (the simulator's specs wait on its clocks), so
 * on this 2-core machine they run at once beside the two builds, each lane's output printed whole
 * when it ends; then the end-to-end tests and the cross-engine journeys, one after the other,
 * printed as they go. The first lane that fails stops the others and the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';

type Lane = { name: string; scripts: string[] };

/** Side by side: the builds wait for nothing else, and nothing here reads what they write. */
const FIRST: Lane[] = [
	{ name: 'check, builds, size guard', scripts: ['check', 'build:admin', 'build', 'size-guard'] },
	{ name: 'lint', scripts: ['lint'] },
	{ name: 'unit tests', scripts: ['test:unit'] }
];
/** One after the other, each using the whole machine. */
const THEN = ['test:e2e', 'test:engines'];

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

function stopAll() {
	for (const child of running) {
		try {
			if (child.pid) process.kill(-child.pid, 'SIGTERM');
		} catch {
			// Already gone.
		}
	}
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

await Promise.all(
	FIRST.map(async (lane) => {
		const since = performance.now();
		for (const script of lane.scripts) {
			if (failed) return;
			const { ok, output } = await run(script, true);
			if (failed) return;
			process.stdout.write(`\n── ${script} (${ok ? 'passed' : 'FAILED'}) ──\n${output}`);
			if (!ok) {
				failed = true;
				stopAll();
				return;
			}
		}
		times.push(`${lane.name}: ${seconds(since)}`);
	})
);
if (failed) process.exit(1);
times.push(`side by side, in all: ${seconds(start)}`);

for (const script of THEN) {
	const since = performance.now();
	process.stdout.write(`\n── ${script} ──\n`);
	const { ok } = await run(script, false);
	times.push(`${script}: ${seconds(since)}`);
	if (!ok) {
		process.stdout.write(`\n${script} FAILED\n`);
		process.exit(1);
	}
}

process.stdout.write(
	`\nTimes:\n${times.map((t) => `  ${t}`).join('\n')}\n  npm test: ${seconds(start)}\n`
);
