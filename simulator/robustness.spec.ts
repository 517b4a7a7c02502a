import { request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { prng } from './seed/random.ts';
import type { Simulator } from './server.ts';
import {
	client,
	type Client,
	shareSimulator,
	testSimulator,
	withSimulator
} from './test/helpers.ts';

let sim: Simulator;
let api: Client;

shareSimulator((started) => ({ sim, api } = started));

describe('bad requests get the agent error shapes', () => {
	it('404 for unknown routes and 405 with Allow for wrong methods', async () => {
		expect((await api.call('GET', '/nope/nothing')).status).toBe(404);
		const r = await api.call('GET', '/authentication/login');
		expect(r.status).toBe(405);
		expect(r.headers.get('allow')).toBe('POST');
	});

	it('499 for malformed JSON, a missing body and a non-object body', async () => {
		for (const raw of ['{"username":', '', '[1,2]', '"text"', 'null']) {
			const r = await api.call('POST', '/authentication/signup', {
				raw,
				headers: { 'content-type': 'application/json' }
			});
			expect(r.status).toBe(499);
			expect(r.json).toMatchObject({
				type: 'VALIDATION',
				status: 499,
				errors: { body: [expect.any(String)] }
			});
		}
	});

	it('413 for a body over the limit, and keeps serving', async () => {
		const r = await api.call('POST', '/authentication/login', { raw: 'x'.repeat(200_000) });
		expect(r.status).toBe(413);
		expect((await api.call('GET', '/management/agent_status')).status).toBe(200);
	});

	it('413 for a chunked body over the limit (no length declared), and keeps serving', async () => {
		for (const path of ['/authentication/login', '/__sim/faults']) {
			const reply = await new Promise<string>((resolve) => {
				let data = '';
				const socket = connect(sim.port, '127.0.0.1', () => {
					socket.write(
						`POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`
					);
					const chunk = 'x'.repeat(16 * 1024);
					// Chunks keep coming until the agent answers: no length ever told it the size.
					const pump = () => {
						if (data || socket.destroyed) return;
						socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`, () => setImmediate(pump));
					};
					pump();
				});
				socket.on('error', () => undefined);
				socket.on('data', (d) => (data += d.toString()));
				socket.on('close', () => resolve(data));
			});
			expect(reply).toMatch(/^HTTP\/1.1 413/);
			expect((await api.call('GET', '/management/agent_status')).status).toBe(200);
		}
	});

	it('cuts off slow headers and slow bodies with 408, and keeps serving', async () => {
		await withSimulator({ requestTimeoutMs: 300 }, async (quick) => {
			for (const partial of [
				'GET /management/agent_status HTTP/1.1\r\nHost: localhost\r\n',
				'POST /authentication/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{"a":'
			]) {
				const reply = await new Promise<string>((resolve) => {
					const socket = connect(quick.port, '127.0.0.1', () => socket.write(partial));
					let data = '';
					socket.on('data', (d) => (data += d.toString()));
					socket.on('close', () => resolve(data));
				});
				expect(reply).toMatch(/^HTTP\/1.1 408/);
			}
			expect((await client(quick).call('GET', '/management/agent_status')).status).toBe(200);
		});
	});

	it('answers sortfield __proto__, constructor and toString as unknown fields', async () => {
		const token = await api.login();
		for (const field of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
			const r = await api.call('GET', `/user/get_all_users?token=${token}&sortfield=${field}`);
			expect(r.status).toBe(499);
			expect(r.json).toMatchObject({
				type: 'VALIDATION',
				errors: { sortfield: [expect.any(String)] }
			});
		}
	});

	it('400 for a request line Node cannot parse, and keeps serving', async () => {
		const reply = await new Promise<string>((resolve) => {
			const socket = connect(sim.port, '127.0.0.1', () => socket.write('BROKEN\r\n\r\n'));
			let data = '';
			socket.on('data', (d) => (data += d.toString()));
			socket.on('close', () => resolve(data));
		});
		expect(reply).toMatch(/^HTTP\/1.1 400/);
		expect((await api.call('GET', '/management/agent_status')).status).toBe(200);
	});
});

describe('control surface', () => {
	it('takes changes as application/json only, so another site cannot post to it', async () => {
		const before = (await api.call('GET', '/__sim/cors')).json;
		const token = await api.login();
		for (const [path, raw, type] of [
			['/__sim/cors', '{"allowOrigins":["https://evil.test"]}', 'text/plain'],
			['/__sim/cors', 'allowOrigins=https://evil.test', 'application/x-www-form-urlencoded'],
			['/__sim/revoke', '', 'text/plain'],
			['/__sim/reset', '', ''],
			['/__sim/faults', '{"path":"/management/agent_status","status":500}', 'multipart/form-data']
		] as const) {
			const headers: Record<string, string> = { origin: 'https://evil.test' };
			if (type) headers['content-type'] = type;
			const res = await fetch(sim.url + path, { method: 'POST', headers, body: raw || undefined });
			expect(res.status, `${path} as ${type || 'no type'}`).toBe(415);
		}
		expect((await api.call('GET', '/__sim/cors')).json).toEqual(before);
		expect((await api.call('GET', `/authentication/user?token=${token}`)).status).toBe(200);
		expect((await api.call('GET', '/management/agent_status')).status).toBe(200);
	});
});

describe('fault injection', () => {
	it('answers the next N calls of a path with a status and body kind, then recovers', async () => {
		await api.call('POST', '/__sim/faults', {
			body: { path: '/management/agent_status', status: 500, count: 2 }
		});
		expect((await api.call('GET', '/management/agent_status')).status).toBe(500);
		expect((await api.call('GET', '/management/agent_status')).text).toBe('');
		expect((await api.call('GET', '/management/agent_status')).status).toBe(200);
	});

	it('serves malformed, truncated, html and custom JSON bodies', async () => {
		const path = '/management/check_update';
		for (const [body, check] of [
			['malformed', (t: string) => expect(() => JSON.parse(t)).toThrow()],
			['truncated', (t: string) => expect(t.length).toBeGreaterThan(0)],
			['html', (t: string) => expect(t).toContain('<html>')],
			['empty', (t: string) => expect(t).toBe('')]
		] as const) {
			await api.call('POST', '/__sim/faults', { body: { path, body } });
			const r = await api.call('GET', path);
			expect(r.status).toBe(200);
			check(r.text);
		}
		await api.call('POST', '/__sim/faults', {
			body: { path, json: { surprise: true }, body: 'json' }
		});
		expect((await api.call('GET', path)).json).toEqual({ surprise: true });
	});

	it('delays a call, or resets its connection', async () => {
		// A ten-minute delay, made due at once on the agent's clock.
		await api.call('POST', '/__sim/faults', {
			body: { path: '/management/agent_status', delayMs: 600_000 }
		});
		let answered = false;
		const slow = api.call('GET', '/management/agent_status').then((r) => {
			answered = true;
			return r;
		});
		await vi.waitFor(() => expect(sim.faults).toHaveLength(0));
		expect(answered).toBe(false);
		sim.clock.advance(600_000);
		expect((await slow).status).toBe(200);
		await api.call('POST', '/__sim/faults', {
			body: { path: '/management/agent_status', body: 'reset' }
		});
		await expect(api.call('GET', '/management/agent_status')).rejects.toThrow();
	});

	it('refuses malformed control requests in words', async () => {
		const r = await api.call('POST', '/__sim/faults', { body: { path: 'no-slash' } });
		expect(r.status).toBe(400);
		expect(r.json).toEqual({ error: 'path must start with /' });
	});
});

describe('fuzz', () => {
	const PATHS = [
		'/authentication/login',
		'/authentication/logout',
		'/authentication/mfa_respond',
		'/authentication/signup',
		'/authentication/confirm_signup',
		'/authentication/resend_confirmation_email',
		'/authentication/forgot_password',
		'/authentication/google_login',
		'/authentication/google_signup',
		'/authentication/update_user',
		'/authentication/reset_password',
		'/authentication/user',
		'/user/get_all_users',
		'/management/agent_status',
		'/management/command/',
		'/management/check_update',
		'/notification',
		'/%E0%A4%A',
		'/..%2f..%2fetc/passwd'
	];
	const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'];
	const VALUES: unknown[] = [
		null,
		true,
		0,
		-1,
		1e308,
		'',
		'x'.repeat(300),
		[],
		{},
		[1, 'a'],
		{ a: { b: [] } },
		'\u0000',
		'😀'
	];

	function randomBody(rand: () => number): string {
		const kind = Math.floor(rand() * 5);
		const pick = () => VALUES[Math.floor(rand() * VALUES.length)];
		if (kind === 0) return '';
		if (kind === 1) return '{"' + 'a'.repeat(Math.floor(rand() * 20));
		if (kind === 2) return JSON.stringify(pick());
		const obj: Record<string, unknown> = {};
		for (const key of [
			'username',
			'password',
			'type',
			'userCode',
			'session',
			'name',
			'email',
			'token',
			'idToken',
			'jwtToken',
			'firstName',
			'lastName',
			'accountName',
			'currentPassword'
		]) {
			if (rand() < 0.5) obj[key] = pick();
		}
		return JSON.stringify(obj);
	}

	it('survives a few thousand malformed requests and still answers correctly', async () => {
		const rand = prng(42);
		const statuses = new Map<number, number>();
		const send = (method: string, path: string, body: string) =>
			new Promise<number>((resolve) => {
				const req = request(
					{
						host: '127.0.0.1',
						port: sim.port,
						method,
						path,
						headers: { 'content-type': 'application/json' }
					},
					(res) => {
						res.resume();
						res.on('end', () => resolve(res.statusCode ?? 0));
					}
				);
				req.on('error', () => resolve(-1));
				req.end(method === 'GET' || method === 'HEAD' ? undefined : body);
			});
		for (let batch = 0; batch < 60; batch++) {
			const results = await Promise.all(
				Array.from({ length: 50 }, () => {
					const method = METHODS[Math.floor(rand() * METHODS.length)] ?? 'GET';
					let path = PATHS[Math.floor(rand() * PATHS.length)] ?? '/';
					// Any command but Exit (8), which stops the agent answering on purpose.
					if (path.endsWith('/'))
						path += String([-1, 0, 1, 2, 3, 4, 9, 99][Math.floor(rand() * 8)]);
					if (rand() < 0.3)
						path += `?token=${encodeURIComponent(String(VALUES[Math.floor(rand() * VALUES.length)]))}&page=${Math.floor(rand() * 5) - 1}&pagesize=x`;
					return send(method, path, randomBody(rand));
				})
			);
			for (const s of results) statuses.set(s, (statuses.get(s) ?? 0) + 1);
		}
		expect(statuses.get(-1) ?? 0).toBe(0);
		expect(statuses.get(500) ?? 0).toBe(0);
		for (const status of statuses.keys())
			expect([200, 204, 400, 401, 404, 405, 413, 499]).toContain(status);
		// Then the real flows still work.
		const token = await api.login();
		expect((await api.call('GET', `/authentication/user?token=${token}`)).status).toBe(200);
		expect((await api.call('GET', '/management/agent_status')).status).toBe(200);
	}, 60_000);
});

describe('reset', () => {
	it('restores the options changed at run time', async () => {
		await api.call('POST', '/__sim/cors', { body: { allowOrigins: ['http://other.test'] } });
		sim.options.resendCooldown = 0;
		sim.tokens.ttlSeconds = 5;
		sim.reset();
		expect(sim.options.allowOrigins).toEqual([
			'http://localhost:5173',
			'http://127.0.0.1:5173',
			'http://localhost:4173',
			'http://127.0.0.1:4173'
		]);
		expect(sim.options.resendCooldown).toBe(30);
		expect(sim.tokens.ttlSeconds).toBe(3600);
	});
});

describe('start-up', () => {
	it('says clearly when the port is taken', async () => {
		await expect(testSimulator({ port: sim.port })).rejects.toThrow(
			/Port \d+ on 127.0.0.1 is already in use: a real agent \(or another simulator\) may be running there/
		);
	});
});
