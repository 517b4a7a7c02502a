import { describe, expect, it } from 'vitest';
import { formatDateTime, formatElapsed, formatRelative, formatTime } from './time.ts';
import { parseAgentDate } from './cells.ts';

describe('parseAgentDate', () => {
	it('reads ISO dates and refuses everything else', () => {
		expect(parseAgentDate('2025-01-02T03:04:05Z')?.toISOString()).toBe('2025-01-02T03:04:05.000Z');
		for (const bad of ['', '  ', 'yesterday', null, undefined, 42, {}]) {
			expect(parseAgentDate(bad)).toBeNull();
		}
	});
});

describe('formatRelative', () => {
	it('picks the unit by distance', () => {
		const now = new Date('2026-01-01T12:00:00Z');
		expect(formatRelative(new Date('2026-01-01T11:59:57Z'), now)).toMatch(/3 seconds ago/);
		expect(formatRelative(new Date('2026-01-01T12:42:00Z'), now)).toMatch(/in 42 minutes/);
	});

	it('says an hour, not 60 minutes, and never fails on dates out of range', () => {
		const now = new Date('2026-01-01T12:00:00Z');
		expect(formatRelative(new Date('2026-01-01T12:59:40Z'), now)).toMatch(/in 1 hour/);
		expect(formatRelative(new Date('2026-01-01T13:00:00Z'), now)).toMatch(/in 1 hour/);
		expect(formatRelative(new Date('2026-01-02T11:50:00Z'), now)).toMatch(/tomorrow|in 1 day/);
		expect(formatRelative(new Date(8.64e15 + 1), now)).toBe('at an unknown time');
	});
});

describe('formatTime and formatDateTime', () => {
	it('use one 24-hour clock, and words for dates out of range', () => {
		const date = new Date(2026, 0, 1, 14, 2, 7, 45);
		expect(formatTime(date)).toMatch(/14.02.07/);
		expect(formatTime(date, true)).toMatch(/14.02.07\.045$/);
		expect(formatDateTime(date)).toMatch(/14.02/);
		expect(formatTime(new Date(NaN))).toBe('unknown time');
		expect(formatDateTime(new Date(1e20))).toBe('unknown date');
	});
});

describe('formatElapsed', () => {
	it('reads in the largest units, whole', () => {
		expect(formatElapsed(30_000)).toBe('less than a minute');
		expect(formatElapsed(5 * 60_000)).toBe('5 min');
		expect(formatElapsed((2 * 60 + 13) * 60_000)).toBe('2 h 13 min');
		expect(formatElapsed(3 * 3_600_000)).toBe('3 h');
		expect(formatElapsed((3 * 24 + 4) * 3_600_000)).toBe('3 d 4 h');
		expect(formatElapsed(Number.NaN)).toBe('less than a minute');
	});
});
