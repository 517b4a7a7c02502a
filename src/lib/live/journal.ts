import { appNotificationDataSchema } from '$lib/api/schemas/frames';
import { AgentHttpError, errorMessage } from '$lib/api/errors';
import { CONSOLE_ORIGIN } from '$lib/contract';
import { csvCell } from '$lib/list/csv';
import { isSecretName, maskCredentials, maskDeep } from '$lib/mask';

/**
 * The journal of changes: each change this console asked of the agent (when, who was signed in,
 * what, on which item, and how it ended, the agent's refusal in words), and each change the agent
 * announced from another client (an AppNotification whose Origin is not the console's). Plain
 * data, masked as it is made, so nothing kept or exported can hold a credential.
 */

export const JOURNAL_KINDS = [
	'drive',
	'backup',
	'share',
	'user',
	'agent',
	'file',
	'transfer',
	'history',
	'account',
	'other'
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

export const JOURNAL_OUTCOMES = ['done', 'refused', 'failed', 'announced'] as const;
export type JournalOutcome = (typeof JOURNAL_OUTCOMES)[number];

export const JOURNAL_SOURCES = ['console', 'other'] as const;
export type JournalSource = (typeof JOURNAL_SOURCES)[number];

export type JournalEntry = {
	/** Unique within an owner's journal; an announcement's is the same in every tab that heard it. */
	id: string;
	at: number;
	source: JournalSource;
	/** Who was signed in (the console's changes), or the client the agent named (another's). */
	who: string | null;
	kind: JournalKind;
	method: string;
	/** The agent's address of the change, without its query. */
	operation: string;
	item: string | null;
	outcome: JournalOutcome;
	/** The agent's refusal, or why the call failed, in words. */
	reason: string | null;
	/** The agent's application code, when it gave one. */
	code: string | null;
};

/** How many entries are kept per agent and user; the oldest go first. */
export const JOURNAL_CAP = 2000;

const AREAS: [RegExp, JournalKind][] = [
	[/^\/management\/clouddrive/i, 'drive'],
	[/^\/management\/cloudbackup/i, 'backup'],
	[/^\/management\/(smb|nfs)client/i, 'share'],
	[/^\/(user\/|authentication\/update_user)/i, 'user'],
	[/^\/management\/(command|update)/i, 'agent'],
	[/^\/management\/(make_directory|object_|generate_presigned|sync_shareddrive|rename)/i, 'file'],
	[/^\/transfer\//i, 'transfer'],
	[/^\/transferhistory\//i, 'history'],
	[/^\/authentication\//i, 'account']
];

export function kindOf(operation: string): JournalKind {
	for (const [pattern, kind] of AREAS) if (pattern.test(operation)) return kind;
	return 'other';
}

/** The address without its query, with its escapes read: what the journal names. */
function operationOf(path: string): string {
	const bare = path.split(/[?#]/)[0] ?? '';
	try {
		return decodeURIComponent(bare);
	} catch {
		return bare;
	}
}

/** Areas whose address ends with the item's id (`/management/clouddrive/{id}`). */
const ID_IN_PATH = /^\/management\/(clouddrive|cloudbackup|smbclient|nfsclient)[^/]*\/(.+)$/i;
/** Fields that name what a call acts on, in the order they are trusted; never a secret's. */
const ITEM_FIELDS = ['id', 'userId', 'username', 'email', 'name', 'path', 'Path', 'storageName'];

function itemOf(operation: string, ...sources: unknown[]): string | null {
	const inPath = ID_IN_PATH.exec(operation)?.[2];
	if (inPath) return inPath;
	for (const source of sources) {
		if (typeof source !== 'object' || source === null) continue;
		for (const field of ITEM_FIELDS) {
			const value = (source as Record<string, unknown>)[field];
			if (isSecretName(field)) continue;
			if (typeof value === 'string' && value.trim()) return value.slice(0, 500);
			if (typeof value === 'number') return String(value);
		}
	}
	return null;
}

/** Every text of the entry through the mask: a token in an address or a reason never stays. */
export function maskedEntry(entry: JournalEntry): JournalEntry {
	const mask = (text: string | null) => (text === null ? null : maskCredentials(text));
	return {
		...entry,
		who: mask(entry.who),
		method: maskCredentials(entry.method),
		operation: maskCredentials(entry.operation),
		item: mask(entry.item),
		reason: mask(entry.reason),
		code: mask(entry.code)
	};
}

export type ChangeAsked = {
	method: string;
	path: string;
	query?: Record<string, unknown>;
	body?: unknown;
	at: number;
	error: unknown;
};

let made = 0;

/** Signing in and out change no setting of the agent: the journal leaves them out. */
const SESSION_CALLS = /^\/authentication\/(?!update_user|update_subscription)/i;

/** The console's own change, as its call ended; null for a sign-in or sign-out. */
export function consoleEntry(call: ChangeAsked, who: string | null): JournalEntry | null {
	const operation = operationOf(call.path);
	if (SESSION_CALLS.test(operation)) return null;
	const refused = call.error instanceof AgentHttpError;
	return maskedEntry({
		id: `c:${call.at}:${++made}:${Math.random().toString(36).slice(2, 8)}`,
		at: call.at,
		source: 'console',
		who,
		kind: kindOf(operation),
		method: call.method,
		operation,
		item: itemOf(operation, call.query, maskDeep(call.body)),
		outcome: call.error === null ? 'done' : refused ? 'refused' : 'failed',
		reason: call.error === null ? null : errorMessage(call.error),
		code: refused ? (call.error as AgentHttpError).code : null
	});
}

/**
 * Another client's change, from the agent's AppNotification; null for the console's own (the
 * journal has it from the call already) and for data that names no change. `at` is when the hub
 * read the frame, the same in every tab, so each tab's copy is one entry.
 */
export function announcedEntry(data: unknown, at: number): JournalEntry | null {
	const parsed = appNotificationDataSchema.safeParse(data);
	if (!parsed.success) return null;
	const { Operation, EndpointAddress, HttpMethod, Origin } = parsed.data;
	if (Origin === CONSOLE_ORIGIN) return null;
	const address = EndpointAddress || (Operation ? `/${Operation}` : '');
	if (!address) return null;
	const operation = operationOf(address);
	const method = (HttpMethod || '').slice(0, 10);
	return maskedEntry({
		id: `a:${at}:${method}:${operation}`,
		at,
		source: 'other',
		who: Origin ? Origin.slice(0, 200) : null,
		kind: kindOf(operation),
		method,
		operation: operation.slice(0, 500),
		item: itemOf(operation),
		outcome: 'announced',
		reason: null,
		code: null
	});
}

export type JournalFilter = {
	kind: JournalKind | null;
	/** Part of the item's id or name, any case. */
	item: string;
	outcome: JournalOutcome | null;
	source: JournalSource | null;
};

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
	value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

/** The filters from the page's address; whatever is not one of them is no filter. */
export function parseJournalQuery(params: URLSearchParams): JournalFilter {
	return {
		kind: oneOf(JOURNAL_KINDS, params.get('kind')),
		item: (params.get('item') ?? '').slice(0, 200),
		outcome: oneOf(JOURNAL_OUTCOMES, params.get('outcome')),
		source: oneOf(JOURNAL_SOURCES, params.get('source'))
	};
}

export function journalParams(filter: JournalFilter): Record<string, string | null> {
	return {
		kind: filter.kind,
		item: filter.item.trim() || null,
		outcome: filter.outcome,
		source: filter.source
	};
}

/**
 * The entries the filter lets through, newest first; an item is found by its id or by the name
 * `nameOf` gives it (what the agent calls a drive now).
 */
export function filtered(
	entries: readonly JournalEntry[],
	filter: JournalFilter,
	nameOf: (entry: JournalEntry) => string | undefined = () => undefined
): JournalEntry[] {
	const item = filter.item.trim().toLowerCase();
	const matches = (e: JournalEntry) =>
		e.item !== null &&
		(e.item.toLowerCase().includes(item) || (nameOf(e)?.toLowerCase().includes(item) ?? false));
	const shown: JournalEntry[] = [];
	for (let i = entries.length - 1; i >= 0; i--) {
		const e = entries[i]!;
		if (filter.kind && e.kind !== filter.kind) continue;
		if (filter.outcome && e.outcome !== filter.outcome) continue;
		if (filter.source && e.source !== filter.source) continue;
		if (item && !matches(e)) continue;
		shown.push(e);
	}
	return shown;
}

/** Adds entries to a journal, once each, oldest first, at most `cap`. */
export function merged(
	entries: readonly JournalEntry[],
	added: readonly JournalEntry[],
	cap: number
): JournalEntry[] {
	const seen = new Set(entries.map((e) => e.id));
	const all = [...entries];
	for (const e of added) {
		if (seen.has(e.id)) continue;
		seen.add(e.id);
		all.push(e);
	}
	all.sort((a, b) => a.at - b.at);
	return all.slice(Math.max(0, all.length - cap));
}

/** What the item is called when exported (the journal keeps its id); null when not known. */
export type ExportedName = (entry: JournalEntry) => string | undefined;

/**
 * The same columns in every language, for a script or a spreadsheet; `itemName` is the name the
 * agent gave the item when exported, beside the id the change was made to.
 */
function row(e: JournalEntry, nameOf: ExportedName) {
	return {
		time: new Date(e.at).toISOString(),
		source: e.source,
		who: e.who,
		kind: e.kind,
		method: e.method,
		operation: e.operation,
		item: e.item,
		itemName: nameOf(e) ?? null,
		outcome: e.outcome,
		reason: e.reason,
		code: e.code
	};
}

export function journalJsonLines(
	entries: readonly JournalEntry[],
	nameOf: ExportedName = () => undefined
): string {
	return (
		entries.map((e) => maskCredentials(JSON.stringify(maskDeep(row(e, nameOf))))).join('\n') +
		(entries.length ? '\n' : '')
	);
}

export function journalCsv(
	entries: readonly JournalEntry[],
	nameOf: ExportedName = () => undefined
): string {
	const lines = ['Time (UTC),Source,Who,Kind,Method,Operation,Item,Item name,Outcome,Reason,Code'];
	for (const e of entries)
		lines.push(
			Object.values(row(e, nameOf))
				.map((v) => csvCell(maskCredentials(v ?? '')))
				.join(',')
		);
	return lines.join('\r\n') + '\r\n';
}
