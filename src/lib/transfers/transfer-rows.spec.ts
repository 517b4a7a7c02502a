import { describe, expect, it } from 'vitest';
import type { Transfer } from '$lib/live/live-records';
import { frameStatus, liveById, shownTransfer, unlisted } from './transfer-rows';

const listed = {
	id: 'B7E4-01',
	transferStatus: 2,
	totalSize: 1000,
	transferredSize: 300,
	skippedSize: 100,
	percent: 40
};

const frame = (over: Partial<Transfer> = {}): Transfer => ({
	id: 'b7e4-01',
	mode: 'Upload',
	name: 'Footage',
	path: 'studio-projects/team/Footage/',
	storage: 'studio-archive',
	bytes: 600,
	size: 1000,
	speed: 22_000_000,
	status: 'InProgress',
	outcome: 'active',
	error: null,
	startedAt: 0,
	updatedAt: 2000,
	finishedAt: null,
	...over
});

describe('a listed transfer brought up to date by frames', () => {
	it('shows the list as read when no frame is newer than the read', () => {
		expect(shownTransfer(listed, undefined, 1000)).toMatchObject({
			status: 2,
			percent: 40,
			handled: 400,
			total: 1000,
			live: false
		});
		expect(shownTransfer(listed, frame({ updatedAt: 900 }), 1000).live).toBe(false);
	});

	it('takes a newer frame about the whole transfer: bytes, percent, speed and status', () => {
		expect(shownTransfer(listed, frame(), 1000)).toMatchObject({
			status: 2,
			percent: 60,
			handled: 600,
			speed: 22_000_000,
			now: null,
			live: true
		});
	});

	it('reads Canceling, then Canceled, from the frames’ status', () => {
		const canceling = frame({ status: 'Canceling', speed: 0 });
		expect(shownTransfer(listed, canceling, 1000).status).toBe(32);
		const canceled = frame({ status: 'Canceled', outcome: 'failed', finishedAt: 2000 });
		expect(shownTransfer(listed, canceled, 1000)).toMatchObject({ status: 8, speed: null });
	});

	it('shows a frame about one file of the transfer as the file it moves now', () => {
		const file = frame({ name: 'clip-004.mov', bytes: 50, size: 200 });
		expect(shownTransfer(listed, file, 1000)).toMatchObject({
			percent: 40,
			handled: 400,
			now: { name: 'clip-004.mov', percent: 25 }
		});
	});

	it('reads statuses as names or numbers, unknown ones by how the frame ended', () => {
		expect(frameStatus({ status: 'InProgress', outcome: 'active' })).toBe(2);
		expect(frameStatus({ status: 'Cancelled', outcome: 'failed' })).toBe(8);
		expect(frameStatus({ status: '2', outcome: 'completed' })).toBe(4);
		expect(frameStatus({ status: '3', outcome: 'failed' })).toBe(16);
		expect(frameStatus({ status: 'Verifying', outcome: 'active' })).toBeNull();
		expect(frameStatus({ status: 'Broken', outcome: 'failed' })).toBe(16);
		// A listed Created one that frames say moves is Running.
		const created = { ...listed, transferStatus: 1 };
		expect(shownTransfer(created, frame({ status: 'Verifying' }), 1000).status).toBe(2);
	});

	it('matches ids as text in any case, and finds active transfers the list does not hold', () => {
		const live = [frame(), frame({ id: 'new-1' }), frame({ id: 'old', updatedAt: 10 })];
		expect(liveById(live).get('b7e4-01')?.name).toBe('Footage');
		const rows = [{ raw: listed, value: listed, key: 'B7E4-01:0' }];
		expect(unlisted(rows, live, 1000)).toEqual(['new-1']);
		expect(unlisted(rows, [frame({ id: 'done', outcome: 'completed' })], 1000)).toEqual([]);
	});
});
