import { m } from '$lib/paraglide/messages';

/**
 * A destructive action confirmed by typing a name (a user's, a drive's): what was typed, and why
 * it does not confirm yet. Shown by `TypeToConfirm.svelte`.
 *
 * Example: `src/lib/drives/RemoveDialog.svelte`.
 */
/** The bidi isolation marks (LRI, RLI, FSI, PDI) the console's sentences set around names. */
const ISOLATES = /[\u2066-\u2069]/g;

export class NameConfirmation {
	typed = $state('');
	errors = $state<string[]>([]);
	readonly #name: () => string;

	constructor(name: () => string) {
		this.#name = name;
	}

	get name(): string {
		return this.#name();
	}

	/**
	 * Whether what was typed is the name as it is (spaces around it aside, unless the name has
	 * them); if not, says so by the field.
	 */
	check(): boolean {
		const name = this.#name();
		// A name copied from a sentence brings the isolation marks the console put around it.
		const copied = /[\u2066-\u2069]/.test(name) ? this.typed : this.typed.replace(ISOLATES, '');
		const typed = [this.typed, copied].some((t) => t === name || t.trim() === name);
		this.errors = typed ? [] : [m.parts_type_exactly({ name })];
		return this.errors.length === 0;
	}

	reset() {
		this.typed = '';
		this.errors = [];
	}
}
