import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '$lib/test/memory-storage';
import type { Drive } from '$lib/api/schemas/drives';
import type { HistoryItem } from '$lib/api/schemas/history';

const nav = vi.hoisted(() => ({
	goto: vi.fn(async () => undefined),
	invalidate: vi.fn(async () => undefined),
	pushState: vi.fn(),
	replaceState: vi.fn()
}));
const where = vi.hoisted(() => ({
	page: { url: new URL('http://console.test/history'), state: {} },
	navigating: { to: null }
}));
const api = vi.hoisted(() => ({
	syncFile: vi.fn(async () => undefined),
	deleteHistoryEntry: vi.fn(async () => undefined)
}));
vi.mock('$app/navigation', () => nav);
vi.mock('$app/state', () => where);
vi.mock('$lib/api/drives', async (original) => ({
	...(await original<object>()),
	syncFile: api.syncFile
}));
vi.mock('$lib/api/history', async (original) => ({
	...(await original<object>()),
	deleteHistoryEntry: api.deleteHistoryEntry
}));

const { HistoryPage, deleteWordsOf, rerunWordsOf, scopeLinkOf } =
	await import('./history-page.svelte.ts');
const { ERROR_STATUS, historyHref, historyList } = await import('./history-query.ts');

const item = { id: 7, name: 'a.pdf', transferStatus: 16 } as HistoryItem;
const drive = { id: 'd1', name: 'Studio' } as Drive;

/** The page's controller for the history at `search` (its effects do not run without a page). */
function historyAt(search: string, scope: { kind: 'drive' | 'backup'; id: string } | null = null) {
	const query = historyList.parse(new URLSearchParams(search), 50);
	return new HistoryPage(() => ({
		query,
		scope,
		history: new Promise(() => undefined),
		scopeName: null
	}));
}

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
afterEach(() => {
	vi.unstubAllGlobals();
	vi.clearAllMocks();
});

describe('the history page', () => {
	it('reads its view from the URL: errors only, filtered, narrowed to a drive', () => {
		const all = historyAt('');
		expect([all.errorsOnly, all.filtered, all.scopeLink]).toEqual([false, false, null]);
		const errors = historyAt(new URL(historyHref({ status: ERROR_STATUS }), 'http://x').search);
		expect([errors.errorsOnly, errors.filtered]).toEqual([true, true]);
		const scoped = historyAt('', { kind: 'drive', id: 'd1' });
		expect(scoped.scopeLink).toBe(scopeLinkOf({ kind: 'drive', id: 'd1' }));
		expect(scoped.list.href({ page: 2 })).toContain('drive=d1');
		expect(scoped.sortChoices.length).toBeGreaterThan(0);
	});

	it('asks before it deletes, then deletes the entry and forgets the question', async () => {
		const page = historyAt('');
		expect(page.deleteWords).toBeNull();
		page.deleting = { raw: item, value: item, key: '7' };
		expect(page.deleteWords).toEqual(deleteWordsOf(item));
		expect(page.deleteWords?.consequences[0]).toContain('a.pdf');
		await page.confirmDelete();
		expect(api.deleteHistoryEntry).toHaveBeenCalledWith(7);
		expect(page.deleting).toBeNull();
	});

	it('runs a failed transfer again as a sync pass of the drive that holds its path', async () => {
		const page = historyAt('');
		page.owner = { id: 7, path: '/Studio/a.pdf', drive };
		expect(page.rerunWords).toBeNull();
		page.confirmingRerun = true;
		expect(page.rerunWords).toEqual(rerunWordsOf({ id: 7, path: '/Studio/a.pdf', drive }));
		await page.confirmRerun();
		expect(api.syncFile).toHaveBeenCalledWith('d1', '/Studio/a.pdf');
		expect(page.confirmingRerun).toBe(false);
		// No drive holds the path: nothing to run.
		page.owner = { id: 7, path: '/x', drive: null };
		page.confirmingRerun = true;
		expect(page.rerunWords).toBeNull();
	});
});
