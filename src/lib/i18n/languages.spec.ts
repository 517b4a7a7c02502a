import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatLocale, LANGUAGES, locales, matchLanguage } from './languages.ts';

const MESSAGES = join(import.meta.dirname, '../../../messages');

/** Every message key of a language, from its catalog files in messages/<locale>/. */
function keys(locale: string): Set<string> {
	const found = new Set<string>();
	for (const file of readdirSync(join(MESSAGES, locale))) {
		const catalog = JSON.parse(readFileSync(join(MESSAGES, locale, file), 'utf8')) as object;
		for (const key of Object.keys(catalog)) if (key !== '$schema') found.add(key);
	}
	return found;
}

describe('the languages', () => {
	it('are the project’s locales, each named in itself', () => {
		expect(LANGUAGES.map((l) => l.tag)).toEqual([...locales]);
		expect(LANGUAGES.map((l) => l.name)).toEqual(['English', 'Deutsch', '日本語']);
	});

	it('have every English message translated and none more, and English is complete', () => {
		const english = keys('en');
		expect(english.size).toBeGreaterThan(100);
		expect(LANGUAGES.find((l) => l.tag === 'en')?.complete).toBe(true);
		for (const { tag } of LANGUAGES) {
			const own = keys(tag);
			expect(
				[...english].filter((k) => !own.has(k)),
				`${tag}: not translated`
			).toEqual([]);
			expect(
				[...own].filter((k) => !english.has(k)),
				`${tag}: not in English`
			).toEqual([]);
		}
	});
});

describe('matchLanguage', () => {
	it('takes the first preferred language offered, by its language part, else English', () => {
		expect(matchLanguage(['de-AT', 'en'], ['en', 'de'])).toBe('de');
		expect(matchLanguage(['fr-FR', 'ja-JP', 'de'], ['en', 'de', 'ja'])).toBe('ja');
		expect(matchLanguage(['EN_gb'], ['en'])).toBe('en');
		expect(matchLanguage(['de-DE'], ['en'])).toBe('en');
		expect(matchLanguage([], ['en', 'de'])).toBe('en');
	});
});

describe('formatLocale', () => {
	it('keeps the browser’s own region when it is of the language, else the language', () => {
		expect(formatLocale('en', ['en-GB', 'de'])).toBe('en-GB');
		expect(formatLocale('de', ['en-GB', 'de-CH'])).toBe('de-CH');
		expect(formatLocale('ja', ['en-US'])).toBe('ja');
		expect(formatLocale('de', ['not a tag!', 'de-x-'])).toBe('de');
	});
});
