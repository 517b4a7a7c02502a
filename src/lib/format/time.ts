import { inLocale } from './intl.ts';

/**
 * Dates and durations for people, in their own locale and time zone, one way everywhere: times on
 * a 24-hour clock with seconds, dates medium, and durations in the largest unit that reads whole
 * ("in 1 hour", never "in 60 minutes"). Formatters are built once: `toLocaleString` with options
 * builds a new one per call, which shows on a page of 100 rows.
 */

const TIME = () =>
	inLocale(
		'time',
		(locale) =>
			new Intl.DateTimeFormat(locale, {
				hour: '2-digit',
				minute: '2-digit',
				second: '2-digit',
				hourCycle: 'h23'
			})
	);
const DATE_TIME = () =>
	inLocale(
		'date-time',
		(locale) =>
			new Intl.DateTimeFormat(locale, {
				year: 'numeric',
				month: 'short',
				day: 'numeric',
				hour: '2-digit',
				minute: '2-digit',
				hourCycle: 'h23'
			})
	);
const CLOCK = () =>
	inLocale(
		'clock',
		(locale) =>
			new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
	);
const RELATIVE = () =>
	inLocale('relative', (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));

const valid = (date: Date) => Number.isFinite(date.getTime());

/** "Nov 22, 2026, 14:02"; "unknown date" for a date out of range. */
export function formatDateTime(date: Date): string {
	return valid(date) ? DATE_TIME().format(date) : 'unknown date';
}

/** "14:02:07", or "14:02:07.123" with milliseconds; "unknown time" for a date out of range. */
export function formatTime(date: Date, milliseconds = false): string {
	if (!valid(date)) return 'unknown time';
	const text = TIME().format(date);
	return milliseconds ? `${text}.${String(date.getMilliseconds()).padStart(3, '0')}` : text;
}

/** "in 42 minutes", "3 seconds ago", "in 1 hour": the largest unit whose rounded count is whole. */
export function formatRelative(date: Date, now: Date = new Date()): string {
	if (!valid(date) || !valid(now)) return 'at an unknown time';
	const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
	if (Math.abs(seconds) < 60) return RELATIVE().format(seconds, 'second');
	const minutes = Math.round(seconds / 60);
	if (Math.abs(minutes) < 60) return RELATIVE().format(minutes, 'minute');
	const hours = Math.round(seconds / 3600);
	if (Math.abs(hours) < 24) return RELATIVE().format(hours, 'hour');
	return RELATIVE().format(Math.round(seconds / 86400), 'day');
}

/** "14:02": the time of day without seconds, for "since 14:02". */
export function formatClock(date: Date): string {
	return valid(date) ? CLOCK().format(date) : 'an unknown time';
}

/** How long something has lasted: "less than a minute", "5 min", "2 h 13 min", "3 d 4 h". */
export function formatElapsed(ms: number): string {
	if (!Number.isFinite(ms) || ms < 60_000) return 'less than a minute';
	const minutes = Math.floor(ms / 60_000);
	if (minutes < 60) return `${minutes} min`;
	const hours = Math.floor(minutes / 60);
	if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
	const days = Math.floor(hours / 24);
	return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}
