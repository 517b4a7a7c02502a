import { describe, expect, it, vi } from 'vitest';
import { defineList, pageCount, pagesBeyondReach, MAX_PAGE } from './list-query.ts';
import { memoryStorage } from '$lib/test/memory-storage';

/** A list shaped like the transfer history: two flag filters, a date sorted newest first. */
const history = defineList({
	name: 'history-test',
	route: (params) =>
		'/history?' +
		new URLSearchParams(
			Object.entries(params).filter((e): e is [string, string] => e[1] !== null)
		).toString(),
	sorts: { time: 'Time', name: 'Name' },
	defaultSort: 'time',
	descendingFirst: ['time'],
	filters: {
		status: [
			{ key: 'done', flag: 1, label: 'Done' },
			{ key: 'failed', flag: 2, label: 'Failed' }
		],
		direction: [
			{ key: 'up', flag: 1, label: 'Upload' },
			{ key: 'down', flag: 2, label: 'Download' }
		]
	},
	pageSizes: [20, 50],
	defaultPageSize: 20
});

describe('a list paged on the agent', () => {
	it('keeps the first row shown in view when the page size changes', () => {
		const q = history.parse(new URLSearchParams('page=4'));
		// Rows 61 to 80 shown; with 50 a page, row 61 is on page 2.
		expect(history.resized(q, 50)).toEqual({ pageSize: 50, page: 2 });
		expect(history.resized(history.parse(new URLSearchParams('')), 50)).toEqual({
			pageSize: 50,
			page: 1
		});
	});

	it('reads each filter from its own parameter, and every flag as none', () => {
		const q = history.parse(new URLSearchParams('status=failed&direction=up,down&pageSize=50'));
		expect(q).toMatchObject({ status: 2, direction: 0, pageSize: 50, sort: 'time', order: 'desc' });
		expect(history.href(q)).toBe('/history?status=failed&pageSize=50');
	});

	it('toggles the order of the sorted column and starts another column at its first order', () => {
		const q = history.parse(new URLSearchParams('page=3'));
		expect(history.sortHref(q, 'time')).toBe('/history?order=asc');
		expect(history.sortHref(q, 'name')).toBe('/history?sort=name');
		const byName = history.parse(new URLSearchParams('sort=name'));
		expect(history.sortHref(byName, 'name')).toBe('/history?sort=name&order=desc');
	});

	it('says the flags chosen in words', () => {
		expect(history.flagWords('status', 3)).toBe('Done or Failed');
		expect(history.flagWords('direction', 2)).toBe('Download');
	});

	it('remembers the page size per list, only among its sizes', () => {
		const local = memoryStorage();
		vi.stubGlobal('localStorage', local);
		try {
			expect(history.rememberedPageSize).toBe(20);
			history.rememberPageSize(33);
			expect(history.rememberedPageSize).toBe(20);
			history.rememberPageSize(50);
			expect(history.rememberedPageSize).toBe(50);
			expect(local.getItem('agent-console:history-test-page-size')).toBe('50');
		} finally {
			vi.unstubAllGlobals();
		}
	});

	it("keeps a second list (a picker) in its own parameters, beside the page's list", () => {
		const picker = defineList({
			name: 'picker-test',
			route: (params) =>
				'/drive?' +
				new URLSearchParams(
					Object.entries(params).filter((e): e is [string, string] => e[1] !== null)
				).toString(),
			sorts: { name: 'Name' },
			defaultSort: 'name',
			filters: { status: [{ key: 'done', flag: 1, label: 'Done' }] },
			prefix: 'pick-'
		});
		const url = new URLSearchParams('page=3&status=failed&pick-page=2&pick-q=ann');
		expect(picker.parse(url)).toMatchObject({ page: 2, q: 'ann', status: 0 });
		expect(history.parse(url)).toMatchObject({ page: 3, status: 2, q: '' });
		const view = picker.parse(url);
		expect(picker.href({ ...view, page: 4 }, history.searchParams(history.parse(url)))).toBe(
			'/drive?pick-q=ann&pick-page=4&status=failed&page=3'
		);
		expect(picker.sortHref(view, 'name')).toBe('/drive?pick-q=ann&pick-order=desc');
	});

	it('never offers a page past the last one it would ask for', () => {
		expect(pageCount(0, 25)).toBe(1);
		expect(pageCount(51, 25)).toBe(3);
		expect(pageCount(Number.MAX_SAFE_INTEGER, 10)).toBe(MAX_PAGE);
		expect(pagesBeyondReach(MAX_PAGE * 10 + 1, 10)).toBe(true);
	});
});
