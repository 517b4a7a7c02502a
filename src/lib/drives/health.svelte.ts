import { untrack } from 'svelte';
import { SvelteMap } from 'svelte/reactivity';
import { syncHealth, type DriveOrBackupKind } from '$lib/api/drives';
import { AgentError, isAbort } from '$lib/api/errors';
import type { SyncHealth } from '$lib/api/schemas/drives';
import { TaskQueue } from './task-queue.ts';

/** Health calls under way at once, whatever the number of drives. */
export const HEALTH_AT_ONCE = 4;

/** The health of one drive or backup as the page knows it: the last answer, or why it failed. */
export type HealthRead = {
	health: SyncHealth | null;
	error: AgentError | null;
	/** A read is waiting or under way (the last answer, if any, stays meanwhile). */
	reading: boolean;
};

type Read = (
	kind: DriveOrBackupKind,
	id: string,
	options: { signal: AbortSignal }
) => Promise<SyncHealth>;

type Shown = {
	kind: DriveOrBackupKind;
	id: string;
	count: number;
	dropWaiting: (() => void) | null;
};

const key = (kind: DriveOrBackupKind, id: string) => `${kind}:${id}`;
const gone = (why: string) => new DOMException(why, 'AbortError');

/**
 * Sync health of the drives a page shows, read only for those on screen (or in a summary), a
 * few at a time (`TaskQueue`), once per round: a new answer of the list (`follow`) starts the
 * next round. A drive that leaves the screen before its turn is not read; `stop()` (the page
 * goes) aborts everything. One instance per page.
 */
export class HealthReads {
	readonly #entries = new SvelteMap<string, HealthRead>();
	readonly #queue: TaskQueue;
	readonly #read: Read;
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not state
	readonly #shown = new Map<string, Shown>();
	/** The round each key was last asked for in, and the newest read's number per key. */
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not state
	readonly #asked = new Map<string, number>();
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not state
	readonly #latest = new Map<string, number>();
	readonly #page = new AbortController();
	#round = 0;
	#reads = 0;
	#answer: object | null = null;

	constructor(read: Read = syncHealth, atOnce = HEALTH_AT_ONCE) {
		this.#read = read;
		this.#queue = new TaskQueue(atOnce);
	}

	get(kind: DriveOrBackupKind, id: string): HealthRead | undefined {
		return this.#entries.get(key(kind, id));
	}

	/**
	 * The drive is shown: its health is read (once a round). Call what it returns when it goes.
	 * Safe to call from an effect: it reads nothing the effect would then depend on.
	 */
	show(kind: DriveOrBackupKind, id: string): () => void {
		return untrack(() => this.#show(kind, id));
	}

	#show(kind: DriveOrBackupKind, id: string): () => void {
		const k = key(kind, id);
		let shown = this.#shown.get(k);
		if (!shown) {
			shown = { kind, id, count: 0, dropWaiting: null };
			this.#shown.set(k, shown);
		}
		shown.count++;
		this.#want(k, shown);
		let hidden = false;
		return () => {
			if (hidden) return;
			hidden = true;
			shown.count--;
			if (shown.count > 0) return;
			this.#shown.delete(k);
			shown.dropWaiting?.();
		};
	}

	/**
	 * The list's answer the page shows: a newer one than the last (the list was read again) reads
	 * the health of every drive shown again. Safe to call from an effect.
	 */
	follow(answer: object) {
		if (answer === this.#answer) return;
		const first = this.#answer === null;
		this.#answer = answer;
		if (first) return;
		this.#round++;
		untrack(() => {
			for (const [k, shown] of this.#shown) this.#want(k, shown);
		});
	}

	/** The page is gone: nothing more is read, and what is under way is aborted. */
	stop() {
		this.#page.abort(gone('The page was left.'));
	}

	#want(k: string, shown: Shown) {
		if (this.#page.signal.aborted || this.#asked.get(k) === this.#round) return;
		this.#asked.set(k, this.#round);
		const n = ++this.#reads;
		this.#latest.set(k, n);
		const mine = new AbortController();
		const signal = AbortSignal.any([this.#page.signal, mine.signal]);
		let started = false;
		shown.dropWaiting = () => {
			if (started) return;
			// Not read after all: asked again when it is shown again.
			if (this.#latest.get(k) === n) this.#asked.delete(k);
			mine.abort(gone('The drive left the screen before its turn.'));
		};
		const before = this.#entries.get(k);
		this.#entries.set(k, { health: before?.health ?? null, error: null, reading: true });
		const settle = (change: Partial<HealthRead>) => {
			if (this.#latest.get(k) !== n) return;
			const last = this.#entries.get(k);
			this.#entries.set(k, { health: null, error: null, ...last, reading: false, ...change });
		};
		this.#queue
			.run((s) => {
				started = true;
				return this.#read(shown.kind, shown.id, { signal: s });
			}, signal)
			.then(
				(health) => settle({ health, error: null }),
				(error: unknown) => {
					if (signal.aborted || isAbort(error)) return settle({});
					if (error instanceof AgentError) return settle({ error });
					throw error;
				}
			);
	}
}
