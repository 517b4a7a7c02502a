import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { JOURNAL_KINDS, JOURNAL_OUTCOMES, maskedEntry, merged, type JournalEntry } from './journal';

/**
 * The journal kept in IndexedDB, per agent and user (keyed by `timelineOwner`, as the timeline
 * is), so a reload or the next sign-in shows it and another user of the agent does not see it.
 * Changes come at a person's pace, not a flood's: each is written at once (it must survive the
 * reload that follows it), and an owner's journal is one record, read and written whole in one
 * transaction, so two tabs adding at once each keep the other's entries. Masked on the way in.
 */

const DB_NAME = 'agent-console-journal';

type Kept = { owner: string; entries: JournalEntry[] };

interface JournalDb extends DBSchema {
	journals: { key: string; value: Kept };
}

let opening: Promise<IDBPDatabase<JournalDb> | null> | null = null;

/** The database, or null where the browser offers none (private modes, blocked storage). */
function db(): Promise<IDBPDatabase<JournalDb> | null> {
	opening ??= (async () => {
		if (typeof indexedDB === 'undefined') return null;
		try {
			return await openDB<JournalDb>(DB_NAME, 1, {
				upgrade(database) {
					database.createObjectStore('journals', { keyPath: 'owner' });
				},
				// A newer console needs to change the database: this one steps aside (as the timeline's).
				blocking() {
					void opening?.then((database) => database?.close());
					opening = Promise.resolve(null);
				}
			});
		} catch {
			return null;
		}
	})();
	return opening;
}

const texts = (e: Record<string, unknown>, keys: string[]) =>
	keys.every((k) => e[k] === null || typeof e[k] === 'string');

/** Whether a kept value is an entry of today's shape; anything else is read past. */
function isEntry(value: unknown): value is JournalEntry {
	if (typeof value !== 'object' || value === null) return false;
	const e = value as Record<string, unknown>;
	return (
		typeof e.id === 'string' &&
		typeof e.at === 'number' &&
		(e.source === 'console' || e.source === 'other') &&
		(JOURNAL_KINDS as readonly unknown[]).includes(e.kind) &&
		(JOURNAL_OUTCOMES as readonly unknown[]).includes(e.outcome) &&
		typeof e.method === 'string' &&
		typeof e.operation === 'string' &&
		texts(e, ['who', 'item', 'reason', 'code'])
	);
}

function entriesOf(kept: unknown): JournalEntry[] {
	const entries = (kept as Partial<Kept> | undefined)?.entries;
	return Array.isArray(entries) ? entries.filter(isEntry).map(maskedEntry) : [];
}

/** What was kept for this owner, oldest first; empty where storage is refused. */
export async function loadJournal(owner: string): Promise<JournalEntry[]> {
	try {
		const database = await db();
		if (!database) return [];
		return entriesOf(await database.get('journals', owner));
	} catch {
		return [];
	}
}

/** Adds entries (once each, masked), keeps the newest `cap`; what is now kept, oldest first. */
export async function addToJournal(
	owner: string,
	added: JournalEntry[],
	cap: number
): Promise<JournalEntry[] | null> {
	try {
		const database = await db();
		if (!database) return null;
		const tx = database.transaction('journals', 'readwrite');
		const store = tx.objectStore('journals');
		const entries = merged(entriesOf(await store.get(owner)), added.map(maskedEntry), cap);
		await store.put({ owner, entries });
		await tx.done;
		return entries;
	} catch {
		// Storage refused (quota, blocked): the journal on screen still has them.
		return null;
	}
}
