/**
 * The one mask for credentials in text. Every answer and every frame from the agent passes through
 * `maskDeep` where it enters the console (`request()` and the frame reader), before state, storage,
 * titles, notifications or exports see it; what the console writes itself (a URL it logs, a CSV)
 * passes through `maskCredentials`. A model read masked and sent back whole (a change) gets its
 * stored credentials back in `withStoredSecrets` (api/write-back.ts), never `***`. Plain code that
 * imports nothing: the development agent uses it for its request log.
 *
 * To mask another form, add the last word of its name to `SECRET_WORDS` or a rule to `RULES`, and
 * a sample to `CREDENTIAL_SAMPLES` (the end-to-end walk plants every sample in every text the
 * development agent sends).
 */

/** What a credential's value becomes. */
export const MASK = '***';

/**
 * The last words that make a name a credential's: a field's (`smbPassword`, `clientSecret`,
 * `credentials`), a parameter's (`client_secret`, `X-Amz-Signature`, `pwd`) or an option's
 * (`--password`). A plural counts as the word. Case-insensitive.
 */
const SECRET_WORDS = new Set([
	'password',
	'passwd',
	'pwd',
	'pass',
	'passphrase',
	'secret',
	'token',
	'credential',
	'signature',
	'sig',
	'authorization',
	'apikey'
]);
/**
 * `key` names a credential only after another word (`apiKey`, `AccountKey`, `secretAccessKey`),
 * not alone (an object's key in a bucket) and not after these (`publicKey`, `sortKey`, `uploadKey`).
 */
const PLAIN_KEYS = new Set([
	'object',
	'sort',
	'partition',
	'row',
	'foreign',
	'cache',
	'group',
	'hash',
	'lookup',
	'idempotency',
	'message',
	'translation',
	'route',
	'file',
	'path',
	'item',
	'list',
	'map',
	'hot',
	'shortcut',
	'public',
	'registry',
	'unique',
	'search',
	'index',
	'upload',
	'download',
	'bucket',
	'blob',
	'dedup'
]);
/** One word in lower case that runs several together (`smbpassword`, `accountkey`). */
const RUN_TOGETHER =
	/^(?:[a-z0-9]*(?:password|passwd|secret|token|credential|passphrase)|(?:api|access|account|secret|private|shared|storage|encryption|master|signing|session|auth|client|license|ssh|sas|subscription|primary|secondary)key)$/;
/** A cheap first look at a name: one without any of these is no credential's. */
const NAME_HINT = /pass|pwd|secret|token|cred|sig|key|auth/i;
/** Where a name breaks into words: punctuation, `aB` and `ABc`. */
const WORD_BREAK = /[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/;

/** 0 when `name` is not a credential's; else how many words it has (1: `password`, 2+: `smbPassword`). */
function secretName(name: string): number {
	if (!NAME_HINT.test(name)) return 0;
	const words = name.split(WORD_BREAK).filter((w) => w !== '');
	let last = words.at(-1)?.toLowerCase() ?? '';
	if (last.endsWith('s') && !SECRET_WORDS.has(last)) last = last.slice(0, -1);
	if (SECRET_WORDS.has(last) || RUN_TOGETHER.test(last)) return words.length;
	if (last !== 'key' || words.length < 2) return 0;
	return PLAIN_KEYS.has(words.at(-2)!.toLowerCase()) ? 0 : words.length;
}

/** The names already judged: an agent uses a few dozen field names, and every frame has them. */
const judged = new Map<string, boolean>();

/** Whether a field or parameter of this name holds a credential (see `SECRET_WORDS`). */
export function isSecretName(name: string): boolean {
	let secret = judged.get(name);
	if (secret === undefined) {
		secret = secretName(name) > 0;
		// Bounded: a hostile agent's made-up names must not grow it for ever.
		if (judged.size >= 1000) judged.clear();
		judged.set(name, secret);
	}
	return secret;
}

/** A name in text that may be a credential's; `secretName` has the last word. */
const NAME = String.raw`[\w-]*(?:pass(?:word|wd|phrase)?|pwd|secret|token|credential|signature|sig|authorization|key)s?`;
/** Where a name starts: not inside a longer word, or right after an encoded `?`, `&`, `#` or space. */
const START = String.raw`(?:(?<![\w-])|(?<=%(?:3F|26|23|20)))`;
/** A value ends at a separator, a quote, a bracket, white space or an encoded `&`. */
const VALUE = String.raw`(?:(?!%26)[^\s&#"'<>;,)\]}\\])+`;
/** One argument of a command line, quoted or not. */
const ARG = String.raw`(?:"[^"\r\n]*"|'[^'\r\n]*'|[^\s"']+)`;
/** Where an option of a command line starts. */
const OPTION = String.raw`(?<=^|[\s"'])`;

type Rule = readonly [RegExp, string | ((match: string, ...groups: string[]) => string)];

/** Masks the value after a name when the name is a credential's (of `min` words or more). */
const named =
	(min = 1) =>
	(match: string, before: string, name: string, between: string) =>
		secretName(name) >= min ? `${before}${name}${between}${MASK}` : match;

/** Each rule replaces what it finds; order matters only where forms overlap (JSON before query). */
const RULES: readonly Rule[] = [
	// "smbPassword": "…" inside JSON text (possibly escaped once: \"token\":\"…\").
	[new RegExp(String.raw`(\\?")(${NAME})(\\?"\s*:\s*\\?")(?:[^"\\]|\\(?!"))+`, 'gi'), named()],
	// token=… and X-Amz-Signature%3D… in URLs, forms, connection strings (AccountKey=…;) and mount
	// options (password=…); not somewhere_token_count=….
	[new RegExp(String.raw`()${START}(${NAME})(=|%3D)(?:"[^"]*"|'[^']*'|${VALUE})`, 'gi'), named()],
	// X-Amz-Security-Token: … as a header is written; a name of one word is prose ("Token: …").
	[new RegExp(String.raw`()${START}(${NAME})(:[ \t]*)${VALUE}`, 'gi'), named(2)],
	// --password …, --client-secret=… on a command line.
	[new RegExp(String.raw`()${OPTION}(--${NAME})(=|[ \t]+)(?!-)${ARG}`, 'gi'), named()],
	// /password:… (cmdkey, Windows tools).
	[new RegExp(String.raw`(${OPTION}/(?:password|passwd|pwd|pass)[:=])${ARG}`, 'gi'), `$1${MASK}`],
	// net use Z: \\nas\media <password> /user:…, or after the options (/user:… <password>): the
	// first argument after the share that is no option; not `*`, which asks for the password.
	[
		new RegExp(
			String.raw`(\bnet\s+use\s+(?:(?:[a-z]:|\*)\s+)?(?:"\\\\[^"\r\n]+"|\\\\[^\s"]+)\s+(?:/(?:[^\s"]|"[^"\r\n]*")+\s+)*)(?![/-]|\*(?:\s|$))${ARG}`,
			'gi'
		),
		`$1${MASK}`
	],
	// sshpass -p …, mysql -p …: not a folder (mkdir -p logs, -p /a), a port (ssh -p 22, docker
	// run -p 127.0.0.1:8080:80/tcp) or an option.
	[
		new RegExp(
			String.raw`(${OPTION}-p[ \t]+)(?<!\bmkdir(?:[ \t]+-\S+){0,8}[ \t]+-p[ \t]+)(?![-/\\.~]|[\d.:]+(?:/\w+)?(?:\s|$)|[A-Za-z]:[\\/])${ARG}`,
			'g'
		),
		`$1${MASK}`
	],
	// sshpass -pHunter2, mysql -u root -pHunter2: only after the commands that take it so, since
	// elsewhere -p… runs flags together (cp -pr, ls -pl) or is a number (patch -p1).
	[
		new RegExp(
			String.raw`((?<![\w.-])(?:sshpass|mysql\w*|mariadb[\w-]*|7z[ar]?)(?:\.exe)?[ \t](?:[^\r\n;&|]*?[ \t])?-p)(?![\s-]|\d+(?:\s|$))${ARG}`,
			'gi'
		),
		`$1${MASK}`
	],
	// smbclient -U ann%…, username=ann%….
	[
		new RegExp(
			String.raw`((?<=^|[\s,"'])(?:-U[ \t]*|--user(?:name)?[= \t]+|user(?:name)?=)["']?[^\s%"',]+%)[^\s"',]+`,
			'gi'
		),
		`$1${MASK}`
	],
	// curl -u ann:… and --user ann:….
	[
		new RegExp(String.raw`(${OPTION}(?:-u|--user)(?:[ \t]+|=)["']?[^\s:"'@]+:)[^\s"'@]+`, 'g'),
		`$1${MASK}`
	],
	[/(\bBearer\s+)[\w.~+/=-]{6,}/gi, `$1${MASK}`],
	[/(\bAuthorization:[ \t]*Basic[ \t]+)[\w+/=]+/gi, `$1${MASK}`],
	// A JSON Web Token anywhere: base64url parts, the first a JSON object; two are enough, so a
	// token cut short (a summary, a frame's start) is still masked.
	[/eyJ[\w-]{6,}(?:\.[\w-]*){1,2}/g, '[token]'],
	// AWS access key ids.
	[/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, '[key id]'],
	// The password in //user:password@host (mount_smbfs) and user:password@host, as a word of its own.
	[
		/((?:(?<![\w:])\/\/|(?<=^|[\s"'(=,;])(?!mailto:))[\w.%~-]+:)[^\s/?#@:"']+@(?=[\w[])/g,
		`$1${MASK}@`
	],
	// The password in https://user:password@host.
	// (A scheme starts where no scheme's letter is before it: else a long run of them is slow.)
	[/((?<![\w+.-])[a-z][\w+.-]*:\/\/[^\s/?#@:]+:)[^\s/?#@]+@/gi, `$1${MASK}@`],
	[
		/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
		'[private key]'
	]
];

/** A cheap first look: text without any of these cannot hold a credential the rules know. */
const MAYBE =
	/pass|pwd|secret|token|cred|sig|key|auth|bearer|eyJ|AKIA|ASIA|:\/\/|jwt|net\s+use|(?:^|\s)-[pu]|--user|:[^\s@:]+@/i;

/** The text with every credential the rules know replaced. */
export function maskCredentials(text: string): string {
	if (!MAYBE.test(text)) return text;
	let masked = text;
	for (const [pattern, replacement] of RULES)
		masked = masked.replace(pattern, replacement as (match: string, ...groups: string[]) => string);
	return masked;
}

/** How deep an answer or frame may nest before the rest is replaced by a note. */
export const MAX_DEPTH = 32;
/** What stands in for a value nested deeper than `MAX_DEPTH`. */
export const TOO_DEEP = `[nested deeper than ${MAX_DEPTH} levels]`;

/**
 * A parsed answer or frame with every string (values and keys) masked, the value of every field
 * whose name is a credential's (`isSecretName`) replaced by `MASK`, and nothing nested deeper
 * than `MAX_DEPTH`, so nothing that walks it later can overflow the stack. Returns the same
 * value where nothing changed, so the common case allocates nothing.
 */
/**
 * Objects whose keys name a form's fields, with messages as values (an agent's validation
 * answer: `errors: {Password: ["The password needs 8 characters"]}`): a field named password
 * there holds words about it, not the password.
 */
const FIELD_MESSAGES = /^(?:errors|fielderrors|field_errors|modelstate|validationerrors)$/i;

/**
 * Whether the value of a field named password, in `FIELD_MESSAGES`, reads as messages: a list of
 * texts, or one text of more than one word. A single word (`{Errors: {Password: "Hunter2"}}`), a
 * number or an object may be the password itself, and is masked like anywhere else.
 */
function readsAsMessages(value: unknown): boolean {
	if (typeof value === 'string') return /\S\s+\S/.test(value);
	return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

export function maskDeep(
	value: unknown,
	depth = 0,
	secret = false,
	fieldMessages = false
): unknown {
	if (typeof value === 'string') return secret && value !== '' ? MASK : maskCredentials(value);
	if (secret && typeof value === 'number') return MASK;
	if (value === null || typeof value !== 'object') return value;
	if (depth >= MAX_DEPTH) return TOO_DEEP;
	if (Array.isArray(value)) {
		let copy: unknown[] | null = null;
		for (let i = 0; i < value.length; i++) {
			const item: unknown = value[i];
			const masked = maskDeep(item, depth + 1, secret);
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
		// Everything under a credential's name is masked: `credentials: { user, value }`.
		const masked = maskDeep(
			item,
			depth + 1,
			secret || (isSecretName(key) && !(fieldMessages && readsAsMessages(item))),
			!secret && FIELD_MESSAGES.test(key)
		);
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
	'https://admin:PLANTEDpass12@nas.local/share',
	// Command lines an agent echoes, with the password where each command takes it.
	String.raw`net use Z: \\nas\media PLANTEDnetuse13 /user:STUDIO\ann`,
	'mount -t cifs //nas/media /mnt/media -o username=ann,password=PLANTEDmount14,vers=3.0',
	'smbclient //nas/media -U ann%PLANTEDsmbclient15',
	'curl -u ann:PLANTEDcurl16 https://nas.local/',
	'sshpass -p PLANTEDsshpass17 ssh ann@nas.local',
	'rclone sync --password PLANTEDoption18 --user ann',
	'cmdkey /add:nas /user:ann /pass:PLANTEDcmdkey19',
	'DefaultEndpointsProtocol=https;AccountName=studio;AccountKey=PLANTEDaccountkey20==;EndpointSuffix=core.windows.net',
	'{"smbPassword":"PLANTEDjson21","clientSecret":"PLANTEDjson21"}',
	String.raw`net use Z: \\nas\media /user:STUDIO\ann PLANTEDnetuse29`,
	'mount_smbfs //ann:PLANTEDsmbfs30@nas/media /Volumes/media',
	'mysql -u root -pPLANTEDmysql31 studio'
] as const;

/**
 * Fields named as credentials, whose values look like nothing in particular: the credentials mode
 * adds them to every row of an answer and to every frame's `Data`, and only their names say what
 * they are.
 */
export const NAMED_SECRET_SAMPLES = {
	Password: 'PLANTEDnamed22',
	smbPassword: 'PLANTEDnamed23',
	secretAccessKey: 'PLANTEDnamed24',
	passphrase: 'PLANTEDnamed25',
	clientSecret: 'PLANTEDnamed26',
	credentials: { username: 'ann', password: 'PLANTEDnamed27' },
	ConnectionString:
		'DefaultEndpointsProtocol=https;AccountName=studio;AccountKey=PLANTEDnamed28;EndpointSuffix=core.windows.net'
} as const;

/** The part of every sample that must never be seen. */
export const PLANTED = 'PLANTED';
