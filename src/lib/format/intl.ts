import { language } from '$lib/state/language.svelte';

/**
 * Intl formatters in the console's locale (`language.formats`), each built once per locale and
 * kept: `toLocaleString` with options builds a new one per call, which shows on a page of 100
 * rows. Read inside a template or `$derived`, a format follows a change of language at once.
 */
const made = new Map<string, unknown>();

export function inLocale<T>(name: string, make: (locale: string) => T): T {
	const locale = language.formats;
	const key = `${name} ${locale}`;
	let found = made.get(key) as T | undefined;
	if (found === undefined) {
		found = make(locale);
		made.set(key, found);
	}
	return found;
}
