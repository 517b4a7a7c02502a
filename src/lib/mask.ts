/**
 * The one mask for credentials in text. Every answer and every frame from the agent passes through
 * `maskDeep` where it enters the console (`request()` and the frame reader), before state, storage,
 * titles, notifications or exports see it; what the console writes itself (a URL it logs, a CSV)
 * passes through `maskCredentials`. Plain code that imports nothing: the development agent uses it
 * for its request log.
 *
 * To mask another form, add its parameter name to `CREDENTIAL_PARAMS` or a rule to `RULES`, and a
 * sample to `CREDENTIAL_SAMPLES` (the end-to-end walk plants every sample in every text the
 * development agent sends).
 */

/** What a credential's value becomes. */
export const MASK = '***';

/**
 * Names whose value is a credential: each word alone, or at the end of a longer name after `_` or
 * `-` (`access_token`, `X-Amz-Security-Token`, `client_secret`), plus the camel-case ones agents
 * use. Found as `name=value` in a URL or form, `"name": "value"` in JSON text, and (for the longer
 * names, which prose does not use) `name: value` as in a header. Case-insensitive.
 */
export const CREDENTIAL_WORDS = [
	'token',
	'secret',
	'password',
	'passwd',
	'signature',
	'sig',
	'credential',
	'api_key',
	'apikey'
] as const;
const CAMEL_NAMES = ['jwtToken', 'accessToken', 'refreshToken', 'idToken', 'apiKey'];

const WORDS = `(?:${CREDENTIAL_WORDS.join('|')})`;
const PREFIX = '(?:[A-Za-z0-9]+[_-])';
const ALL_NAMES = `${PREFIX}*${WORDS}|${CAMEL_NAMES.join('|')}`;
const HEADER_NAMES = `${PREFIX}+${WORDS}`;
/** Where a name starts: not inside a longer word, or right after an encoded `?`, `&`, `#` or space. */
const START = String.raw`(?:(?<![\w-])|(?<=%(?:3F|26|23|20)))`;
/** A value ends at a separator, a quote, a bracket, white space or an encoded `&`. */
const VALUE = String.raw`(?:(?!%26)[^\s&#"'<>;,)\]}\\])+`;

/** Each rule replaces what it finds; order matters only where forms overlap (JSON before query). */
const RULES: readonly [RegExp, string][] = [
	// "access_token": "…" inside JSON text (possibly escaped once: \"token\":\"…\").
	[
		new RegExp(String.raw`(\\?"(?:${ALL_NAMES})\\?"\s*:\s*\\?")((?:[^"\\]|\\(?!"))+)`, 'gi'),
		`$1${MASK}`
	],
	// token=… and X-Amz-Signature%3D… in URLs, forms and prose; not someone_token=….
	[new RegExp(String.raw`(${START}(?:${ALL_NAMES})(?:=|%3D))${VALUE}`, 'gi'), `$1${MASK}`],
	// X-Amz-Security-Token: … as a header is written.
	[new RegExp(String.raw`(${START}(?:${HEADER_NAMES}):[ \t]*)${VALUE}`, 'gi'), `$1${MASK}`],
	[/(\bBearer\s+)[\w.~+/=-]{6,}/gi, `$1${MASK}`],
	// A JSON Web Token anywhere: base64url parts, the first a JSON object; two are enough, so a
	// token cut short (a summary, a frame's start) is still masked.
	[/eyJ[\w-]{6,}(?:\.[\w-]*){1,2}/g, '[token]'],
	// AWS access key ids.
	[/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, '[key id]'],
	// The password in https://user:password@host.
	[/(\b[a-z][\w+.-]*:\/\/[^\s/?#@:]+:)[^\s/?#@]+@/gi, `$1${MASK}@`],
	[
		/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
		'[private key]'
	]
];

/** A cheap first look: text without any of these cannot hold a credential the rules know. */
const MAYBE = /token|sig|cred|secret|passw|key|bearer|eyJ|AKIA|ASIA|:\/\/|jwt/i;

/** The text with every credential the rules know replaced. */
export function maskCredentials(text: string): string {
	if (!MAYBE.test(text)) return text;
	let masked = text;
	for (const [pattern, replacement] of RULES) masked = masked.replace(pattern, replacement);
	return masked;
}

/** How deep an answer or frame may nest before the rest is replaced by a note. */
export const MAX_DEPTH = 32;
/** What stands in for a value nested deeper than `MAX_DEPTH`. */
export const TOO_DEEP = `[nested deeper than ${MAX_DEPTH} levels]`;

/**
 * A parsed answer or frame with every string (values and keys) masked and nothing nested deeper
 * than `MAX_DEPTH`, so nothing that walks it later can overflow the stack. Returns the same
 * value where nothing changed, so the common case allocates nothing.
 */
export function maskDeep(value: unknown, depth = 0): unknown {
	if (typeof value === 'string') return maskCredentials(value);
	if (value === null || typeof value !== 'object') return value;
	if (depth >= MAX_DEPTH) return TOO_DEEP;
	if (Array.isArray(value)) {
		let copy: unknown[] | null = null;
		for (let i = 0; i < value.length; i++) {
			const item: unknown = value[i];
			const masked = maskDeep(item, depth + 1);
			if (masked !== item) {
				copy ??= value.slice();
				copy[i] = masked;
			}
		}
		return copy ?? value;
	}
	let copy: Record<string, unknown> | null = null;
	const source = value as Record<string, unknown>;
	for (const key of Object.keys(source)) {
		const item = source[key];
		const maskedKey = maskCredentials(key);
		const masked = maskDeep(item, depth + 1);
		if (masked !== item || maskedKey !== key) {
			// defineProperty keeps `__proto__` an own key like any other.
			copy ??= Object.fromEntries(Object.entries(source));
			if (maskedKey !== key) delete copy[key];
			Object.defineProperty(copy, maskedKey, {
				value: masked,
				enumerable: true,
				writable: true,
				configurable: true
			});
		}
	}
	return copy ?? value;
}

/**
 * One sample of each credential form, with a secret part that contains `PLANTED`: the development
 * agent's credentials mode puts these into every text it sends, and the end-to-end walk fails on
 * any `PLANTED` it finds where a user or the browser's storage could see it.
 */
export const CREDENTIAL_SAMPLES = [
	'https://files.example/a?token=PLANTEDquery01',
	'https://bucket.s3.amazonaws.com/k?X-Amz-Signature=PLANTEDamzsig02&X-Amz-Date=20261125T000000Z',
	'https://bucket.s3.amazonaws.com/k?X-Amz-Credential=AKIAPLANTED03%2F20261125%2Fus-east-1%2Fs3',
	'https://bucket.s3.amazonaws.com/k?X-Amz-Security-Token=PLANTEDamzsession04',
	'https://acct.blob.core.windows.net/c/f?sv=2024-01-01&sig=PLANTEDazure05%3D&se=2026',
	'https://storage.googleapis.com/b/o?X-Goog-Signature=PLANTEDgoog06',
	'Authorization: Bearer PLANTEDbearer07',
	'callback#access_token=PLANTEDaccess08&refresh_token=PLANTEDrefresh09',
	'{"refresh_token":"PLANTEDjson10"}',
	// A JWT whose payload reads {"sub":"PLANTED11"} and whose signature says PLANTED too.
	'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJQTEFOVEVEMTEifQ.PLANTEDsignature11',
	'https://admin:PLANTEDpass12@nas.local/share'
] as const;

/** The part of every sample that must never be seen. */
export const PLANTED = 'PLANTED';
