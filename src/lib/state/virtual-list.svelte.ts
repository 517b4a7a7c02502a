import {
	Virtualizer,
	elementScroll,
	measureElement,
	observeElementOffset,
	observeElementRect,
	type VirtualItem
} from '@tanstack/virtual-core';

type VirtualListOptions = {
	/** Rows before the first measurement; a row measured once keeps its height (by key). */
	estimateSize: (index: number) => number;
	/** Rows kept in the page beyond those in view, on each side. */
	overscan?: number;
};

/**
 * A long list of which only the rows in view (and a few around them) exist in the page. This is
 * the one place that talks to TanStack's virtual-core: like the library's own framework adapters,
 * it alone calls its lifecycle hooks, and components see reactive `items` and `totalSize`.
 *
 * Use: create it in a component's script, `attach` the scroll element in an effect or onMount,
 * and call `update` with the count and key function whenever the rows change.
 */
export class VirtualList {
	items = $state.raw<VirtualItem[]>([]);
	totalSize = $state(0);
	readonly #virtualizer: Virtualizer<HTMLElement, HTMLElement>;
	#scroller: HTMLElement | null = null;
	/** Rows measured because their height varies; rows gone from the page are dropped. */
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not state
	readonly #measured = new Set<HTMLElement>();

	constructor(options: VirtualListOptions) {
		this.#virtualizer = new Virtualizer<HTMLElement, HTMLElement>({
			count: 0,
			getScrollElement: () => this.#scroller,
			estimateSize: options.estimateSize,
			overscan: options.overscan ?? 6,
			getItemKey: (index) => index,
			scrollToFn: elementScroll,
			observeElementRect,
			observeElementOffset,
			measureElement,
			onChange: () => this.#read()
		});
	}

	/** Starts following the scroll element's size and position; returns the way to stop. */
	attach(scroller: HTMLElement): () => void {
		this.#scroller = scroller;
		const cleanup = this.#virtualizer._didMount();
		this.#virtualizer._willUpdate();
		this.#read();
		return () => {
			cleanup();
			this.#scroller = null;
		};
	}

	/**
	 * The rows changed. Give a new key function with each new list: the library recomputes its
	 * measurements (kept by key, so a measured row keeps its height) only when the function or
	 * the count changes.
	 */
	update(count: number, getItemKey: (index: number) => number | string) {
		this.#virtualizer.setOptions({ ...this.#virtualizer.options, count, getItemKey });
		this.#virtualizer._willUpdate();
		this.#read();
	}

	/** Scrolls so the row at `index` is in view. */
	scrollToIndex(index: number) {
		this.#virtualizer.scrollToIndex(index, { align: 'center' });
	}

	/**
	 * Forgets every measurement, after something that changes all heights (a new width), and
	 * measures again the rows in the page whose height varies: their size may not change again,
	 * so nothing else would tell the list.
	 */
	measure() {
		this.#virtualizer.measure();
		for (const node of this.#measured) {
			if (node.isConnected) this.#virtualizer.measureElement(node);
			else this.#measured.delete(node);
		}
	}

	/** Sets one row's height without measuring it (a row folded back to its fixed height). */
	resizeItem(index: number, size: number) {
		this.#virtualizer.resizeItem(index, size);
	}

	/** Measures a row whose height varies; its size is then followed as it changes. */
	measureElement(node: HTMLElement) {
		for (const old of this.#measured) if (!old.isConnected) this.#measured.delete(old);
		this.#measured.add(node);
		this.#virtualizer.measureElement(node);
	}

	#read() {
		this.items = this.#virtualizer.getVirtualItems();
		this.totalSize = this.#virtualizer.getTotalSize();
	}
}
