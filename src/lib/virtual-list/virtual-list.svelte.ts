type VirtualListOptions = {
	/** A row's height until it is measured; a row measured once keeps its height (by key). */
	estimateSize: (index: number) => number;
	/** Rows kept in the page beyond those in view, on each side. */
	overscan?: number;
};

export type VirtualItem = {
	index: number;
	key: number | string;
	start: number;
	size: number;
	end: number;
};

/**
 * A long list of which only the rows in view (and a few around them) exist in the page. Rows have
 * the height `estimateSize` gives (fixed for most), except the few that are measured because their
 * height varies: positions are sums in one reused array, and the rows in view are found by binary
 * search, so a change costs no object per row of the list. A list that streams (the events
 * timeline at 30,000 frames a second, 10,000 kept) changes every frame: a general virtualizer's
 * object per row per change was a tenth of the page's work in its longest frames.
 *
 * Use: create it in a component's script, `attach` the scroll element in an effect or onMount,
 * and call `update` with the count and key function whenever the rows change, and the size
 * estimate when it reads the rows too: the layout calls it once per row, so it should close over
 * plain values taken when the rows changed, not over reactive state read again on every call.
 */
export class VirtualList {
	items = $state.raw<VirtualItem[]>([]);
	totalSize = $state(0);
	#estimate: (index: number) => number;
	readonly #overscan: number;
	#count = 0;
	#key: (index: number) => number | string = (index) => index;
	/** `#starts[i]` is where row i begins; `#starts[count]` is the whole height. */
	#starts = new Float64Array(1);
	/** Heights of the rows measured, by key. */
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not state
	readonly #sizes = new Map<number | string, number>();
	/** Rows measured because their height varies; rows gone from the page are dropped. */
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not state
	readonly #measured = new Set<HTMLElement>();
	#scroller: HTMLElement | null = null;
	#viewport = 0;
	/**
	 * Where the view is scrolled to, as its scroll events last said. Read from the element only
	 * there and after setting it: reading it right after the rows change makes the browser lay the
	 * page out on the spot, once more each frame (the most of the list's time in a stream).
	 */
	#top = 0;
	#rows: ResizeObserver | null = null;

	constructor(options: VirtualListOptions) {
		this.#estimate = options.estimateSize;
		this.#overscan = options.overscan ?? 6;
	}

	/** Starts following the scroll element's size and position; returns the way to stop. */
	attach(scroller: HTMLElement): () => void {
		this.#scroller = scroller;
		this.#viewport = scroller.clientHeight;
		this.#top = scroller.scrollTop;
		const onScroll = () => {
			this.#top = scroller.scrollTop;
			this.#range();
		};
		scroller.addEventListener('scroll', onScroll, { passive: true });
		const resized = new ResizeObserver(() => {
			this.#viewport = scroller.clientHeight;
			this.#range();
		});
		resized.observe(scroller);
		this.#rows = new ResizeObserver((entries) => {
			for (const entry of entries) this.#measureNode(entry.target as HTMLElement);
		});
		for (const node of this.#measured) this.#rows.observe(node);
		this.#layout();
		return () => {
			scroller.removeEventListener('scroll', onScroll);
			resized.disconnect();
			this.#rows?.disconnect();
			this.#rows = null;
			this.#scroller = null;
		};
	}

	/** The rows changed: their count, the key of the row at each index, and their sizes if these changed. */
	update(
		count: number,
		getItemKey: (index: number) => number | string,
		estimateSize?: (index: number) => number
	) {
		this.#count = count;
		this.#key = getItemKey;
		if (estimateSize) this.#estimate = estimateSize;
		this.#layout();
	}

	/** Scrolls so the row at `index` is in the middle of the view. */
	scrollToIndex(index: number) {
		const scroller = this.#scroller;
		if (!scroller || index < 0 || index >= this.#count) return;
		const start = this.#starts[index]!;
		const size = this.#starts[index + 1]! - start;
		const most = Math.max(0, this.#starts[this.#count]! - this.#viewport);
		scroller.scrollTop = Math.min(most, Math.max(0, start - (this.#viewport - size) / 2));
		this.#top = scroller.scrollTop;
		this.#range();
	}

	/**
	 * Forgets every measurement, after something that changes all heights (a new width), and
	 * measures again the rows in the page whose height varies: their size may not change again,
	 * so nothing else would tell the list.
	 */
	measure() {
		this.#sizes.clear();
		this.#layout();
		for (const node of this.#measured) {
			if (node.isConnected) this.#measureNode(node);
			else this.#forget(node);
		}
	}

	/** Measures a row whose height varies (its `data-index` says which); then follows its size. */
	measureElement(node: HTMLElement) {
		for (const old of this.#measured) if (!old.isConnected) this.#forget(old);
		this.#measured.add(node);
		this.#rows?.observe(node);
		this.#measureNode(node);
	}

	#forget(node: HTMLElement) {
		this.#measured.delete(node);
		this.#rows?.unobserve(node);
	}

	#measureNode(node: HTMLElement) {
		if (!node.isConnected) return;
		const index = Number(node.dataset.index);
		if (!Number.isInteger(index) || index < 0 || index >= this.#count) return;
		const size = node.getBoundingClientRect().height;
		const key = this.#key(index);
		if (this.#sizes.get(key) === size) return;
		const start = this.#starts[index]!;
		const delta = size - (this.#starts[index + 1]! - start);
		this.#sizes.set(key, size);
		this.#layout();
		// A row above the view grew or shrank: the rows in view stay where they are.
		if (delta !== 0 && this.#scroller && start < this.#top) {
			this.#scroller.scrollTop += delta;
			this.#top = this.#scroller.scrollTop;
			this.#range();
		}
	}

	#layout() {
		const count = this.#count;
		if (this.#starts.length < count + 1)
			this.#starts = new Float64Array(Math.max(count + 1, this.#starts.length * 2));
		const starts = this.#starts;
		const sizes = this.#sizes.size > 0 ? this.#sizes : null;
		let position = 0;
		for (let i = 0; i < count; i++) {
			starts[i] = position;
			position += sizes?.get(this.#key(i)) ?? this.#estimate(i);
		}
		starts[count] = position;
		this.totalSize = position;
		this.#range();
	}

	#range() {
		const count = this.#count;
		const starts = this.#starts;
		const top = this.#scroller ? this.#top : 0;
		// The first row that ends below the top of the view.
		let low = 0;
		let high = count;
		while (low < high) {
			const middle = (low + high) >> 1;
			if (starts[middle + 1]! <= top) low = middle + 1;
			else high = middle;
		}
		let last = low;
		while (last < count && starts[last]! < top + this.#viewport) last++;
		const from = Math.max(0, low - this.#overscan);
		const to = Math.min(count, Math.max(last, low + 1) + this.#overscan);
		const items: VirtualItem[] = [];
		for (let index = from; index < to; index++)
			items.push({
				index,
				key: this.#key(index),
				start: starts[index]!,
				size: starts[index + 1]! - starts[index]!,
				end: starts[index + 1]!
			});
		this.items = items;
	}
}
