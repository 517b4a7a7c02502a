import { AgentError, isAbort } from '$lib/api/errors';
import type { Settled } from './page-data.svelte.ts';

/**
 * A read on demand: one a page makes when the user opens something (a dialog, a panel) or types,
 * not in its load. Every such read goes one way:
 *
 * - a newer `run()` aborts the one under way, and its answer is dropped;
 * - the owner going (the component, or the controller made in its script) aborts it too;
 * - the agent's error is kept in `error`, for the caller to say in words or to do without (a
 *   name unread, an id shown instead); an abort is nothing; anything else is a bug, thrown on.
 *
 * Create it in a component's script, or in a controller created there: it stops with it.
 *
 * Example: `src/lib/files/DetailsPanel.svelte`.
 */
export class ReadOnDemand<T, A extends unknown[] = []> {
	/** The newest answer; kept while a newer read is under way or after it fails. */
	value = $state.raw<T | undefined>(undefined);
	/** Why the newest read failed; null once one succeeds, or while none did. */
	error = $state.raw<AgentError | null>(null);
	/** A read is under way. */
	pending = $state(false);
	/** Whether it was ever run. */
	asked = false;

	readonly #read: (signal: AbortSignal, ...args: A) => Promise<T>;
	#controller: AbortController | null = null;

	constructor(read: (signal: AbortSignal, ...args: A) => Promise<T>) {
		this.#read = read;
		$effect(() => () => this.stop());
	}

	/**
	 * Reads (again), aborting a read under way. Settles as what it read, or null when a newer
	 * read or the owner going dropped it.
	 */
	async run(...args: A): Promise<Settled<T> | null> {
		this.#controller?.abort();
		const controller = new AbortController();
		this.#controller = controller;
		this.asked = true;
		this.pending = true;
		this.error = null;
		const mine = () => this.#controller === controller && !controller.signal.aborted;
		try {
			const value = await this.#read(controller.signal, ...args);
			if (!mine()) return null;
			this.value = value;
			return { ok: true, value };
		} catch (error) {
			if (!mine() || isAbort(error)) return null;
			if (!(error instanceof AgentError)) throw error;
			this.error = error;
			return { ok: false, error };
		} finally {
			if (this.#controller === controller) {
				this.pending = false;
				this.#controller = null;
			}
		}
	}

	/** Forgets what was read and drops a read under way (what it was read for has changed). */
	clear() {
		this.stop();
		this.value = undefined;
		this.error = null;
	}

	/** The owner is gone: the read under way is aborted and its answer dropped. */
	stop() {
		this.#controller?.abort();
		this.#controller = null;
		this.pending = false;
	}
}
