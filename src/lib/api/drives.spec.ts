import { describe, expect, it } from 'vitest';
import { oneADay, trendDays } from './drives.ts';

describe('trend days', () => {
	const sent = [
		{ Date: '2026-11-25T00:00:00', Value: 2 },
		{ Date: '2026-11-24', Value: 4 },
		{ Date: '2026-11-25', Value: 1 },
		{ Date: 'not a day', Value: 9 },
		{ Value: 3 }
	];

	it('keeps every point as sent, in order of days, odd ones left out', () => {
		expect(trendDays(sent).map((p) => [p.day, p.value])).toEqual([
			['2026-11-24', 4],
			['2026-11-25', 2],
			['2026-11-25', 1]
		]);
		expect(trendDays(null)).toEqual([]);
	});

	it('has one point a day for charts: a day listed twice added up or averaged', () => {
		const points = trendDays(sent);
		expect(oneADay(points, 'sum')).toEqual({
			points: [
				{ at: Date.parse('2026-11-24T12:00:00Z'), day: '2026-11-24', value: 4 },
				{ at: Date.parse('2026-11-25T12:00:00Z'), day: '2026-11-25', value: 3 }
			],
			repeated: ['2026-11-25']
		});
		expect(oneADay(points, 'mean').points.map((p) => p.value)).toEqual([4, 1.5]);
		expect(oneADay(points.slice(0, 2), 'sum').repeated).toEqual([]);
	});
});
