import { describe, expect, it } from 'vitest';
import type { Simulator } from './server.ts';
import {
	type Client,
	client,
	openSocket,
	ORIGIN,
	shareSimulator,
	until,
	withSimulator
} from './test/helpers.ts';

let sim: Simulator;
let api: Client;

shareSimulator((started) => ({ sim, api } = started));

describe('CORS', () => {
	it('answers a preflight from an allowed origin with its headers', async () => {
		const r = await api.call('OPTIONS', '/authentication/login', {
			origin: ORIGIN,
			headers: {
				'access-control-request-method': 'POST',
				'access-control-request-headers': 'content-type'
			}
		});
		expect(r.status).toBe(204);
		expect(r.headers.get('access-control-allow-origin')).toBe(ORIGIN);
		expect(r.headers.get('access-control-allow-methods')).toContain('POST');
		expect(r.headers.get('access-control-allow-headers')).toBe('content-type');
	});

	it('gives no CORS headers to another origin, preflight or not', async () => {
		const pre = await api.call('OPTIONS', '/authentication/login', {
			origin: 'http://evil.test',
			headers: { 'access-control-request-method': 'POST' }
		});
		expect(pre.headers.get('access-control-allow-origin')).toBeNull();
		const get = await api.call('GET', '/management/agent_status', { origin: 'http://evil.test' });
		expect(get.headers.get('access-control-allow-origin')).toBeNull();
		const ok = await api.call('GET', '/management/agent_status', { origin: ORIGIN });
		expect(ok.headers.get('access-control-allow-origin')).toBe(ORIGIN);
		// Only its clock, for telling a wrong TOTP code from a device clock that is off; never the
		// error-code header.
		expect(ok.headers.get('access-control-expose-headers')).toBe('Date');
	});

	it('changes the allow-list at run time through the control surface', async () => {
		await api.call('POST', '/__sim/cors', { body: { allowOrigins: ['http://other.test'] } });
		const r = await api.call('GET', '/management/agent_status', { origin: ORIGIN });
		expect(r.headers.get('access-control-allow-origin')).toBeNull();
		await api.call('POST', '/__sim/cors', { body: { allowOrigins: [ORIGIN] } });
	});
});

describe('sockets', () => {
	it('refuses an upgrade from an origin that is not allowed, accepts an allowed one', async () => {
		await expect(openSocket(sim, 'notification', 'http://evil.test')).rejects.toThrow(/403/);
		const s = await openSocket(sim, 'notification', ORIGIN);
		s.ws.close();
	});

	it('answers a plain GET on a socket path with 400 and an unknown socket path with 404', async () => {
		expect((await api.call('GET', '/notification')).status).toBe(400);
		expect((await api.call('GET', '/StateChange')).status).toBe(400);
		await expect(openSocket(sim, 'nope')).rejects.toThrow(/404/);
	});

	it('sends an AppNotification after every non-GET call, none after a GET', async () => {
		const s = await openSocket(sim, 'notification', ORIGIN);
		await api.call('GET', '/management/agent_status');
		await api.call('POST', '/authentication/forgot_password', {
			body: { username: 'x' },
			origin: ORIGIN
		});
		const frame = await until(() => s.frames[0]);
		expect(frame).toEqual({
			Type: 4,
			Data: {
				Operation: 'forgot_password',
				EndpointAddress: '/authentication/forgot_password',
				HttpMethod: 'POST',
				Origin: ORIGIN
			}
		});
		expect(s.frames).toHaveLength(1);
		s.ws.close();
	});

	it('pushes any frame, valid or not, through the control surface', async () => {
		const n = await openSocket(sim, 'notification');
		const st = await openSocket(sim, 'statechange');
		await api.call('POST', '/__sim/push', {
			body: { channel: 'statechange', frame: { Path: '/a', StorageName: 'S', State: 1024 } }
		});
		await api.call('POST', '/__sim/push', { body: { channel: 'notification', raw: '{not json' } });
		expect(await until(() => st.frames[0])).toEqual({ Path: '/a', StorageName: 'S', State: 1024 });
		expect(await until(() => n.frames[0])).toBe('{not json');
		n.ws.close();
		st.ws.close();
	});

	it('plays background activity: transfers with growing bytes, their states and outcomes', async () => {
		const n = await openSocket(sim, 'notification');
		const st = await openSocket(sim, 'statechange');
		sim.live.setActivity(400);
		type Progress = {
			Type: number;
			Data: { TransferId: string; Bytes: number; Size: number; Status: string };
		};
		const done = await until(() => {
			const frames = n.frames as Progress[];
			return (
				frames.some((f) => f.Data?.Status === 'Completed') &&
				frames.some((f) => f.Data?.Status === 'Failed')
			);
		}, 8000);
		sim.live.setActivity(0);
		expect(done).toBe(true);
		const progress = (n.frames as Progress[]).filter((f) => f.Type === 1);
		const first = progress[0];
		const sameTransfer = progress
			.filter((f) => f.Data.TransferId === first?.Data.TransferId)
			.map((f) => f.Data.Bytes);
		expect(sameTransfer).toEqual([...sameTransfer].sort((a, b) => a - b));
		expect(progress[0]?.Data).toMatchObject({
			TransferMode: expect.stringMatching(/Upload|Download/),
			Duration: expect.stringMatching(/^\d\d:\d\d:\d\d$/),
			StartTimeUtc: expect.any(String)
		});
		const states = new Set((st.frames as { State: number }[]).map((f) => f.State));
		expect(states).toContain(0);
		expect(states).toContain(256);
		n.ws.close();
		st.ws.close();
	});

	it('counts the sockets open on each channel', async () => {
		const a = await openSocket(sim, 'notification');
		const counts = await api.call('GET', '/__sim/sockets');
		expect(counts.json).toMatchObject({ notification: 1, statechange: 0 });
		a.ws.close();
	});

	it('drops sockets abruptly or closes them with a code', async () => {
		const a = await openSocket(sim, 'notification');
		await api.call('POST', '/__sim/sockets', { body: { action: 'drop' } });
		expect((await a.closed).code).toBe(1006);
		const b = await openSocket(sim, 'statechange');
		await api.call('POST', '/__sim/sockets', { body: { action: 'close', code: 1000 } });
		expect((await b.closed).code).toBe(1000);
	});

	it('closes both sockets with 1000 on the Exit command', async () => {
		await withSimulator({ restartSeconds: 1 }, async (quick) => {
			const a = await openSocket(quick, 'notification');
			const b = await openSocket(quick, 'statechange');
			await client(quick).call('POST', '/management/command/8');
			expect((await a.closed).code).toBe(1000);
			expect((await b.closed).code).toBe(1000);
		});
	});

	it('Pause stops the background activity and reports 4; Resume restarts it and reports 1', async () => {
		await withSimulator({ eventsPerSecond: 200 }, async (busy) => {
			const c = client(busy);
			const n = await openSocket(busy, 'notification');
			await until(() => n.frames.length > 5, 3000);
			await c.call('POST', '/management/command/2');
			expect((await c.call('GET', '/management/agent_status')).json).toBe(4);
			// The generator is off: nothing more will come but the command's own AppNotification.
			expect(busy.live.activityRunning).toBe(false);
			await until(() => n.frames.some((f) => /command/.test(JSON.stringify(f))), 3000);
			const paused = n.frames.length;
			await c.call('POST', '/management/command/4');
			expect((await c.call('GET', '/management/agent_status')).json).toBe(1);
			expect(busy.live.activityRunning).toBe(true);
			await until(() => n.frames.length > paused + 5, 3000);
			n.ws.close();
		});
	});

	it('updates itself: progress frames, AppExit, away, then back with the new version', async () => {
		await withSimulator({ restartSeconds: 600 }, async (quick) => {
			const c = client(quick);
			await c.call('POST', '/__sim/update', {
				body: { isUpdateRequired: true, newVersion: '3.5.0' }
			});
			const n = await openSocket(quick, 'notification');
			expect((await c.call('POST', '/management/update')).status).toBe(200);
			const closed = await n.closed;
			expect(closed.code).toBe(1000);
			const frames = n.frames as { Type: number; Data: Record<string, unknown> }[];
			const progress = frames.filter((f) => f.Type === 8);
			expect(progress.length).toBeGreaterThan(2);
			expect(progress.at(-1)?.Data).toMatchObject({ Version: '3.5.0', Percent: 100 });
			expect(frames.some((f) => f.Type === 4 && f.Data.Operation === 'AppExit')).toBe(true);
			await expect(c.call('GET', '/management/check_update')).rejects.toThrow();
			quick.clock.advance(600_000);
			expect((await c.call('GET', '/management/check_update')).json).toEqual({
				isUpdateRequired: false,
				currentVersion: '3.5.0',
				newVersion: '3.5.0'
			});
		});
	});

	it('names the caller in its AppNotification with X-App-Origin', async () => {
		const n = await openSocket(sim, 'notification');
		await api.call('POST', '/management/command/4', {
			headers: { 'x-app-origin': 'agent-console' }
		});
		await until(() => n.frames.length > 0, 3000);
		expect(n.frames[0]).toMatchObject({
			Type: 4,
			Data: { Operation: 'command/4', Origin: 'agent-console' }
		});
		n.ws.close();
	});

	it('plays socket faults: refuse, close at once', async () => {
		await api.call('POST', '/__sim/sockets', { body: { mode: 'refuse' } });
		await expect(openSocket(sim, 'notification')).rejects.toThrow(/503/);
		await api.call('POST', '/__sim/sockets', { body: { mode: 'close-at-once' } });
		const s = await openSocket(sim, 'notification');
		expect((await s.closed).code).toBe(1011);
	});

	it('floods both channels at a fixed rate with sequence numbers', async () => {
		const n = await openSocket(sim, 'notification');
		const st = await openSocket(sim, 'statechange');
		const r = await api.call('POST', '/__sim/flood', { body: { perSecond: 2000, seconds: 0.5 } });
		expect(r.json).toEqual({ frames: 1000 });
		await until(() => n.frames.length + st.frames.length >= 1000, 5000);
		expect(n.frames.length).toBe(500);
		expect(st.frames.length).toBe(500);
		n.ws.close();
		st.ws.close();
	});
});
