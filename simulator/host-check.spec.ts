import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { hostCheck, MISDIRECTED } from './host-check.ts';
import { OptionsError, parseOptions } from './options.ts';
import type { Simulator } from './server.ts';
import { testSimulator } from './test/helpers.ts';

describe('hostCheck', () => {
	const loopbackOnly = hostCheck({ host: '127.0.0.1' });

	it.each([
		'localhost',
		'localhost:29123',
		'LOCALHOST:4173',
		'localhost.:80',
		'console.localhost:4173',
		'127.0.0.1:29123',
		'127.12.34.56',
		'127.1:80',
		'[::1]:29123',
		'[0:0:0:0:0:0:0:1]'
	])('answers %s: this computer, any port', (host) => {
		expect(loopbackOnly(host)).toBe(true);
	});

	it.each([
		undefined,
		'',
		'evil.example',
		'evil.example:29123',
		'localhost.evil.example',
		'127.0.0.1.evil.example',
		'192.168.1.10:29123',
		'0.0.0.0:29123',
		'[::]:29123',
		'[fe80::1]',
		'evil.example@localhost',
		'localhost/evil',
		'localhost:notaport',
		'localhost evil.example'
	])('refuses %s', (host) => {
		expect(loopbackOnly(host)).toBe(false);
	});

	it('answers the address it listens on, unless that is every interface, and extra names', () => {
		const lan = hostCheck({ host: '192.168.1.10', allowHosts: ['Console.Example.com:443'] });
		expect(lan('192.168.1.10:4173')).toBe(true);
		expect(lan('console.example.com')).toBe(true);
		expect(lan('other.example.com')).toBe(false);
		expect(hostCheck({ host: 'fe80::1' })('[fe80::1]:4173')).toBe(true);
		for (const wildcard of ['0.0.0.0', '::']) {
			const any = hostCheck({ host: wildcard });
			expect(any('localhost:1')).toBe(true);
			expect(any(`${wildcard.includes(':') ? '[::]' : wildcard}:1`)).toBe(false);
			expect(any('evil.example')).toBe(false);
		}
	});

	it('is given extra names by --allow-host or SIM_ALLOW_HOST, checked', () => {
		expect(
			parseOptions(['--allow-host', 'agent.test', '--allow-host', 'b.test'], {})
		).toMatchObject({ allowHosts: ['agent.test', 'b.test'] });
		expect(parseOptions([], { SIM_ALLOW_HOST: 'a.test, b.test' })).toMatchObject({
			allowHosts: ['a.test', 'b.test']
		});
		expect(parseOptions([], {})).toMatchObject({ allowHosts: [] });
		expect(() => parseOptions(['--allow-host', 'http://agent.test/'], {})).toThrow(OptionsError);
	});
});

/** A raw request with the Host header given, as a DNS-rebinding page's browser would send it. */
function rawGet(port: number, path: string, host: string) {
	return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
		(resolve, reject) => {
			const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
				let body = '';
				res.on('data', (d) => (body += d.toString()));
				res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
			});
			req.on('error', reject);
			req.end();
		}
	);
}

describe('the development agent refuses a foreign Host', () => {
	let sim: Simulator;
	beforeAll(async () => {
		sim = await testSimulator({ allowHosts: ['agent.test'] });
	});
	afterAll(() => sim.close());

	it('answers its API and control surface only for this computer and its names', async () => {
		for (const path of ['/management/agent_status', '/__sim/outbox']) {
			const foreign = await rawGet(sim.port, path, `evil.example:${sim.port}`);
			expect(foreign.status).toBe(421);
			expect(JSON.parse(foreign.body)).toEqual({ error: MISDIRECTED });
			for (const host of [`localhost:${sim.port}`, `127.0.0.1:${sim.port}`, 'agent.test']) {
				expect((await rawGet(sim.port, path, host)).status).toBe(200);
			}
		}
	});

	it('refuses a socket upgrade for a foreign Host, and opens one for localhost', async () => {
		const open = (host: string) =>
			new Promise<string>((resolve) => {
				const ws = new WebSocket(`ws://127.0.0.1:${sim.port}/notification`, {
					headers: { host }
				});
				ws.on('unexpected-response', (_req, res) => resolve(`refused ${res.statusCode}`));
				ws.on('open', () => {
					ws.close();
					resolve('open');
				});
				ws.on('error', (error) => resolve(`error ${error.message}`));
			});
		expect(await open(`evil.example:${sim.port}`)).toBe('refused 421');
		expect(await open(`localhost:${sim.port}`)).toBe('open');
	});
});
