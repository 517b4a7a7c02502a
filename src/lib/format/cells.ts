import { inLocale } from './intl.ts';

/**
 * Formats for table cells and detail views: dates, full date-times, counts. Apart from time.ts so
 * that the sign-in pages do not carry them.
 */

const DATE = () =>
	inLocale('date', (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }));
const FULL = () =>
	inLocale(
		'full',
		(locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'long' })
	);
const COUNT = () => inLocale('count', (locale) => new Intl.NumberFormat(locale));

export function formatDate(date: Date): string {
	return DATE().format(date);
}

/** The full, unambiguous form with the time zone, for a hover or a detail view. */
export function formatFullDateTime(date: Date): string {
	return FULL().format(date);
}

/** A date the agent sent as text; null when it is missing or not a date. */
export function parseAgentDate(value: unknown): Date | null {
	if (typeof value !== 'string' || !value.trim()) return null;
	const date = new Date(value);
	return Number.isNaN(date.getTime()) ? null : date;
}

/** "1,234" in the reader's locale. */
export function formatCount(n: number): string {
	return COUNT().format(n);
}
