import { m } from '$lib/paraglide/messages';
import { inLocale } from './intl.ts';
import { formatUnits } from './units.ts';

/**
 * Dates and durations for people, in their own locale and time zone, one way everywhere: times
 * with seconds on the locale's own clock (12-hour in the United States, 24-hour in Germany and
 * Japan), dates medium, and durations in the largest unit that reads whole ("in 1 hour", never
 * "in 60 minutes"). Formatters are built once: `toLocaleString` with options builds a new one per
 * call, which shows on a page of 100 rows.
 */

const TIME = () =>
	inLocale(
		'time',
		(locale) =>
			new Intl.DateTimeFormat(locale, {
				hour: '2-digit',
				minute: '2-digit',
				second: '2-digit'
			})
	);
const TIME_MS = () =>
	inLocale(
		'time-ms',
		(locale) =>
			new Intl.DateTimeFormat(locale, {
				hour: '2-digit',
				minute: '2-digit',
				second: '2-digit',
				fractionalSecondDigits: 3
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
				minute: '2-digit'
			})
	);
const CLOCK = () =>
	inLocale(
		'clock',
		(locale) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' })
	);
const RELATIVE = () =>
	inLocale('relative', (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));

const valid = (date: Date) => Number.isFinite(date.getTime());

/** "Nov 22, 2026, 02:02 PM" (en-US), "22.11.2026, 14:02" (de); words for a date out of range. */
export function formatDateTime(date: Date): string {
	return valid(date) ? DATE_TIME().format(date) : m.format_unknown_date();
}

/** "02:02:07 PM" or "14:02:07", with milliseconds when asked; words for a date out of range. */
export function formatTime(date: Date, milliseconds = false): string {
	if (!valid(date)) return m.format_unknown_time();
	return (milliseconds ? TIME_MS() : TIME()).format(date);
}

/** "in 42 minutes", "3 seconds ago", "in 1 hour": the largest unit whose rounded count is whole. */
export function formatRelative(date: Date, now: Date = new Date()): string {
	if (!valid(date) || !valid(now)) return m.format_at_unknown_time();
	const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
	if (Math.abs(seconds) < 60) return RELATIVE().format(seconds, 'second');
	const minutes = Math.round(seconds / 60);
	if (Math.abs(minutes) < 60) return RELATIVE().format(minutes, 'minute');
	const hours = Math.round(seconds / 3600);
	if (Math.abs(hours) < 24) return RELATIVE().format(hours, 'hour');
	return RELATIVE().format(Math.round(seconds / 86400), 'day');
}

/** "14:02" or "02:02 PM": the time of day without seconds, for "since 14:02". */
export function formatClock(date: Date): string {
	return valid(date) ? CLOCK().format(date) : m.format_unknown_clock();
}

/** How long something has lasted: "less than a minute", "5 min", "2 hr 13 min", "3 days 4 hr". */
export function formatElapsed(ms: number): string {
	if (!Number.isFinite(ms) || ms < 60_000) return m.format_under_a_minute();
	const minutes = Math.floor(ms / 60_000);
	if (minutes < 60) return formatUnits([[minutes, 'minute']]);
	const hours = Math.floor(minutes / 60);
	if (hours < 24)
		return formatUnits(
			minutes % 60
				? [
						[hours, 'hour'],
						[minutes % 60, 'minute']
					]
				: [[hours, 'hour']]
		);
	const days = Math.floor(hours / 24);
	return formatUnits(
		hours % 24
			? [
					[days, 'day'],
					[hours % 24, 'hour']
				]
			: [[days, 'day']]
	);
}
