import { describe, expect, it } from 'vitest';
import { timeTicks } from './time-ticks';

const at = (iso: string) => new Date(iso).getTime() / 1000;

describe('timeTicks', () => {
	it('gives ticks seconds apart their seconds, so none repeats', () => {
		const start = at('2026-11-25T09:36:00');
		const ticks = timeTicks([0, 10, 20, 30].map((s) => start + s));
		expect(ticks).toEqual(['09:36:00', '09:36:10', '09:36:20', '09:36:30']);
		expect(new Set(ticks).size).toBe(ticks.length);
	});

	it('says minutes on a 24-hour clock, never "am" or "pm"', () => {
		const start = at('2026-11-25T16:00:00');
		expect(timeTicks([start, start + 300])).toEqual(['16:00', '16:05']);
	});

	it('says dates when the chart spans days', () => {
		const ticks = timeTicks([at('2026-11-20T00:00:00'), at('2026-11-22T00:00:00')]);
		expect(ticks.every((t) => !/\d:\d\d/.test(t))).toBe(true);
	});
});
