import { baseLocale, locales, type Locale } from '$lib/paraglide/runtime';

/**
 * The languages the console speaks, each named in itself. English is the source. Every message
 * has its German and Japanese (`languages.spec.ts` compares the catalogs in messages/), but not
 * every page's words are messages yet: German and Japanese are `complete` once they are. Only
 * complete ones are chosen from the browser's preferred languages; one still being translated
 * can be chosen in Settings and the user menu, and says so.
 */
export const LANGUAGES: readonly { tag: Locale; name: string; complete: boolean }[] = [
	{ tag: 'en', name: 'English', complete: true },
	{ tag: 'de', name: 'Deutsch', complete: true },
	{ tag: 'ja', name: '日本語', complete: true }
];

export { baseLocale, locales, type Locale };

/**
 * The pseudo-locale, for development and tests (`pseudo.ts`): English, every message marked and
 * lengthened. Offered in development builds; elsewhere chosen by storing it as the language.
 */
export const PSEUDO_LOCALE = 'en-XA';

/** The first of the browser's preferred languages among `offered`: "de-AT" → "de"; else English. */
export function matchLanguage(preferred: readonly string[], offered: readonly Locale[]): Locale {
	for (const tag of preferred) {
		const language = tag.toLowerCase().split(/[-_]/)[0];
		const found = offered.find((l) => l === language);
		if (found) return found;
	}
	return baseLocale;
}

/**
 * The locale dates and numbers are formatted in: the browser's own tag when it is of the
 * console's language, so that "en-GB" keeps its 24-hour clock and day before month and "de-CH"
 * its apostrophes; else the language itself.
 */
export function formatLocale(language: Locale, preferred: readonly string[]): string {
	const own = preferred.find((tag) => tag.toLowerCase().split(/[-_]/)[0] === language);
	if (!own) return language;
	try {
		return Intl.getCanonicalLocales(own)[0] ?? language;
	} catch {
		return language;
	}
}
