/**
 * What to do about a failed transfer, one sentence per kind of error the agent reports, told by
 * the words of its own message (the agent sends text, not a code). The agent's text is always
 * shown beside the advice; a message of no known kind gets no advice rather than a guess.
 */

import { m } from '$lib/paraglide/messages';

export type ErrorKind = 'credentials' | 'in-use' | 'checksum' | 'disk-full' | 'quota';

const KINDS: readonly { kind: ErrorKind; test: RegExp; advice: () => string }[] = [
	{
		kind: 'quota',
		test: /quota|storage (is )?full|limit (was )?(exceeded|reached)|\b507\b/i,
		advice: m.words_advice_quota
	},
	{
		kind: 'disk-full',
		test: /disk (is )?full|no space left|not enough (disk )?space|insufficient (disk )?space/i,
		advice: m.words_advice_disk_full
	},
	{
		kind: 'credentials',
		test: /access denied|credential|unauthori[sz]ed|forbidden|signature|\b40[13]\b|invalid (access )?key/i,
		advice: m.words_advice_credentials
	},
	{
		kind: 'in-use',
		test: /in use|being used by another|locked|sharing violation/i,
		advice: m.words_advice_in_use
	},
	{
		kind: 'checksum',
		test: /checksum|hash|md5|crc|integrity/i,
		advice: m.words_advice_checksum
	}
];

/** The kind of an error message, or null when it is none the console knows. */
export function errorKind(message: string | null | undefined): ErrorKind | null {
	if (!message) return null;
	return KINDS.find((k) => k.test.test(message))?.kind ?? null;
}

/** One sentence of advice for an error message, or null when its kind is not known. */
export function errorAdvice(message: string | null | undefined): string | null {
	if (!message) return null;
	return KINDS.find((k) => k.test.test(message))?.advice() ?? null;
}

/** The advice and the agent's own text together, for a panel or an export; the text alone if none. */
export function errorWithAdvice(message: string | null | undefined): string {
	if (!message) return m.words_none();
	const advice = errorAdvice(message);
	return advice ? m.words_advice_with_said({ advice, message }) : message;
}
