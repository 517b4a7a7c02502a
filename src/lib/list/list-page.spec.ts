import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListPage } from './list-page.svelte.ts';
import { defineList, type ListQuery } from './list-query.ts';
import { memoryStorage } from '$lib/test/memory-storage';

const nav = vi.hoisted(() => ({
	goto: vi.fn<(href: string, options?: object) => Promise<void>>(async () => undefined),
	pushState: vi.fn(),
	replaceState: vi.fn()
}));
const where = vi.hoisted(() => ({
	page: { url: new URL('http://console.test/list'), state: {} as { openRow?: string } }
}));
vi.mock('$app/navigation', () => nav);
vi.mock('$app/state', () => where);

/** A list shaped like the transfer history: flag filters, a date sorted newest first. */
const transfers = defineList({
	name: 'list-page-test',
	route: (params) => {
		const query = new URLSearchParams();
		for (const [k, v] of Object.entries(params)) if (v) query.set(k, v);
		return `/list?${query}`;
	},
	sorts: { time: 'Time', name: 'Name' },
	defaultSort: 'time',
	descendingFirst: ['time'],
	filters: {
		status: [
			{ key: 'done', flag: 1, label: 'Done' },
			{ key: 'failed', flag: 2, label: 'Failed' },
			{ key: 'paused', flag: 4, label: 'Paused' }
		]
	},
	pageSizes: [20, 50],
	defaultPageSize: 20
});
type Query = ListQuery<'time' | 'name', 'status'>;

type Row = { key: string; id: string | null };
const rows: Row[] = [
	{ key: '7:0', id: '7' },
	{ key: '8:1', id: '8' },
	{ key: '7:2', id: '7' },
	{ key: 'row-3', id: null }
];

function at(search: string, state: { openRow?: string } = {}) {
	where.page.url = new URL(`http://console.test/list${search}`);
	where.page.state = state;
}

/** The controller for a URL, as the page's load would parse it. */
function controller(search: string, options: { openParam?: string; scope?: string } = {}) {
	at(search);
	const query: Query = transfers.parse(new URLSearchParams(search));
	return new ListPage(transfers, {
		query: () => query,
		params: () => ({ drive: options.scope ?? null }),
		openParam: options.openParam
	});
}

describe('a list page', () => {
	beforeEach(() => vi.clearAllMocks());
	afterEach(() => vi.unstubAllGlobals());

	it("keeps the page's own parameters in every link, and leaves the open row out", () => {
		const list = controller('?status=failed&page=3&entry=7&drive=D1', {
			openParam: 'entry',
			scope: 'D1'
		});
		expect(list.href({ page: 4 })).toBe('/list?status=failed&page=4&drive=D1');
		expect(list.sortHref('name')).toBe('/list?status=failed&sort=name&drive=D1');
		expect(list.openHref('8')).toBe('/list?status=failed&page=3&drive=D1&entry=8');
		expect(list.sortChoices({ time: ['Oldest', 'Newest'], name: ['A to Z', 'Z to A'] })).toEqual([
			{ value: 'time:asc', label: 'Oldest', href: '/list?status=failed&order=asc&drive=D1' },
			{ value: 'time:desc', label: 'Newest', href: '/list?status=failed&drive=D1' },
			{ value: 'name:asc', label: 'A to Z', href: '/list?status=failed&sort=name&drive=D1' },
			{
				value: 'name:desc',
				label: 'Z to A',
				href: '/list?status=failed&sort=name&order=desc&drive=D1'
			}
		]);
	});

	it('shows a change as a navigation that keeps focus and scroll', async () => {
		const list = controller('?page=2');
		await list.show({ status: 2, page: 1 });
		expect(nav.goto).toHaveBeenCalledWith('/list?status=failed', {
			keepFocus: true,
			noScroll: true,
			replaceState: false
		});
	});

	it('changes the page size on the page that keeps the first row, then remembers it', async () => {
		vi.stubGlobal('localStorage', memoryStorage());
		const list = controller('?page=4');
		list.changePageSize(50);
		expect(nav.goto).toHaveBeenCalledWith('/list?page=2&pageSize=50', expect.anything());
		await vi.waitFor(() => expect(transfers.rememberedPageSize).toBe(50));
		expect(list.pageSizeChoices).toEqual([
			{ value: 20, label: '20' },
			{ value: 50, label: '50' }
		]);
	});

	it('offers each flag, and the flags a link chose together as one more choice', () => {
		expect(controller('?status=failed').filterChoices('status', 'All')).toEqual([
			{ value: 0, label: 'All' },
			{ value: 1, label: 'Done' },
			{ value: 2, label: 'Failed' },
			{ value: 4, label: 'Paused' }
		]);
		expect(controller('?status=done,paused').filterChoices('status', 'All').at(-1)).toEqual({
			value: 5,
			label: 'Done or Paused'
		});
	});

	it('opens a row with its id in the URL, and finds it again from the URL alone', () => {
		const list = controller('?page=2', { openParam: 'entry' });
		list.open('8:1', '8');
		expect(nav.pushState).toHaveBeenCalledWith('/list?page=2&entry=8', { openRow: '8:1' });
		// A reload: the URL names the entry, no state says which row was clicked.
		at('?page=2&entry=8');
		expect(list.opened(rows, (r) => r.id)).toBe(rows[1]);
		at('?page=2&entry=9');
		expect(list.opened(rows, (r) => r.id)).toBeNull();
		expect(list.opened(undefined, (r: Row) => r.id)).toBeNull();
	});

	it('opens the row clicked when ids repeat, and a row without an id until Back', () => {
		const list = controller('', { openParam: 'entry' });
		at('?entry=7', { openRow: '7:2' });
		expect(list.opened(rows, (r) => r.id)).toBe(rows[2]);
		list.open('row-3', null);
		expect(nav.pushState).toHaveBeenLastCalledWith('', { openRow: 'row-3' });
		at('', { openRow: 'row-3' });
		expect(list.opened(rows, (r) => r.id)).toBe(rows[3]);
	});

	it('closes with Back when opened here, else puts the list in place of the link', () => {
		const back = vi.fn();
		vi.stubGlobal('history', { back });
		const list = controller('?status=failed', { openParam: 'entry' });
		at('?status=failed&entry=7', { openRow: '7:0' });
		list.close();
		expect(back).toHaveBeenCalledTimes(1);
		at('?status=failed&entry=7');
		list.close();
		expect(back).toHaveBeenCalledTimes(1);
		expect(nav.goto).toHaveBeenCalledWith('/list?status=failed', {
			replaceState: true,
			keepFocus: true,
			noScroll: true
		});
	});

	it('keeps a panel open across a read of the list, and drops a row that is gone', () => {
		const list = controller('?page=2', { openParam: 'entry' });
		list.keepOpen('8:0', '8');
		expect(nav.replaceState).toHaveBeenCalledWith('/list?page=2&entry=8', { openRow: '8:0' });
		list.drop();
		expect(nav.replaceState).toHaveBeenLastCalledWith('/list?page=2', {});
	});
});
