import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { closedPort, control, expect, signInWithForm, stopProcess, test } from './fixtures.ts';

const run = promisify(execFile);

/** What an administrator runs in a folder of their own, without this checkout's tools on the path. */
function npx(folder: string, args: string[]) {
	return run('npx', ['--no-install', 'agent-console', ...args], { cwd: folder }).then(
		(done) => ({ code: 0, out: done.stdout + done.stderr }),
		(error: { code: number; stdout: string; stderr: string }) => ({
			code: error.code,
			out: error.stdout + error.stderr
		})
	);
}

/**
 * The package an administrator installs: packed as `npm pack` packs it (its `prepack` bundles the
 * command; `prepare`, which compiles the messages again, is left out here, as the build lane ran
 * it), installed into an empty folder with production dependencies only and no registry, then
 * `npx agent-console` serves a console that signs in to the development agent, and `doctor`
 * tells a good setup, a refused origin and an agent that does not answer apart, in words.
 */
test('npm pack, install and npx agent-console: it serves, signs in and checks', async ({
	page,
	sim
}) => {
	test.setTimeout(150_000);
	const started = performance.now();
	const work = await mkdtemp(join(tmpdir(), 'agent-console-'));
	const manifest = JSON.parse(await readFile('package.json', 'utf8')) as {
		scripts: Record<string, string>;
	};
	const [bundler, script] = manifest.scripts.prepack?.split(' ') ?? [];
	const before = ((await control(sim, 'cors')) as { allowOrigins: string[] }).allowOrigins;
	let child: ReturnType<typeof spawn> | null = null;
	try {
		await run('npx', [bundler ?? 'tsx', script ?? '']);
		const { stdout } = await run('npm', [
			'pack',
			'--ignore-scripts',
			'--json',
			'--pack-destination',
			work
		]);
		const [packed] = JSON.parse(stdout) as { filename: string; size: number }[];
		await run(
			'npm',
			[
				'install',
				'--omit=dev',
				'--offline',
				'--no-audit',
				'--no-fund',
				join(work, packed!.filename)
			],
			{ cwd: work }
		);
		const installed = JSON.parse(await readFile(join(work, 'package-lock.json'), 'utf8')) as {
			packages: Record<string, unknown>;
		};
		// Nothing but the package itself: no runtime dependency to fetch.
		expect(Object.keys(installed.packages).sort()).toEqual(['', 'node_modules/agent-console']);

		const port = await closedPort();
		const origin = `http://localhost:${port}`;
		await control(sim, 'cors', { allowOrigins: [...before, origin] });
		child = spawn(
			'npx',
			['--no-install', 'agent-console', '--agent', sim.url, '--port', `${port}`],
			{
				cwd: work,
				stdio: ['ignore', 'pipe', 'pipe'],
				detached: true
			}
		);
		let output = '';
		child.stdout?.on('data', (d) => (output += d.toString()));
		child.stderr?.on('data', (d) => (output += d.toString()));
		await expect.poll(() => output, { timeout: 30_000 }).toContain('Press Ctrl-C to stop.');
		const ready = performance.now();
		expect(output).toContain(`Agent console: ${origin}`);
		expect(output).toMatch(/answered its status probe: \d \(\w+\), and allows this origin/);
		expect(output).toContain(`Add to the agent's allowed origins (CORS): ${origin}`);

		await page.goto(`${origin}/login`);
		await signInWithForm(page, 'admin@example.com');
		await expect(page.getByText('Signed in as admin@example.com')).toBeVisible();

		const [good, refused, silent] = await Promise.all([
			npx(work, ['doctor', '--agent', sim.url, '--origin', origin]),
			npx(work, ['doctor', '--agent', sim.url, '--origin', 'http://localhost:9']),
			npx(work, ['doctor', '--agent', `http://localhost:${await closedPort()}`, '--origin', origin])
		]);
		expect(good.out).toContain('answers its status probe');
		expect(good.out).toContain(`allows the origin ${origin}`);
		expect(good.out).toContain(`served at ${origin} let the page reach`);
		expect(good.out).not.toContain('FAIL');
		expect(good.code).toBe(0);
		expect(refused.out).toMatch(
			/FAIL +The agent refuses the origin http:\/\/localhost:9\b.*Next: add/
		);
		expect(refused.code).toBe(1);
		expect(silent.out).toMatch(
			/FAIL +Nothing answers at .*connection refused.*Next: start the agent/
		);
		expect(silent.code).toBe(1);
		test.info().annotations.push({
			type: 'figures',
			description: `package ${packed!.size} bytes; pack, install and start ${Math.round(ready - started)} ms`
		});
	} finally {
		await page.close();
		if (child) await stopProcess(child);
		await control(sim, 'cors', { allowOrigins: before });
		await rm(work, { recursive: true, force: true });
	}
});
