import type { FileState } from './live-records';
import { Version } from './version.svelte';

/** The latest state of each path, from /statechange; the least recently changed drop past MAX_PATHS. */

const MAX_PATHS = 5_000;

export class FileStates {
	readonly #version = new Version();
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- read through `version`: one signal per batch, not one per entry
	#byPath = new Map<string, FileState>();

	/** Read by every getter: one signal per batch (see `Version`). */
	get version(): number {
		return this.#version.value;
	}

	get list(): FileState[] {
		void this.#version.value;
		return [...this.#byPath.values()];
	}

	/** The latest states, as the hub read them; quietly, the views are told on `signal()`. */
	upsert(states: FileState[], { quiet = false } = {}) {
		if (states.length === 0) return;
		for (const state of states) {
			this.#byPath.delete(state.path);
			this.#byPath.set(state.path, state);
		}
		for (const path of this.#byPath.keys()) {
			if (this.#byPath.size <= MAX_PATHS) break;
			this.#byPath.delete(path);
		}
		this.#version.changed({ quiet });
	}

	/** Tells the views of what was taken quietly. */
	signal() {
		this.#version.signal();
	}

	clear() {
		this.#byPath.clear();
		this.#version.changed();
	}
}
