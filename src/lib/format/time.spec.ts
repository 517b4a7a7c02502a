import { beforeEach, describe, expect, it } from 'vitest';

import { readFormatsFrom } from './intl.ts';
import { formatDateTime, formatElapsed, formatRelative, formatTime, formatClock } from './time.ts';
import { parseAgentDate, formatCount, formatDate } from './cells.ts';
import { formatBytes, formatDuration } from './units.ts';
import { formatList } from './lists.ts';

/** The console's locale, set per test, as `language.svelte.ts` sets it. */
const locale = { formats: 'en-US' };
readFormatsFrom(() => locale.formats);

beforeEach(() => {
	locale.formats = 'en-US';
});

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

	it('reads in German and Japanese', () => {
		const now = new Date('2026-01-01T12:00:00Z');
		locale.formats = 'de';
		expect(formatRelative(new Date('2026-01-01T11:59:56Z'), now)).toBe('vor 4 Sekunden');
		expect(formatRelative(new Date('2026-01-01T14:00:00Z'), now)).toBe('in 2 Stunden');
		locale.formats = 'ja';
		expect(formatRelative(new Date('2026-01-01T11:59:56Z'), now)).toBe('4 秒前');
	});
});

describe('formatTime and formatDateTime', () => {
	const date = new Date(2026, 0, 1, 14, 2, 7, 45);

	it('read the clock as the locale does: 12-hour in the US, 24-hour in Germany and Japan', () => {
		expect(formatTime(date)).toBe('02:02:07 PM');
		expect(formatTime(date, true)).toBe('02:02:07.045 PM');
		expect(formatClock(date)).toBe('02:02 PM');
		expect(formatDateTime(date)).toBe('Jan 1, 2026, 02:02 PM');
		locale.formats = 'en-GB';
		expect(formatTime(date)).toBe('14:02:07');
		locale.formats = 'de';
		expect(formatTime(date)).toBe('14:02:07');
		expect(formatTime(date, true)).toBe('14:02:07,045');
		expect(formatDateTime(date)).toBe('1. Jan. 2026, 14:02');
		expect(formatDate(date)).toBe('01.01.2026');
		locale.formats = 'ja';
		expect(formatTime(date)).toBe('14:02:07');
		expect(formatDateTime(date)).toBe('2026年1月1日 14:02');
	});

	it('say words for dates out of range', () => {
		expect(formatTime(new Date(NaN))).toBe('unknown time');
		expect(formatDateTime(new Date(1e20))).toBe('unknown date');
	});
});

describe('formatElapsed', () => {
	it('reads in the largest units, whole', () => {
		expect(formatElapsed(30_000)).toBe('less than a minute');
		expect(formatElapsed(5 * 60_000)).toBe('5 min');
		expect(formatElapsed((2 * 60 + 13) * 60_000)).toBe('2 hr 13 min');
		expect(formatElapsed(3 * 3_600_000)).toBe('3 hr');
		expect(formatElapsed((3 * 24 + 4) * 3_600_000)).toBe('3 days 4 hr');
		expect(formatElapsed(Number.NaN)).toBe('less than a minute');
	});

	it('uses the units and the joining of German and Japanese', () => {
		locale.formats = 'de';
		expect(formatElapsed((2 * 60 + 13) * 60_000)).toBe('2 Std., 13 Min.');
		locale.formats = 'ja';
		expect(formatElapsed((2 * 60 + 13) * 60_000)).toBe('2 時間13 分');
	});
});

describe('sizes, durations and counts', () => {
	it('format in English', () => {
		expect(formatBytes(999)).toBe('999 B');
		expect(formatBytes(1023)).toBe('1,023 B');
		expect(formatBytes(14_000)).toBe('13.7 KB');
		expect(formatBytes(1_572_864)).toBe('1.5 MB');
		expect(formatBytes(262_144_000)).toBe('250 MB');
		expect(formatBytes(Number.NaN)).toBe('0 B');
		expect(formatDuration(42.4)).toBe('42 sec');
		expect(formatDuration(125)).toBe('2 min 5 sec');
		expect(formatDuration(7_300)).toBe('2 hr 1 min');
		expect(formatCount(1234567)).toBe('1,234,567');
	});

	it('format in German and Japanese', () => {
		locale.formats = 'de';
		expect(formatBytes(1_572_864)).toBe('1,5 MB');
		expect(formatBytes(1023)).toBe('1.023 B');
		expect(formatDuration(125)).toBe('2 Min., 5 Sek.');
		expect(formatCount(1234567)).toBe('1.234.567');
		locale.formats = 'ja';
		expect(formatBytes(1_572_864)).toBe('1.5 MB');
		expect(formatDuration(125)).toBe('2 分5 秒');
		expect(formatCount(1234567)).toBe('1,234,567');
	});
});

describe('formatList', () => {
	it('joins words as each language does, English as written before', () => {
		expect(formatList(['Uploading', 'Failed'])).toBe('Uploading, Failed');
		expect(formatList(['A', 'B', 'C'])).toBe('A, B, C');
		locale.formats = 'de';
		expect(formatList(['Hochladen', 'Fehlerhaft'])).toBe('Hochladen und Fehlerhaft');
		locale.formats = 'ja';
		expect(formatList(['管理者', '標準'])).toBe('管理者、標準');
		expect(formatList([])).toBe('');
	});
});
