import type { StateChangeFrame } from '$lib/api/schemas/frames';
import { fileStateOf, type FileState } from './live-records';

/** The latest state of each path, from /statechange; the least recently changed drop past MAX_PATHS. */

const MAX_PATHS = 5_000;

export class FileStates {
	version = $state(0);
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- read through `version`: one signal per batch, not one per entry
	#byPath = new Map<string, FileState>();

	get list(): FileState[] {
		void this.version;
		return [...this.#byPath.values()];
	}

	/** State changes, read on this page (no worker). */
	apply(batch: { frame: StateChangeFrame; at: number }[]) {
		this.upsert(batch.map(({ frame, at }) => fileStateOf(frame, at)));
	}

	/** The latest states, as the socket worker keeps them (or as `apply` reads them). */
	upsert(states: FileState[]) {
		if (states.length === 0) return;
		for (const state of states) {
			this.#byPath.delete(state.path);
			this.#byPath.set(state.path, state);
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
