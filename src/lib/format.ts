/**
 * Dates and durations for people, in their own locale and time zone. Formatters are built once:
 * `toLocaleString` with options builds a new one per call, which shows on a page of 100 rows.
 */

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(date: Date): string {
	return DATE_TIME.format(date);
}

export function formatTime(date: Date): string {
	return date.toLocaleTimeString(undefined, {
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit'
	});
}

/** "in 42 minutes", "3 seconds ago". */
export function formatRelative(date: Date, now: Date = new Date()): string {
	const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
	const abs = Math.abs(seconds);
	const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
	if (abs < 60) return rtf.format(seconds, 'second');
	if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
	if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
	return rtf.format(Math.round(seconds / 86400), 'day');
}
