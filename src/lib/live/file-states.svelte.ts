import type { FileState } from './live-records';

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

	/** The latest states, as the hub read them. */
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
