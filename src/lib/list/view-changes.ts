/**
 * A page's view (filters, sort, search) that lives in the URL and changes by navigations. A change
 * asked while an earlier one is still on its way builds on that one, not on the URL being left:
 * a filter chosen and a search typed during a slow navigation both stay, rather than the second
 * navigation, built from the old URL, taking the first one back.
 *
 * Example: `src/lib/list/list-page.svelte.ts`.
 */
export class ViewChanges<V> {
	#wanted: V | null = null;
	readonly #current: () => V;

	/** `current`: the view the URL shows now. */
	constructor(current: () => V) {
		this.#current = current;
	}

	/** The view a change builds on: the one on its way, else the URL's. */
	get base(): V {
		return this.#wanted ?? this.#current();
	}

	/** Goes to the view changed by `change`, through `navigate`, remembered until that ends. */
	async change(change: Partial<V>, navigate: (view: V) => Promise<void>): Promise<void> {
		const next = { ...this.base, ...change };
		this.#wanted = next;
		try {
			await navigate(next);
		} finally {
			if (this.#wanted === next) this.#wanted = null;
		}
	}
}
