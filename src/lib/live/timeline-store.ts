import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { maskCredentials, maskDeep } from '$lib/mask';
import type { Said } from './event-words';
import { readerFor } from './frames';
import { isEntry } from './protocol';
import { payloadOf, payloadText, type NewEntry, type TimelineEntry } from './timeline-entry';

/**
 * The timeline kept in IndexedDB, per agent and user (keyed by `timelineOwner()`), so a reload, a
 * new tab or a sign-in after expiry shows what that user's console saw before, and another user of
 * the same agent in this browser starts empty. Written in batches, bounded by the retention cap.
 * One hub writes at a time (a Web Lock per owner), so two hubs (two tabs without a shared
 * worker) do not store each frame twice. Signing out keeps it for the same user's next sign-in
 * to the same agent; Clear empties it.
 */

const DB_NAME = 'agent-console-timeline';
/** Entries per stored record: IndexedDB's cost is per record, so the events go in chunks. */
const CHUNK = 1000;
/**
 * Small batches (a trickle) each go in a record of their own, and the newest such records are
 * merged into one when they hold MERGE_AT events between them, or when there are TAIL_RECORDS of
 * them: each write carries only its new events, not the newest record read and written back whole.
 */
const MERGE_AT = 200;
const TAIL_RECORDS = 50;

type Stored = Omit<TimelineEntry, 'seq'>;
/** A run of an agent's events, oldest first. */
type Chunk = { agent: string; entries: Stored[] };
/** An agent's chunks, oldest first, with how many events each holds, and when it was last written. */
type Meta = { agent: string; lastAt: number; chunks: { key: number; count: number }[] };

interface TimelineDb extends DBSchema {
	chunks: { key: number; value: Chunk; indexes: { agent: string } };
	/** Where the "nobody listening" gap starts, and the chunks in order with their sizes. */
	meta: { key: string; value: Meta };
}

let opening: Promise<IDBPDatabase<TimelineDb> | null> | null = null;

/** The database, or null where the browser offers none (private modes, blocked storage). */
function db(): Promise<IDBPDatabase<TimelineDb> | null> {
	opening ??= (async () => {
		if (typeof indexedDB === 'undefined') return null;
		try {
			return await openDB<TimelineDb>(DB_NAME, 5, {
				upgrade(database, oldVersion, _newVersion, transaction) {
					// Before version 5 an entry kept its words in English, not what they say
					// (`said`): each is described once more from its frame, in place. Before
					// version 4 the mask did not know fields named as credentials (smbPassword,
					// clientSecret): what was kept is masked again too.
					if (oldVersion === 4) return void describeOnce(transaction);
					if (oldVersion === 3) return void maskAgain(database, transaction);
					// Before version 3 a timeline was kept per agent, not per user: it belongs to no
					// one now, and another user must not see it, so it goes.
					startAfresh(database);
				},
				// A newer console (another tab, just deployed) needs to change the database: this
				// one steps aside rather than hold it up, and keeps no more until reloaded.
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

/** How long a flood's writes wait for each other (see `#drain`). */
const FLOOD_WRITE_MS = 2000;

/**
 * How long a trickle waits to be written: a write's cost is per transaction, not per event. A tab
 * that goes away writes what waits at once (`close`); a browser that crashes loses those seconds
 * from the kept timeline (the agent's history still has its transfers).
 */
const WRITE_DELAY_MS = 5000;

export type Restored = { entries: NewEntry[]; lastAt: number | null };

/** What was kept for this agent, oldest first, at most the cap; and when it was last written. */
export async function loadTimeline(agent: string, cap: number): Promise<Restored> {
	const database = await db();
	if (!database) return { entries: [], lastAt: null };
	const tx = database.transaction(['chunks', 'meta'], 'readonly');
	const stored = await tx.objectStore('meta').get(agent);
	const meta = metaOf(agent, stored);
	const parts: Stored[][] = [];
	let count = 0;
	for (const { key } of [...meta.chunks].reverse()) {
		if (count >= cap) break;
		const chunk = await tx.objectStore('chunks').get(key);
		if (!isChunk(chunk)) continue;
		parts.push(chunk.entries);
		count += chunk.entries.length;
	}
	await tx.done;
	// An entry of an older shape (one the upgrade could not rewrite) is described here, once.
	const entries = parts
		.reverse()
		.flat()
		.flatMap((entry) => {
			const kept = keptEntry(entry);
			return kept ? [kept] : [];
		});
	return {
		entries: entries.slice(Math.max(0, entries.length - cap)),
		lastAt: typeof stored?.lastAt === 'number' ? stored.lastAt : null
	};
}

export class TimelineStore {
	readonly #agent: string;
	#queue: NewEntry[] = [];
	#timer: ReturnType<typeof setTimeout> | null = null;
	#writing: Promise<void> | null = null;
	#cap: number;
	#writer = false;
	#release: (() => void) | null = null;
	/** Ends the wait between writes during a flood (closing writes what is queued at once). */
	#wake: (() => void) | null = null;
	/** Queues what is added while another writes, to write once this one is the writer (`hold`). */
	#holding = false;
	#closed = false;

	constructor(agent: string, cap: number) {
		this.#agent = agent;
		this.#cap = cap;
		this.#claim();
	}

	/** Becomes the writer when no other tab is, and stays it until closed. */
	#claim() {
		if (typeof navigator === 'undefined' || !navigator.locks) {
			this.#writer = true;
			return;
		}
		void navigator.locks.request(`${DB_NAME}:${this.#agent}`, () => {
			// Closed while it waited: the next store of this agent takes the lock.
			if (this.#closed) return;
			this.#writer = true;
			this.#holding = false;
			if (this.#queue.length > 0) this.#later();
			return new Promise<void>((resolve) => (this.#release = resolve));
		});
	}

	/**
	 * Keeps what is added while another store (an older build's hub, handing over) writes, to
	 * write it once that one lets go; otherwise (and after `hold(false)`) a store that is not the
	 * writer drops it, as the writer keeps the same events.
	 */
	hold(on = true) {
		if (this.#writer) return;
		this.#holding = on;
		if (!on) this.#queue = [];
	}

	add(entries: NewEntry[]) {
		if ((!this.#writer && !this.#holding) || entries.length === 0) return;
		for (const e of entries) this.#queue.push(e);
		// Never more than the cap waiting: older ones would be trimmed right after anyway.
		if (this.#queue.length > this.#cap) this.#queue.splice(0, this.#queue.length - this.#cap);
		if (this.#writer) this.#later();
	}

	#later() {
		this.#timer ??= setTimeout(() => {
			this.#timer = null;
			void this.flush();
		}, WRITE_DELAY_MS);
	}

	/**
	 * Writes what is queued, then trims the store to the cap. One write at a time: what arrives
	 * meanwhile waits in the queue (never more than the cap), so a flood the disk cannot keep up
	 * with costs bounded memory, not a growing chain of batches.
	 */
	flush(): Promise<void> {
		this.#writing ??= this.#drain().finally(() => (this.#writing = null));
		return this.#writing;
	}

	async #drain() {
		try {
			while (this.#queue.length > 0) {
				const batch = this.#queue;
				this.#queue = [];
				await this.#write(batch);
				// A batch at the cap replaced the whole store: in a flood, writing less often keeps
				// only the newest and spares the disk (and the machine) writes trimmed at once.
				if (batch.length >= this.#cap && this.#queue.length > 0)
					await new Promise<void>((resolve) => {
						const timer = setTimeout(resolve, FLOOD_WRITE_MS);
						this.#wake = () => (clearTimeout(timer), resolve());
					});
				this.#wake = null;
			}
		} catch {
			// Storage refused (quota, blocked): the timeline on screen is unaffected.
		}
	}

	/**
	 * Adds the batch in records of its own, merges the newest small records once they are enough
	 * (see MERGE_AT), and trims to the cap, in one transaction.
	 */
	async #write(batch: NewEntry[]) {
		const database = await db();
		if (!database || batch.length === 0) return;
		const tx = database.transaction(['chunks', 'meta'], 'readwrite');
		const chunks = tx.objectStore('chunks');
		const meta = metaOf(this.#agent, await tx.objectStore('meta').get(this.#agent));
		for (let i = 0; i < batch.length; i += CHUNK) {
			const entries = batch.slice(i, i + CHUNK).map(masked);
			const key = await chunks.add({ agent: this.#agent, entries });
			meta.chunks.push({ key, count: entries.length });
		}
		await mergeTail(tx, meta);
		meta.lastAt = batch.at(-1)!.at;
		await trim(tx, meta, this.#cap);
		await tx.done;
	}

	async setCap(cap: number) {
		this.#cap = cap;
		const database = await db();
		if (!database) return;
		const tx = database.transaction(['chunks', 'meta'], 'readwrite');
		const stored = await tx.objectStore('meta').get(this.#agent);
		// A cap the user lowered holds at once, to the event.
		if (stored) await trim(tx, metaOf(this.#agent, stored), cap, 0);
		await tx.done;
	}

	async clear() {
		this.#queue = [];
		await this.#writing;
		const database = await db();
		if (!database) return;
		const tx = database.transaction(['chunks', 'meta'], 'readwrite');
		const chunks = tx.objectStore('chunks');
		for (const key of await chunks.index('agent').getAllKeys(this.#agent)) void chunks.delete(key);
		void tx.objectStore('meta').delete(this.#agent);
		await tx.done;
	}

	/** Stops writing (sign-out, another agent); what is queued is written first. */
	async close() {
		this.#closed = true;
		if (this.#timer !== null) clearTimeout(this.#timer);
		this.#timer = null;
		// Held for a writer it never became: the writer keeps those events.
		if (!this.#writer) this.#queue = [];
		this.#wake?.();
		await this.flush();
		this.#release?.();
		this.#release = null;
		this.#writer = false;
	}
}

/**
 * An agent's record of its chunks, made whole: one written by version 1 has no list, and one
 * changed by hand may hold anything. Whatever cannot be read counts as no chunks, so the next
 * write starts a good list instead of failing every time.
 */
function metaOf(agent: string, stored: unknown): Meta {
	const value = (stored ?? {}) as Partial<Meta>;
	const chunks = Array.isArray(value.chunks)
		? value.chunks.filter(
				(c) =>
					typeof c === 'object' &&
					c !== null &&
					Number.isInteger(c.key) &&
					Number.isInteger(c.count) &&
					c.count >= 0
			)
		: [];
	return { agent, lastAt: typeof value.lastAt === 'number' ? value.lastAt : 0, chunks };
}

function isChunk(value: unknown): value is Chunk {
	return typeof value === 'object' && value !== null && Array.isArray((value as Chunk).entries);
}

type WriteTx = IDBPTransaction<TimelineDb, ('chunks' | 'meta')[], 'readwrite'>;

/**
 * Merges the newest records of fewer than MERGE_AT events each into the oldest of them, once they
 * hold MERGE_AT events between them or number TAIL_RECORDS; a record that cannot be read is dropped
 * from the list (as `metaOf` drops what it cannot read).
 */
async function mergeTail(tx: WriteTx, meta: Meta) {
	let start = meta.chunks.length;
	let events = 0;
	while (start > 0 && meta.chunks[start - 1]!.count < MERGE_AT) {
		start--;
		events += meta.chunks[start]!.count;
	}
	const tail = meta.chunks.slice(start);
	if (tail.length < 2 || (events < MERGE_AT && tail.length < TAIL_RECORDS)) return;
	const store = tx.objectStore('chunks');
	const entries: Stored[] = [];
	for (const { key } of tail) {
		const chunk = await store.get(key);
		if (isChunk(chunk)) for (const entry of chunk.entries) entries.push(entry);
	}
	const [first, ...rest] = tail;
	for (const { key } of rest) void store.delete(key);
	void store.put({ agent: meta.agent, entries }, first!.key);
	meta.chunks.splice(start, tail.length, { key: first!.key, count: entries.length });
}

/**
 * How many events beyond the cap may wait on disk for their record to go whole: cutting through
 * the oldest record reads and writes it back, which at every write would cost more than the write.
 * A load reads the newest `cap` only, so no more than the cap is ever shown.
 */
const TRIM_SLACK = MERGE_AT;

/**
 * Deletes the oldest events beyond the cap: whole chunks, and the oldest of a chunk the cap cuts
 * through once more than `slack` are beyond it. Then saves the agent's list of chunks.
 */
async function trim(tx: WriteTx, meta: Meta, cap: number, slack = TRIM_SLACK) {
	const chunks = tx.objectStore('chunks');
	let total = meta.chunks.reduce((sum, c) => sum + c.count, 0);
	while (meta.chunks.length > 0 && total - meta.chunks[0]!.count >= cap) {
		const oldest = meta.chunks.shift()!;
		total -= oldest.count;
		void chunks.delete(oldest.key);
	}
	const cut = meta.chunks[0];
	if (cut && total > cap + slack) {
		const chunk = await chunks.get(cut.key);
		if (isChunk(chunk)) {
			chunk.entries = chunk.entries.slice(total - cap);
			cut.count = chunk.entries.length;
			void chunks.put(chunk, cut.key);
		}
	}
	await tx.objectStore('meta').put(meta);
}

/** Empty stores of today's shape, in place of whatever the database held. */
function startAfresh(database: IDBPDatabase<TimelineDb>) {
	for (const name of [...database.objectStoreNames])
		database.deleteObjectStore(name as 'chunks' | 'meta');
	database.createObjectStore('chunks', { autoIncrement: true }).createIndex('agent', 'agent');
	database.createObjectStore('meta', { keyPath: 'agent' });
}

type UpgradeTx = IDBPTransaction<TimelineDb, ('chunks' | 'meta')[], 'versionchange'>;

/**
 * Every kept record through today's mask, within the upgrade's own transaction; a record of
 * another shape is left as it is (`loadTimeline` reads past it). When masking fails, what was
 * kept goes, as before version 3: aborting would keep the unmasked secrets on disk, and the same
 * record would fail again at every start, so the console would never keep a timeline again. Only
 * where the transaction is already lost does it abort, and the upgrade then changes nothing.
 */
async function maskAgain(database: IDBPDatabase<TimelineDb>, transaction: UpgradeTx) {
	try {
		let cursor = await transaction.objectStore('chunks').openCursor();
		while (cursor) {
			const chunk: unknown = cursor.value;
			if (isChunk(chunk))
				await cursor.update({
					...chunk,
					entries: keptEntries(chunk.entries.map(maskedAgain)) as Stored[]
				});
			cursor = await cursor.continue();
		}
	} catch {
		try {
			startAfresh(database);
		} catch {
			try {
				transaction.abort();
			} catch {
				// Already aborted: the database stays at version 3, whole, and opening fails.
			}
		}
	}
}

/** An entry as versions 3 and 4 kept it: its words in English. */
type KeptBefore5 = Omit<Stored, 'said'> & { label?: unknown; summary?: unknown };

function maskedAgain(entry: KeptBefore5): KeptBefore5 {
	if (typeof entry !== 'object' || entry === null) return entry;
	return {
		...entry,
		...(typeof entry.summary === 'string' ? { summary: maskCredentials(entry.summary) } : {}),
		...(typeof entry.json === 'string' ? { json: jsonMaskedAgain(entry.json) } : {}),
		...(typeof entry.payload === 'string' ? { payload: maskCredentials(entry.payload) } : {})
	};
}

/**
 * A frame's JSON text through the mask of parsed values, which knows fields named as credentials
 * whatever they hold (`{"Password":12345678}`, `{"credentials":{...}}`); text that is not JSON
 * goes through the text mask.
 */
function jsonMaskedAgain(json: string): string {
	let value: unknown;
	try {
		value = JSON.parse(json);
	} catch {
		return maskCredentials(json);
	}
	const masked = maskDeep(value);
	return masked === value ? json : JSON.stringify(masked);
}

/**
 * What is stored: the entry with anything token-like masked. The JWT lives in session storage
 * only; a frame that carries one (a URL with `?token=`) must not put it on disk.
 */
function masked(entry: NewEntry): Stored {
	const said = maskedSaid(entry.said);
	// The text of a frame that could not be read stays text; anything else is kept as JSON text.
	if (entry.json === undefined && typeof entry.payload === 'string')
		return { ...entry, said, payload: maskCredentials(entry.payload) };
	if (entry.json === undefined && (entry.payload === null || entry.payload === undefined))
		return { ...entry, said };
	return { ...entry, said, payload: undefined, json: maskCredentials(payloadText(entry)) };
}

/** What an entry says, its text through the mask (numbers and the key as they are). */
function maskedSaid(said: Said): Said {
	const out: Record<string, unknown> = { ...said };
	for (const [name, value] of Object.entries(out))
		if (name !== 'key' && typeof value === 'string') out[name] = maskCredentials(value);
	return out as Said;
}

/**
 * Each entry of a record rewritten in today's shape (`keptEntry`), within the upgrade's own
 * transaction. Nothing is lost: a record of another shape, or one that fails, stays as it was,
 * and is read past or described when loaded.
 */
async function describeOnce(transaction: UpgradeTx) {
	try {
		let cursor = await transaction.objectStore('chunks').openCursor();
		while (cursor) {
			const chunk: unknown = cursor.value;
			if (isChunk(chunk))
				await cursor.update({ ...chunk, entries: keptEntries(chunk.entries) as Stored[] });
			cursor = await cursor.continue();
		}
	} catch {
		// The rest stays as version 4 kept it: `loadTimeline` describes those entries as it reads.
	}
}

/** Entries in today's shape: one that cannot be read as an event stays as it was (read past). */
function keptEntries(entries: unknown[]): unknown[] {
	return entries.map((entry) => keptEntry(entry) ?? entry);
}

/**
 * An entry in today's shape: as it is, or one kept before version 5 (its words in English)
 * described once from its frame; what its frame no longer reads as (a frame that could not be
 * read, a gap, a frame of an older shape) says the English it kept. Null for what is no event.
 */
function keptEntry(value: unknown): Stored | null {
	if (isEntry(value)) return value;
	if (typeof value !== 'object' || value === null) return null;
	const { summary } = value as KeptBefore5;
	const entry: Record<string, unknown> = { ...value };
	delete entry.label;
	delete entry.summary;
	const kept: Said = { key: 'text', text: typeof summary === 'string' ? summary : '' };
	entry.said = saidAgain(entry as Stored) ?? kept;
	return isEntry(entry) ? entry : null;
}

/** What a kept frame says, read and described again (once, when an old entry is made new). */
function saidAgain(entry: Stored): Said | null {
	if (entry.kind === 'malformed' || entry.kind === 'gap') return null;
	try {
		const reader = readerFor(entry.channel);
		const parsed = reader.parse(payloadOf(entry));
		if (!parsed.ok) return null;
		const described = reader.describe(parsed.frame);
		return described.kind === entry.kind ? described.said : null;
	} catch {
		return null;
	}
}
