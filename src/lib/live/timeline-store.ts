import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { redactTokens } from '$lib/contract';
import { payloadText } from './frames';
import type { NewEntry, TimelineEntry } from './timeline.svelte';

/**
 * The timeline kept in IndexedDB, per agent, so a reload, a new tab or a sign-in after expiry
 * shows what was seen before. Written in batches, bounded by the retention cap. One tab writes
 * at a time (a Web Lock per agent), so two open tabs do not store each frame twice: the socket
 * worker where there is one (it reads every frame once for all tabs), else one of the tabs. Signing out
 * keeps it for the next sign-in to the same agent; Clear empties it.
 */

const DB_NAME = 'agent-console-timeline';
/** Records written per transaction: large batches are cut up so no task runs long. */
const SLICE = 1000;

type Stored = Omit<TimelineEntry, 'seq'> & { agent: string };

interface TimelineDb extends DBSchema {
	events: { key: number; value: Stored; indexes: { agent: string } };
	/** When each agent's timeline was last written: where the "nobody listening" gap starts. */
	meta: { key: string; value: { agent: string; lastAt: number } };
}

let opening: Promise<IDBPDatabase<TimelineDb> | null> | null = null;

/** The database, or null where the browser offers none (private modes, blocked storage). */
function db(): Promise<IDBPDatabase<TimelineDb> | null> {
	opening ??= (async () => {
		if (typeof indexedDB === 'undefined') return null;
		try {
			return await openDB<TimelineDb>(DB_NAME, 1, {
				upgrade(database) {
					const events = database.createObjectStore('events', { autoIncrement: true });
					events.createIndex('agent', 'agent');
					database.createObjectStore('meta', { keyPath: 'agent' });
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

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export type Restored = { entries: NewEntry[]; lastAt: number | null };

/** What was kept for this agent, oldest first, at most the cap; and when it was last written. */
export async function loadTimeline(agent: string, cap: number): Promise<Restored> {
	const database = await db();
	if (!database) return { entries: [], lastAt: null };
	const tx = database.transaction(['events', 'meta'], 'readonly');
	const entries: NewEntry[] = [];
	let cursor = await tx.objectStore('events').index('agent').openCursor(agent, 'prev');
	while (cursor && entries.length < cap) {
		const entry: Partial<Stored> = { ...cursor.value };
		delete entry.agent;
		entries.push(entry as NewEntry);
		cursor = await cursor.continue();
	}
	const meta = await tx.objectStore('meta').get(agent);
	await tx.done;
	return { entries: entries.reverse(), lastAt: meta?.lastAt ?? null };
}

/** What keeps the timeline: this store in the tab, or the socket worker's (`shared-socket.ts`). */
export type Keeper = {
	add(entries: NewEntry[]): void;
	setCap(cap: number): Promise<void>;
	clear(): Promise<void>;
	close(): Promise<void>;
};

export class TimelineStore implements Keeper {
	readonly #agent: string;
	#queue: NewEntry[] = [];
	#timer: ReturnType<typeof setTimeout> | null = null;
	#writing: Promise<void> | null = null;
	#cap: number;
	/** Whether this tab is the one that writes (holds the agent's lock). */
	#writer = false;
	#release: (() => void) | null = null;
	/** Ends the wait between writes during a flood (closing writes what is queued at once). */
	#wake: (() => void) | null = null;

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
			this.#writer = true;
			return new Promise<void>((resolve) => (this.#release = resolve));
		});
	}

	/** Queues entries to write; they go in one batch a moment later. */
	add(entries: NewEntry[]) {
		if (!this.#writer || entries.length === 0) return;
		for (const e of entries) this.#queue.push(e);
		// Never more than the cap waiting: older ones would be trimmed right after anyway.
		if (this.#queue.length > this.#cap) this.#queue.splice(0, this.#queue.length - this.#cap);
		this.#timer ??= setTimeout(() => {
			this.#timer = null;
			void this.flush();
		}, 500);
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

	async #write(batch: NewEntry[]) {
		const database = await db();
		if (!database || batch.length === 0) return;
		for (let i = 0; i < batch.length; i += SLICE) {
			const tx = database.transaction(['events', 'meta'], 'readwrite');
			const events = tx.objectStore('events');
			for (const entry of batch.slice(i, i + SLICE)) {
				void events.add(masked(this.#agent, entry));
			}
			void tx.objectStore('meta').put({ agent: this.#agent, lastAt: batch.at(-1)!.at });
			await tx.done;
			if (i + SLICE < batch.length) await pause();
		}
		await this.#trim(database);
	}

	/**
	 * Deletes the oldest beyond the cap. Their keys come in one request and the deletes go out
	 * together, so trimming thousands costs one round trip, not one per record.
	 */
	async #trim(database: IDBPDatabase<TimelineDb>) {
		const tx = database.transaction('events', 'readwrite');
		const index = tx.store.index('agent');
		const extra = (await index.count(this.#agent)) - this.#cap;
		if (extra > 0)
			for (const key of await index.getAllKeys(this.#agent, extra)) void tx.store.delete(key);
		await tx.done;
	}

	async setCap(cap: number) {
		this.#cap = cap;
		const database = await db();
		if (database) await this.#trim(database);
	}

	/** Empties this agent's store (Clear). */
	async clear() {
		this.#queue = [];
		await this.#writing;
		const database = await db();
		if (!database) return;
		const tx = database.transaction(['events', 'meta'], 'readwrite');
		const events = tx.objectStore('events');
		for (const key of await events.index('agent').getAllKeys(this.#agent)) void events.delete(key);
		void tx.objectStore('meta').delete(this.#agent);
		await tx.done;
	}

	/** Stops writing (sign-out, another agent); what is queued is written first. */
	async close() {
		if (this.#timer !== null) clearTimeout(this.#timer);
		this.#timer = null;
		this.#wake?.();
		await this.flush();
		this.#release?.();
		this.#release = null;
		this.#writer = false;
	}
}

/**
 * What is stored: the entry with anything token-like masked. The JWT lives in session storage
 * only; a frame that carries one (a URL with `?token=`) must not put it on disk.
 */
function masked(agent: string, entry: NewEntry): Stored {
	const summary = redactTokens(entry.summary);
	// The text of a frame that could not be read stays text; anything else is kept as JSON text.
	if (entry.json === undefined && typeof entry.payload === 'string')
		return { ...entry, summary, payload: redactTokens(entry.payload), agent };
	if (entry.json === undefined && (entry.payload === null || entry.payload === undefined))
		return { ...entry, summary, agent };
	return { ...entry, summary, payload: undefined, json: redactTokens(payloadText(entry)), agent };
}
