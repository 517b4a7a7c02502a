import { describe, expect, it } from 'vitest';
import { timeTicks, valueTicks } from './time-ticks';
import { formatBytes } from '$lib/format/units';

const at = (iso: string) => new Date(iso).getTime() / 1000;

describe('timeTicks', () => {
	it('gives ticks seconds apart their seconds, so none repeats', () => {
		const start = at('2026-11-25T09:36:00');
		const ticks = timeTicks([0, 10, 20, 30].map((s) => start + s));
		expect(ticks).toEqual(['09:36:00 AM', '09:36:10 AM', '09:36:20 AM', '09:36:30 AM']);
		expect(new Set(ticks).size).toBe(ticks.length);
	});

	it("says minutes on the locale's clock (12-hour in US English)", () => {
		const start = at('2026-11-25T16:00:00');
		expect(timeTicks([start, start + 300])).toEqual(['04:00 PM', '04:05 PM']);
	});

	it('says dates when the chart spans days', () => {
		const ticks = timeTicks([at('2026-11-20T00:00:00'), at('2026-11-22T00:00:00')]);
		expect(ticks.every((t) => !/\d:\d\d/.test(t))).toBe(true);
	});
});

describe('ticks under a second apart', () => {
	it('say each second once', () => {
		const start = at('2026-11-25T09:36:00');
		expect(timeTicks([0, 0.5, 1, 1.5].map((s) => start + s))).toEqual([
			'09:36:00 AM',
			'',
			'09:36:01 AM',
			''
		]);
	});
});

describe('valueTicks', () => {
	it('says each value once: an idle chart reads 0 and 1 B/s, not 1 B/s twice', () => {
		const perSecond = (v: number) => `${formatBytes(v)}/s`;
		expect(valueTicks([0, 0.5, 1], perSecond)).toEqual(['0 B/s', '', '1 B/s']);
		expect(valueTicks([0, 1_000_000, 2_000_000], perSecond)).toEqual([
			'0 B/s',
			'977 KB/s',
			'1.9 MB/s'
		]);
	});
});
