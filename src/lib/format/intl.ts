/**
 * Intl formatters in the console's locale (`language.formats`, through `readFormatsFrom`), each built once per locale and
 * kept: `toLocaleString` with options builds a new one per call, which shows on a page of 100
 * rows. Read inside a template or `$derived`, a format follows a change of language at once.
 */
const made = new Map<string, unknown>();

const ENGLISH = () => 'en';
let formatsNow: () => string = ENGLISH;

/**
 * Where formats read the locale of the moment: `language.svelte.ts`, as reactive state. Until
 * then, and in the shared worker (which has no language and writes what it keeps in English),
 * English; without a reader, English again.
 */
export function readFormatsFrom(read: () => string = ENGLISH) {
	formatsNow = read;
}

export function inLocale<T>(name: string, make: (locale: string) => T): T {
	const locale = formatsNow();
	const key = `${name} ${locale}`;
	let found = made.get(key) as T | undefined;
	if (found === undefined) {
		found = make(locale);
		made.set(key, found);
	}
	return found;
}

/**
 * The same for the compiled messages' formatters (a plural, a number in a message), which name
 * their locale and options: Paraglide's registry builds one per call, and building a PluralRules
 * costs far more than asking it (the idle overview spent 20 ms in 40 s doing so), so
 * `scripts/lazy-catalogs.ts` has the registry ask here.
 */
export function madeOnce<T>(
	Kind: new (locale: string, options?: object) => T,
	locale: string,
	options?: object
): T {
	const key = `${Kind.name} ${locale} ${JSON.stringify(options ?? {})}`;
	let found = made.get(key) as T | undefined;
	if (found === undefined) {
		found = new Kind(locale, options);
		made.set(key, found);
	}
	return found;
}
