import { m } from '$lib/paraglide/messages';

/**
 * A destructive action confirmed by typing a name (a user's, a drive's): what was typed, and why
 * it does not confirm yet. Shown by `TypeToConfirm.svelte`.
 *
 * Example: `src/lib/drives/RemoveDialog.svelte`.
 */
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
		const typed = this.typed === name || this.typed.trim() === name;
		this.errors = typed ? [] : [m.parts_type_exactly({ name })];
		return this.errors.length === 0;
	}

	reset() {
		this.typed = '';
		this.errors = [];
	}
}
