import { redactTokens } from '$lib/contract';
import type { StateChangeFrame } from '$lib/api/schemas/frames';

/** The latest state of each path, from /statechange; the least recently changed drop past MAX_PATHS. */

export type FileState = { path: string; storage: string; state: number; at: number };

const MAX_PATHS = 5_000;

export class FileStates {
	version = $state(0);
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- read through `version`: one signal per batch, not one per entry
	#byPath = new Map<string, FileState>();

	get list(): FileState[] {
		void this.version;
		return [...this.#byPath.values()];
	}

	apply(batch: { frame: StateChangeFrame; at: number }[]) {
		if (batch.length === 0) return;
		for (const { frame, at } of batch) {
			this.#byPath.delete(frame.Path);
			this.#byPath.set(frame.Path, {
				// Shown as text: anything token-like is masked once, here.
				path: redactTokens(frame.Path),
				storage: redactTokens(frame.StorageName ?? ''),
				state: frame.State,
				at
			});
		}
		for (const path of this.#byPath.keys()) {
			if (this.#byPath.size <= MAX_PATHS) break;
			this.#byPath.delete(path);
		}
		this.version++;
	}

	clear() {
		this.#byPath.clear();
		this.version++;
	}
}
