import { afterEach, describe, expect, it, vi } from 'vitest';
import { VirtualList } from './virtual-list.svelte.ts';

/** A scroll element of `height` px, and the size observers the list starts on it. */
function scroller(height: number) {
	const observers: { callback: ResizeObserverCallback; nodes: Set<unknown> }[] = [];
	vi.stubGlobal(
		'ResizeObserver',
		class {
			nodes = new Set<unknown>();
			constructor(callback: ResizeObserverCallback) {
				observers.push({ callback, nodes: this.nodes });
			}
			observe(node: unknown) {
				this.nodes.add(node);
			}
			unobserve(node: unknown) {
				this.nodes.delete(node);
			}
			disconnect() {
				this.nodes.clear();
			}
		}
	);
	const listeners: (() => void)[] = [];
	const element = {
		clientHeight: height,
		scrollTop: 0,
		addEventListener: (_: string, listener: () => void) => listeners.push(listener),
		removeEventListener: () => undefined
	};
	return {
		element: element as unknown as HTMLElement,
		scrollTo(top: number) {
			element.scrollTop = top;
			for (const listener of listeners) listener();
		},
		observers
	};
}

/** A row in the page: its index, and the height it is drawn at. */
const row = (index: number, height: number) =>
	({
		isConnected: true,
		dataset: { index: String(index) },
		getBoundingClientRect: () => ({ height })
	}) as unknown as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe('VirtualList', () => {
	it('lays fixed rows out by arithmetic and keeps only those in view, and a few around', () => {
		const view = scroller(100);
		const list = new VirtualList({ estimateSize: () => 10, overscan: 2 });
		list.attach(view.element);
		list.update(10_000, (i) => `k${i}`);
		expect(list.totalSize).toBe(100_000);
		expect(list.items.map((i) => i.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
		view.scrollTo(50_005);
		expect(list.items[0]).toEqual({
			index: 4998,
			key: 'k4998',
			start: 49_980,
			size: 10,
			end: 49_990
		});
		expect(list.items.at(-1)?.index).toBe(5012);
	});

	it('measures the rows whose height varies, by key, and keeps the view still when one above it grows', () => {
		const view = scroller(100);
		// Event 3 is tall (estimated 50 px until drawn); `shift` newer events came before it.
		let shift = 0;
		const list = new VirtualList({ estimateSize: (i) => (i - shift === 3 ? 50 : 10), overscan: 0 });
		list.attach(view.element);
		list.update(100, (i) => i);
		expect(list.totalSize).toBe(99 * 10 + 50);
		view.scrollTo(200);
		expect(list.items[0]?.index).toBe(16);
		const tall = row(3, 80);
		list.measureElement(tall);
		expect(list.totalSize).toBe(99 * 10 + 80);
		// The rows in view did not move on screen: the same first row, 30 px further down the list.
		expect(view.element.scrollTop).toBe(230);
		expect(list.items[0]).toMatchObject({ index: 16, start: 230 });
		// The same event one place further down (a newer one came first) keeps its height.
		shift = 1;
		list.update(101, (i) => i - 1);
		expect(list.totalSize).toBe(100 * 10 + 80);
		// A new width: measured again, where the page now draws it.
		tall.dataset.index = '4';
		list.measure();
		expect(list.totalSize).toBe(100 * 10 + 80);
	});

	it('scrolls a row to the middle of the view, within the list', () => {
		const view = scroller(100);
		const list = new VirtualList({ estimateSize: () => 10 });
		list.attach(view.element);
		list.update(1000, (i) => i);
		list.scrollToIndex(500);
		expect(view.element.scrollTop).toBe(5000 - 45);
		list.scrollToIndex(999);
		expect(view.element.scrollTop).toBe(10_000 - 100);
		list.scrollToIndex(0);
		expect(view.element.scrollTop).toBe(0);
	});

	it('never reads the scroll position when the rows change, only when the view scrolls', () => {
		const view = scroller(100);
		// Reading scrollTop right after the rows change lays the page out on the spot.
		let reads = 0;
		let top = 0;
		Object.defineProperty(view.element, 'scrollTop', {
			get: () => (reads++, top),
			set: (value: number) => (top = value)
		});
		const list = new VirtualList({ estimateSize: () => 10, overscan: 0 });
		list.attach(view.element);
		reads = 0;
		for (let n = 1; n <= 100; n++) list.update(n * 10, (i) => i);
		expect(reads).toBe(0);
		view.scrollTo(300);
		expect(list.items[0]?.index).toBe(30);
		list.update(1010, (i) => i);
		expect(list.items[0]?.index).toBe(30);
		expect(reads).toBe(1);
	});

	it('takes new sizes with the rows that changed', () => {
		const view = scroller(100);
		const list = new VirtualList({ estimateSize: () => 10 });
		list.attach(view.element);
		list.update(100, (i) => i);
		expect(list.totalSize).toBe(1000);
		list.update(
			100,
			(i) => i,
			(i) => (i === 0 ? 50 : 20)
		);
		expect(list.totalSize).toBe(50 + 99 * 20);
		// Kept for the next change that brings none.
		list.update(101, (i) => i);
		expect(list.totalSize).toBe(50 + 100 * 20);
	});
});
