import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from './server.ts';
import { testSimulator } from './test/helpers.ts';

/** Runs `npm run sim`'s script with arguments; resolves with its output once `done` matches or it exits. */
function runCli(args: string[], done: RegExp) {
	return new Promise<{ output: string; code: number | null }>((resolve) => {
		const child = spawn(process.execPath, ['--import', 'tsx', 'simulator/cli.ts', ...args], {
			env: { ...process.env, NO_COLOR: '1' }
		});
		let output = '';
		const finish = (code: number | null) => resolve({ output, code });
		const onData = (data: Buffer) => {
			output += data.toString();
			if (done.test(output)) {
				child.kill('SIGTERM');
				child.once('exit', () => finish(null));
			}
		};
		child.stdout.on('data', onData);
		child.stderr.on('data', onData);
		child.once('exit', (code) => finish(code));
	});
}

let taken: Simulator;
beforeAll(async () => {
	taken = await testSimulator();
});
afterAll(() => taken.close());

describe('npm run sim', () => {
	it('prints where it listens, the allowed origins and the demo accounts', async () => {
		const { output } = await runCli(
			['--port', '0', '--quiet', '--allow-origin', 'http://console.test:4173'],
			/TOTP secret/
		);
		expect(output).toMatch(/Development agent listening on http:\/\/127\.0\.0\.1:\d+/);
		expect(output).toContain('allowed origins: http://console.test:4173');
		expect(output).toContain('Demo accounts (password for all: Passw0rd!)');
		expect(output).toContain('mfa@example.com');
		expect(output).toContain('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
	}, 20_000);

	it('says clearly that the port is taken and exits with 1', async () => {
		const { output, code } = await runCli(['--port', String(taken.port)], /$^/);
		expect(code).toBe(1);
		expect(output).toContain(
			'is already in use: a real agent (or another simulator) may be running there'
		);
	}, 20_000);

	it('refuses a bad option with the usage', async () => {
		const { output, code } = await runCli(['--port', 'nope'], /$^/);
		expect(code).toBe(2);
		expect(output).toContain('--port must be a whole number');
		expect(output).toContain('Usage: npm run sim');
	}, 20_000);
});
