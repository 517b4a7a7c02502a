import { untrack } from 'svelte';

/**
 * Which forms on screen hold input that is not saved. Nothing that ends a session or leaves a
 * page may throw such input away without telling the user first.
 */
class UnsavedChanges {
	#dirty = $state<Record<string, boolean>>({});

	/** Called from effects: reads untracked, so the caller does not come to depend on it. */
	set(form: string, dirty: boolean) {
		if (untrack(() => this.#dirty[form] ?? false) !== dirty) {
			this.#dirty = { ...untrack(() => this.#dirty), [form]: dirty };
		}
	}

	get any(): boolean {
		return Object.values(this.#dirty).some(Boolean);
	}

	reset() {
		this.#dirty = {};
	}
}

export const unsaved = new UnsavedChanges();
