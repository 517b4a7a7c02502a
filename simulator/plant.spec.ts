import { afterEach, describe, expect, it } from 'vitest';
import { NAMED_SECRET_SAMPLES, PLANTED, maskDeep } from '../src/lib/mask.ts';
import { Planter } from './plant.ts';
import { client, openSocket, testSimulator, until } from './test/helpers.ts';
import type { Simulator } from './server.ts';

describe('Planter', () => {
	it('puts a credential into every text, and leaves ids, times and numbers as they are', () => {
		const planted = new Planter().plant({
			id: 'd1',
			DriveId: 'd2',
			name: 'Media',
			list: ['a', ''],
			createDate: '2026-11-25T10:00:00Z',
			Duration: '00:01:05',
			size: 3,
			ok: true
		}) as Record<string, unknown>;
		expect(planted.id).toBe('d1');
		expect(planted.DriveId).toBe('d2');
		expect(planted.createDate).toBe('2026-11-25T10:00:00Z');
		expect(planted.Duration).toBe('00:01:05');
		expect(planted.size).toBe(3);
		expect(String(planted.name)).toMatch(/^Media .*PLANTED/);
		expect(JSON.stringify(planted.list).match(/PLANTED/g)?.length).toBe(2);
	});

	it("adds fields named as credentials to every row and every frame's Data", () => {
		const planted = new Planter().plant({
			Type: 2,
			Data: { Title: 'Mounted' },
			data: [{ id: 'r1' }, 'text'],
			total: 1
		}) as { Data: Record<string, unknown>; data: unknown[]; total: number };
		expect(planted.Data).toMatchObject(NAMED_SECRET_SAMPLES);
		expect(String(planted.Data.Title)).toMatch(/^Mounted .*PLANTED/);
		expect(planted.data[0]).toEqual({ ...NAMED_SECRET_SAMPLES, id: 'r1' });
		expect(planted).not.toHaveProperty('smbPassword');
		expect(planted.total).toBe(1);
	});

	it('plants only what the mask then hides', () => {
		const named = new Planter().plant([{ Type: 1, Data: { Name: 'a' } }]);
		expect(JSON.stringify(maskDeep(named))).not.toContain(PLANTED);
		const planted = new Planter().plant(Array.from({ length: 30 }, (_, i) => `text ${i}`));
		expect(JSON.stringify(maskDeep(planted))).not.toContain(PLANTED);
	});
});

describe('the credentials mode', () => {
	let sim: Simulator;
	afterEach(() => sim.close());

	it('plants into answers and frames until reset, but never into a sign-in', async () => {
		sim = await testSimulator();
		const { call, login } = client(sim);
		expect((await call('POST', '/__sim/plant', { body: { on: 'yes' } })).status).toBe(400);
		await call('POST', '/__sim/plant', { body: { on: true } });
		const token = await login();
		expect(token).not.toContain(PLANTED);
		const drives = await call('GET', '/management/clouddrive');
		expect(drives.text).toContain(PLANTED);
		const socket = await openSocket(sim, 'notification');
		await call('POST', '/management/command/2');
		const frame = await until(() => socket.frames[0]);
		expect(JSON.stringify(frame)).toContain(PLANTED);
		socket.ws.close();
		await call('POST', '/__sim/reset');
		expect((await call('GET', '/management/clouddrive')).text).not.toContain(PLANTED);
	});
});
