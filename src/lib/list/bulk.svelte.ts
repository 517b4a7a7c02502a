import { agentFailure } from '$lib/actions/agent-failure';
import { errorMessage } from '$lib/api/errors';

/** One thing a bulk action acts on: a key, how a person names it, and the value to act on. */
export type BulkItem<T> = { key: string; label: string; value: T };
export type BulkResult<T> = { item: BulkItem<T>; ok: boolean; error: string | null };

/**
 * A bulk action that calls the agent once per item, one at a time, with progress, and ends with
 * which items succeeded and which failed and why, so the failed ones can be tried again. One
 * failure never stops the rest; an error that is not the agent's (a bug) still does.
 */
export class BulkRun<T> {
	running = $state(false);
	done = $state(0);
	total = $state(0);
	results = $state.raw<BulkResult<T>[]>([]);
	#stop = false;

	get failed(): BulkItem<T>[] {
		return this.results.filter((r) => !r.ok).map((r) => r.item);
	}

	get succeeded(): BulkItem<T>[] {
		return this.results.filter((r) => r.ok).map((r) => r.item);
	}

	async run(items: BulkItem<T>[], action: (value: T) => Promise<unknown>): Promise<void> {
		if (this.running) return;
		this.running = true;
		this.#stop = false;
		this.done = 0;
		this.total = items.length;
		this.results = [];
		try {
			for (const item of items) {
				if (this.#stop) break;
				try {
					await action(item.value);
					this.results = [...this.results, { item, ok: true, error: null }];
				} catch (error) {
					const failure = agentFailure(error);
					this.results = [...this.results, { item, ok: false, error: errorMessage(failure) }];
				}
				this.done++;
			}
		} finally {
			this.running = false;
		}
	}

	/** Stops after the call under way. */
	stop() {
		this.#stop = true;
	}

	clear() {
		this.results = [];
		this.done = 0;
		this.total = 0;
	}
}
