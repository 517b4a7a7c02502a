import { beforeEach, describe, expect, it } from 'vitest';
import { SEEDED_TRANSFER } from './seed/transfers.ts';
import type { Simulator } from './server.ts';
import { type Client, openSocket, shareSimulator, until } from './test/helpers.ts';
import { CANCEL_MS, TICK_MS } from './transfers.ts';

let sim: Simulator;
let api: Client;
let token: string;

shareSimulator((started) => ({ sim, api } = started));
beforeEach(async () => {
	token = await api.login();
});

type Item = Record<string, unknown> & {
	id: string;
	transferStatus: number;
	transferType: number;
	percent: number;
	total: number;
	skipped: number;
	transferred: number;
	totalSize: number;
	transferredSize: number;
	skippedSize: number;
};
type Page = { data: Item[]; total: number; options: { page: number; pageSize: number } };
type Frame = { Type: number; Data: Record<string, unknown> };

const list = async (query = '', as = token) => {
	const r = await api.call('GET', `/transfer/get_all?token=${as}${query}`);
	expect(r.status, r.text).toBe(200);
	return r.json as Page;
};
const one = async (id: string) => (await list('&pagesize=500')).data.find((t) => t.id === id);
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
	api.call('POST', `${path}?token=${token}`, { body, headers });
const progress = (frames: unknown[], id: string) =>
	(frames as Frame[]).filter((f) => f.Type === 1 && f.Data.TransferId === id);

const COPY = {
	sourceCloudAccountId: 'acc-aws-1',
	sourceBucket: 'studio-projects',
	sourcePath: 'team/',
	destinationCloudAccountId: 'acc-google-1',
	destinationBucket: 'media-gcs',
	destinationPath: 'copies/team/',
	allowSkip: false,
	keepSourceTree: true
};

describe('current transfers (transfer/get_all)', () => {
	it('needs a token, and lists the seeded transfers newest request first with the older docs’ fields', async () => {
		expect((await api.call('GET', '/transfer/get_all')).status).toBe(401);
		const page = await list();
		expect(page.total).toBe(5);
		expect(page.options).toEqual({ page: 1, pageSize: 50 });
		expect(page.data.map((t) => t.id)).toEqual([
			SEEDED_TRANSFER.failedUpload,
			SEEDED_TRANSFER.footageCopy,
			SEEDED_TRANSFER.stillsCopy,
			SEEDED_TRANSFER.backupSync,
			SEEDED_TRANSFER.mediaInit
		]);
		const footage = page.data[1]!;
		for (const key of [
			'userId',
			'syncCycleId',
			'sourceCloudAccountId',
			'sourceBucket',
			'sourceRegion',
			'sourcePath',
			'destinationCloudAccountId',
			'destinationBucket',
			'destinationRegion',
			'destinationPath',
			'requestDate',
			'startDate',
			'endDate',
			'allowSkip',
			'allowDelete',
			'failed',
			'deleted',
			'averageSpeed',
			'transferredCost',
			'keepSourceTree'
		])
			expect(footage).toHaveProperty(key);
		expect(footage).toMatchObject({
			transferStatus: 2,
			transferType: 8,
			sourceBucket: 'studio-projects'
		});
		// The percent is of the bytes handled: copied, or skipped as there already.
		expect(footage.percent).toBe(
			Math.floor(((footage.transferredSize + footage.skippedSize) * 100) / footage.totalSize)
		);
	});

	it('pages, sorts and filters by the type bitmask (0 and 15 are every kind)', async () => {
		expect((await list('&type=8')).data.map((t) => t.transferType)).toEqual([8, 8]);
		expect((await list('&type=3')).data.map((t) => t.transferType).sort()).toEqual([1, 2]);
		expect((await list('&type=0')).total).toBe(5);
		const r = await api.call('GET', `/transfer/get_all?token=${token}&type=16`);
		expect(r.status).toBe(499);
		expect(r.json).toMatchObject({ type: 'VALIDATION', errors: { type: [expect.any(String)] } });
		const second = await list('&page=2&pagesize=2&sortfield=TotalSize&descending=false');
		expect(second.total).toBe(5);
		expect(second.data.map((t) => t.totalSize)).toEqual(
			[...second.data.map((t) => t.totalSize)].sort((a, b) => a - b)
		);
		const bad = await api.call('GET', `/transfer/get_all?token=${token}&sortfield=Name`);
		expect(bad.status).toBe(499);
	});

	it('shows others than administrators their own transfers only', async () => {
		const standard = await api.login('standard@example.com', 64);
		expect((await list('', standard)).total).toBe(0);
	});

	it('holds seeded work still while the background activity is off, and moves it while on', async () => {
		const before = (await one(SEEDED_TRANSFER.footageCopy))!;
		sim.clock.advance(TICK_MS * 3);
		expect((await one(SEEDED_TRANSFER.footageCopy))!.transferredSize).toBe(before.transferredSize);
		sim.live.setActivity(1);
		try {
			sim.clock.advance(TICK_MS);
			const after = (await one(SEEDED_TRANSFER.footageCopy))!;
			expect(after.transferredSize).toBeGreaterThan(before.transferredSize);
			expect(after.percent).toBeGreaterThanOrEqual(before.percent);
		} finally {
			sim.live.setActivity(0);
		}
	});
});

describe('cancel (transfer/cancel_transfer)', () => {
	it('goes Canceling, then Canceled on the agent’s clock, each in a frame, and leaves a history entry', async () => {
		const s = await openSocket(sim, 'notification');
		const id = SEEDED_TRANSFER.footageCopy;
		const history = sim.state.history.length;
		const r = await post('/transfer/cancel_transfer', { id }, { 'x-app-origin': 'agent-console' });
		expect(r.status, r.text).toBe(200);
		expect((await one(id))!.transferStatus).toBe(32);
		await until(() => progress(s.frames, id).length >= 1);
		expect(progress(s.frames, id)[0]!.Data).toMatchObject({ Status: 'Canceling', Name: 'Footage' });
		await until(() =>
			(s.frames as Frame[]).find(
				(f) =>
					f.Type === 4 &&
					f.Data.Operation === 'cancel_transfer' &&
					f.Data.Origin === 'agent-console'
			)
		);
		// A second cancel while it stops changes nothing.
		expect((await post('/transfer/cancel_transfer', { id })).status).toBe(200);
		sim.clock.advance(CANCEL_MS);
		const done = (await one(id))!;
		expect(done.transferStatus).toBe(8);
		expect(done.endDate).toEqual(expect.any(String));
		await until(() => progress(s.frames, id).some((f) => f.Data.Status === 'Canceled'));
		expect(sim.state.history.length).toBe(history + 1);
		expect(sim.state.history.at(-1)).toMatchObject({
			transferStatus: 8,
			sourceBucket: 'studio-projects'
		});
		s.ws.close();
	});

	it('refuses what has finished (499 STATUS), an unknown id (404) and a body without one (499)', async () => {
		const done = await post('/transfer/cancel_transfer', { id: SEEDED_TRANSFER.stillsCopy });
		expect(done.status).toBe(499);
		expect(done.json).toMatchObject({
			type: 'STATUS',
			errors: { STATUS: ['The transfer has already completed: there is nothing to cancel.'] }
		});
		const failed = await post('/transfer/cancel_transfer', { id: SEEDED_TRANSFER.failedUpload });
		expect((failed.json as { errors: { STATUS: string[] } }).errors.STATUS[0]).toMatch(
			/already failed/
		);
		const unknown = await post('/transfer/cancel_transfer', { id: 'nope' });
		expect(unknown.status).toBe(404);
		expect(unknown.json).toMatchObject({ type: 'NOT_FOUND' });
		const none = await post('/transfer/cancel_transfer', {});
		expect(none.status).toBe(499);
		expect(none.json).toMatchObject({ type: 'VALIDATION', errors: { id: [expect.any(String)] } });
		expect(
			(await api.call('POST', '/transfer/cancel_transfer', { body: { id: 'x' } })).status
		).toBe(401);
	});

	it('lists a drive file the activity moves, and a cancel puts the file back to wait', async () => {
		const s = await openSocket(sim, 'statechange');
		let moving: Item | undefined;
		for (let n = 0; n < 20 && !moving; n++) {
			sim.work.step();
			moving = (await list('&type=3')).data.find((t) => t.total === 1 && t.transferStatus === 2);
		}
		const up = moving!.sourceBucket === null;
		expect(moving).toMatchObject(
			up ? { destinationBucket: expect.any(String) } : { destinationBucket: null }
		);
		expect((await post('/transfer/cancel_transfer', { id: moving!.id })).status).toBe(200);
		expect(sim.work.transferIds().has(moving!.id)).toBe(false);
		// Back to waiting to upload (4) or download (2), for the next pass.
		const path = (up ? moving!.sourcePath : moving!.destinationPath) as string;
		await until(() =>
			(s.frames as { Path: string; State: number }[]).find(
				(f) => f.Path === path && f.State === (up ? 4 : 2)
			)
		);
		sim.clock.advance(CANCEL_MS);
		expect((await one(moving!.id))!.transferStatus).toBe(8);
		s.ws.close();
	});
});

describe('a copy between buckets (transfer/transfer)', () => {
	it('refuses a body without its fields, all at once, keyed by field', async () => {
		const r = await post('/transfer/transfer', { allowSkip: 'yes' });
		expect(r.status).toBe(499);
		const errors = (r.json as { type: string; errors: Record<string, string[]> }).errors;
		expect((r.json as { type: string }).type).toBe('VALIDATION');
		expect(Object.keys(errors).sort()).toEqual([
			'allowSkip',
			'destinationBucket',
			'destinationCloudAccountId',
			'destinationPath',
			'sourceBucket',
			'sourceCloudAccountId',
			'sourcePath'
		]);
		const odd = await post('/transfer/transfer', {
			...COPY,
			sourcePath: 'team/../x',
			destinationBucket: 'No_Such'
		});
		expect(Object.keys((odd.json as { errors: object }).errors).sort()).toEqual([
			'destinationBucket',
			'sourcePath'
		]);
	});

	it('refuses an account the agent does not use, a copy into itself and an empty source', async () => {
		const unknown = await post('/transfer/transfer', {
			...COPY,
			destinationCloudAccountId: 'acc-x'
		});
		expect(unknown.status).toBe(499);
		expect(unknown.json).toMatchObject({
			type: 'NOT_FOUND',
			errors: { destinationCloudAccountId: [expect.stringMatching(/acc-x/)] }
		});
		const itself = await post('/transfer/transfer', {
			...COPY,
			destinationCloudAccountId: 'acc-aws-1',
			destinationBucket: 'studio-projects',
			destinationPath: 'team/copy/'
		});
		expect(itself.json).toMatchObject({
			type: 'VALIDATION',
			errors: { destinationPath: [expect.any(String)] }
		});
		const empty = await post('/transfer/transfer', { ...COPY, sourcePath: 'team/nothing-here/' });
		expect(empty.json).toMatchObject({
			type: 'NOT_FOUND',
			errors: { sourcePath: [expect.any(String)] }
		});
	});

	it('queues a ManualTransfer that runs on the agent’s clock, with frames, to its history entry', async () => {
		const s = await openSocket(sim, 'notification');
		const r = await post('/transfer/transfer', COPY);
		expect(r.status, r.text).toBe(200);
		expect(r.text).toBe('');
		const made = (await list('&type=8')).data[0]!;
		expect(made).toMatchObject({
			transferStatus: 1,
			transferType: 8,
			sourcePath: 'team/',
			destinationBucket: 'media-gcs',
			startDate: null,
			keepSourceTree: true,
			skipped: 0
		});
		// The drive's files under its prefix are the source's objects.
		expect(made.total).toBe(sim.state.drives.drives[0]!.files.length);
		sim.clock.advance(TICK_MS);
		expect((await one(made.id))!.transferStatus).toBe(2);
		await until(() => progress(s.frames, made.id).length >= 1);
		sim.clock.advance(TICK_MS);
		await until(() => progress(s.frames, made.id).length >= 2);
		const moving = (await one(made.id))!;
		const frame = progress(s.frames, made.id).at(-1)!.Data;
		expect(frame).toMatchObject({
			Status: 'InProgress',
			Size: moving.totalSize,
			StorageName: 'media-gcs'
		});
		expect(frame.Bytes).toBe(moving.transferredSize + moving.skippedSize);
		const history = sim.state.history.length;
		sim.clock.advance(30 * 86_400_000);
		token = await api.login();
		const done = (await one(made.id))!;
		expect(done).toMatchObject({ transferStatus: 4, percent: 100, transferred: made.total });
		await until(() => progress(s.frames, made.id).some((f) => f.Data.Status === 'Completed'));
		expect(sim.state.history.length).toBe(history + 1);
		expect(sim.state.history.at(-1)).toMatchObject({
			origin: 1,
			transferStatus: 4,
			totalObjects: made.total
		});
		s.ws.close();
	});

	it('skips objects already at the destination only when asked to', async () => {
		await post('/transfer/transfer', { ...COPY, allowSkip: true, sourceBucket: 'any-bucket' });
		const queued = (await list('&type=8')).data[0]!;
		expect(queued).toMatchObject({ skipped: 0, percent: 0 });
		// Found at the destination as the copy starts.
		sim.clock.advance(TICK_MS);
		const skipping = (await one(queued.id))!;
		expect(skipping.skipped).toBeGreaterThan(0);
		expect(skipping.skippedSize).toBeGreaterThan(0);
		await post('/transfer/transfer', { ...COPY, allowSkip: false, sourceBucket: 'any-bucket' });
		const copying = (await list('&type=8')).data[0]!;
		expect(copying.total).toBe(skipping.total);
		expect(copying.skipped).toBe(0);
	});
});

describe('the control surface', () => {
	it('empties the current transfers, and brings the seeded ones back', async () => {
		expect((await api.call('POST', '/__sim/transfers', { body: { empty: true } })).json).toEqual({
			transfers: 0
		});
		expect((await list()).total).toBe(0);
		const seen = await api.call('GET', '/__sim/transfers');
		expect(seen.json).toEqual({ transfers: [] });
		await api.call('POST', '/__sim/transfers', { body: { empty: false } });
		expect((await list()).total).toBe(5);
		expect((await api.call('POST', '/__sim/transfers', { body: {} })).status).toBe(400);
	});
});
