import { fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import VirtualRowsHarness from '$lib/test/VirtualRowsHarness.svelte';

/** jsdom lays nothing out: the view is 200 px high, a tall row 100 px, and the width is set here. */
const VIEW = 200;
const TALL = 100;
let narrow = false;

beforeEach(() => {
	narrow = false;
	vi.stubGlobal(
		'matchMedia',
		(query: string) =>
			({
				matches: narrow,
				media: query,
				addEventListener: () => undefined,
				removeEventListener: () => undefined
			}) as unknown as MediaQueryList
	);
	vi.stubGlobal(
		'ResizeObserver',
		class {
			observe() {}
			unobserve() {}
			disconnect() {}
		}
	);
	vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(VIEW);
	vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
		this: HTMLElement
	) {
		return { height: this.classList.contains('tall') ? TALL : 0 } as DOMRect;
	});
});

afterEach(() => {
	vi.restoreAllMocks();
	vi.unstubAllGlobals();
});

const lines = (n: number, tall: number[] = []) =>
	Array.from({ length: n }, (_, id) => ({ id, text: `Line ${id}`, tall: tall.includes(id) }));

const region = () => screen.getByRole('region', { name: 'Lines' });
const list = () => screen.getByRole('list', { name: 'Lines' });
const drawn = () => [...list().querySelectorAll('li')];
const indexes = () => drawn().map((li) => Number(li.dataset.index));

describe('VirtualRows', () => {
	it('draws the rows in view and six more, in a list as high as all of them', async () => {
		render(VirtualRowsHarness, { rows: lines(1000) });
		await tick();
		// 200 px show five rows of 40 px; six more are kept below.
		expect(indexes()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
		expect(list().style.height).toBe('40000px');
		const first = drawn()[0]!;
		expect(first.textContent).toBe('Line 0 at 0');
		expect(first.style.height).toBe('40px');
		expect(first.dataset.id).toBe('0');
		expect(region().getAttribute('tabindex')).toBe('0');
	});

	it('draws the rows where the region is scrolled to, each in its place', async () => {
		render(VirtualRowsHarness, { rows: lines(1000) });
		await tick();
		region().scrollTop = 4000;
		await fireEvent.scroll(region());
		// Rows 100 to 104 in view, six on each side.
		expect(indexes()).toEqual(Array.from({ length: 17 }, (_, i) => 94 + i));
		const row100 = drawn().find((li) => li.dataset.index === '100')!;
		expect(row100.style.transform).toBe('translateY(4000px)');
		expect(row100.textContent).toBe('Line 100 at 100');
	});

	it('gives rows their narrow height below 640 px', async () => {
		narrow = true;
		render(VirtualRowsHarness, { rows: lines(100) });
		await tick();
		expect(list().style.height).toBe('6000px');
		expect(drawn()[0]!.style.height).toBe('60px');
		// 200 px show four rows of 60 px.
		expect(indexes()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
	});

	it('measures the rows whose height varies, and places the rows after them', async () => {
		render(VirtualRowsHarness, { rows: lines(10, [2]) });
		await tick();
		expect(list().style.height).toBe(`${9 * 40 + TALL}px`);
		const tall = drawn()[2]!;
		expect(tall.style.height).toBe('');
		expect(drawn()[3]!.style.transform).toBe(`translateY(${2 * 40 + TALL}px)`);
	});

	it('shows the last row first when asked to, and follows new rows', async () => {
		const { rerender } = render(VirtualRowsHarness, { rows: lines(3), newestFirst: true });
		await tick();
		expect(drawn().map((li) => li.textContent)).toEqual([
			'Line 2 at 0',
			'Line 1 at 1',
			'Line 0 at 2'
		]);
		await rerender({ rows: lines(4), newestFirst: true });
		await tick();
		expect(drawn()[0]!.textContent).toBe('Line 3 at 0');
		expect(drawn()).toHaveLength(4);
		await rerender({ rows: [], newestFirst: true });
		await tick();
		expect(drawn()).toHaveLength(0);
		expect(list().style.height).toBe('0px');
	});

	it('brings a row into the middle of the view', async () => {
		const { component } = render(VirtualRowsHarness, { rows: lines(1000) });
		await tick();
		component.reveal(500);
		await tick();
		// Row 500 starts at 20,000 px; the view's middle puts the top 80 px above it.
		expect(region().scrollTop).toBe(20000 - (VIEW - 40) / 2);
		expect(indexes()).toContain(500);
	});
});
