/**
 * What to do about a failed transfer, one sentence per kind of error the agent reports, told by
 * the words of its own message (the agent sends text, not a code). The agent's text is always
 * shown beside the advice; a message of no known kind gets no advice rather than a guess.
 */

export type ErrorKind = 'credentials' | 'in-use' | 'checksum' | 'disk-full' | 'quota';

const KINDS: readonly { kind: ErrorKind; test: RegExp; advice: string }[] = [
	{
		kind: 'quota',
		test: /quota|storage (is )?full|limit (was )?(exceeded|reached)|\b507\b/i,
		advice: 'The storage account is out of space: free some up or raise its quota, then retry.'
	},
	{
		kind: 'disk-full',
		test: /disk (is )?full|no space left|not enough (disk )?space|insufficient (disk )?space/i,
		advice: 'This computer’s disk is full: free up space on it, then retry.'
	},
	{
		kind: 'credentials',
		test: /access denied|credential|unauthori[sz]ed|forbidden|signature|\b40[13]\b|invalid (access )?key/i,
		advice:
			'The storage refused the agent’s credentials: check the storage account’s keys in the agent, then retry.'
	},
	{
		kind: 'in-use',
		test: /in use|being used by another|locked|sharing violation/i,
		advice: 'Another program has the file open: close it there, then retry.'
	},
	{
		kind: 'checksum',
		test: /checksum|hash|md5|crc|integrity/i,
		advice:
			'The copy did not match the original, so the agent kept neither: retry, and if it fails again, check the file.'
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
	return KINDS.find((k) => k.test.test(message))?.advice ?? null;
}

/** The advice and the agent's own text together, for a panel or an export; the text alone if none. */
export function errorWithAdvice(message: string | null | undefined): string {
	if (!message) return 'None';
	const advice = errorAdvice(message);
	return advice ? `${advice} The agent said: “${message}”` : message;
}
