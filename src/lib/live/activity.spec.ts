import { describe, expect, it } from 'vitest';
import { AgentNetworkError } from '$lib/api/errors';
import { activityOf, FLAT_DRAW_MS, haltOf, Throughput } from './activity.ts';
import type { Transfer } from './live-records';

const t = (extra: Partial<Transfer>): Transfer => ({
	id: 'x',
	mode: 'Upload',
	name: 'a.bin',
	path: '/a.bin',
	storage: 'S3',
	bytes: 0,
	size: 100,
	speed: null,
	status: 'InProgress',
	outcome: 'active',
	error: null,
	startedAt: 0,
	updatedAt: 1_000,
	finishedAt: null,
	...extra
});

describe('activity', () => {
	it('sums the speeds the agent reports, per direction, and estimates the time left', () => {
		const a = activityOf(
			[
				t({ id: '1', mode: 'Upload', speed: 2_000, bytes: 1_000, size: 11_000 }),
				t({ id: '2', mode: 'Download', speed: 3_000, bytes: 0, size: 40_000 }),
				t({ id: '3', mode: 'Upload', outcome: 'completed', speed: 9_999 })
			],
			1_500
		);
		expect(a).toEqual({
			active: 2,
			upload: 2_000,
			download: 3_000,
			bytesLeft: 50_000,
			unknownSize: 0,
			secondsLeft: 10,
			quietMs: 500
		});
	});

	it('says nothing yet rather than 0 while transfers have not reported a speed', () => {
		const a = activityOf([t({ speed: null })], 1_000);
		expect(a.upload).toBeNull();
		// Nothing goes down: that is a real 0.
		expect(a.download).toBe(0);
		expect(a.secondsLeft).toBeNull();
	});

	it('is a real 0 with nothing in flight, and leaves stale and unknown figures out', () => {
		expect(activityOf([], 0)).toMatchObject({ active: 0, upload: 0, download: 0 });
		const a = activityOf([t({ speed: 5_000, updatedAt: 0, size: null })], 120_000);
		expect(a).toMatchObject({ active: 1, upload: null, unknownSize: 1, bytesLeft: 0 });
	});

	it('draws a break, not a flat line, while there are no figures or they stopped arriving', () => {
		const th = new Throughput();
		th.add(1, activityOf([t({ speed: 5_000 })], 1_000));
		th.add(2, null);
		th.add(3, activityOf([t({ speed: 5_000 })], 31_000));
		th.add(4, activityOf([], 31_000));
		expect(th.samples.map((s) => s.upload)).toEqual([5_000, null, null, 0]);
		expect(activityOf([t({ speed: 5_000 })], 31_000).quietMs).toBe(30_000);
		expect(activityOf([], 31_000).quietMs).toBeNull();
	});

	it('marks the time a tab was hidden as a break, told at once, and goes on after it', () => {
		const th = new Throughput();
		let told = 0;
		th.onSample(() => told++);
		th.add(0, activityOf([], 0));
		th.add(5_000, activityOf([], 5_000));
		th.add(5_000, 'hidden');
		th.add(65_000, activityOf([], 65_000));
		expect(told).toBe(4);
		expect(th.samples.map((s) => [s.upload, s.hidden ?? false])).toEqual([
			[0, false],
			[0, false],
			[null, true],
			[0, false]
		]);
	});

	it('keeps the last 15 minutes of samples', () => {
		const th = new Throughput();
		for (let i = 0; i < 200; i++) th.add(i, activityOf([], i));
		expect(th.samples).toHaveLength(180);
		expect(th.samples[0]?.at).toBe(20);
	});

	it('tells of a sample that says nothing new once a minute, of a change at once', () => {
		const th = new Throughput();
		let told = 0;
		th.onSample(() => told++);
		th.add(0, activityOf([], 0));
		th.add(5_000, activityOf([], 5_000));
		expect(told).toBe(2);
		for (let at = 10_000; at < 5_000 + FLAT_DRAW_MS; at += 5_000) th.add(at, activityOf([], at));
		expect(told).toBe(2);
		th.add(5_000 + FLAT_DRAW_MS, activityOf([], 5_000 + FLAT_DRAW_MS));
		expect(told).toBe(3);
		th.add(10_000 + FLAT_DRAW_MS, activityOf([t({ speed: 5_000 })], 10_000 + FLAT_DRAW_MS));
		expect(told).toBe(4);
		expect(th.samples).toHaveLength(15);
	});
});

describe('haltOf', () => {
	it('says why figures of the moment mean nothing: paused, stopped, on the way, out of reach', () => {
		const at = new Date();
		const ok = (value: number) => ({ state: 'ok' as const, value, at });
		const down = {
			state: 'error' as const,
			error: new AgentNetworkError('unreachable', 'http://localhost:1', 'o'),
			at,
			retryAt: at
		};
		expect(haltOf(ok(1))).toBeNull();
		expect(haltOf({ state: 'checking' })).toBeNull();
		expect(haltOf(ok(4))).toBe('paused');
		expect(haltOf(ok(2))).toBe('stopped');
		expect(haltOf(ok(8))).toBe('stopped');
		expect(haltOf(ok(1), 'stop')).toBe('stopping');
		expect(haltOf(down, 'stop')).toBe('stopped');
		expect(haltOf(ok(1), 'restart')).toBe('restarting');
		expect(haltOf(down)).toBe('unreachable');
	});
});
