import { inLocale } from './intl.ts';

const LIST = () =>
	inLocale(
		'list',
		(locale) => new Intl.ListFormat(locale, { type: 'conjunction', style: 'narrow' })
	);

/**
 * Words that together describe one thing (a user's types, a file's states, a history entry's
 * counts), joined as the locale joins them: "Uploading, Failed" in English, "A, B und C" in
 * German, "A、B、C" in Japanese. Never a "," written in code.
 */
export function formatList(words: readonly string[]): string {
	return LIST().format(words);
}
