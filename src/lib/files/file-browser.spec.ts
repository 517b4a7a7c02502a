import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileObject, Folder } from '$lib/api/files';
import type { Drive } from '$lib/api/schemas/drives';
import type { NotificationFrame, StateChangeFrame } from '$lib/api/schemas/frames';
import { NOTIFICATION_TYPE } from '$lib/api/schemas/frames';
import { SETTLE_MS } from '$lib/drives/follow.svelte';
import type { Settled } from '$lib/page-data/page-data.svelte';
import { FileBrowserPage, LIVE_REREAD_MAX, type FolderData } from './file-browser.svelte.ts';
import type { DriveFolder } from './folder-read';

const nav = vi.hoisted(() => ({
	goto: vi.fn<(href: string, options?: object) => Promise<void>>(async () => undefined),
	invalidate: vi.fn<(which: unknown) => Promise<void>>(async () => undefined)
}));
vi.mock('$app/navigation', () => nav);
const where = vi.hoisted(() => ({
	page: { url: new URL('http://console.test/drives/d1/files') },
	navigating: { complete: null }
}));
vi.mock('$app/state', () => where);
vi.mock('$lib/state/session.svelte', () => ({
	session: { timelineOwner: 'http://agent.test user:1', onEnd: () => undefined }
}));
/** The live channels: the listeners the page adds, called by the tests as frames come. */
const channels = vi.hoisted(() => {
	const channel = <F>() => {
		const listeners = new Set<(frame: F) => void>();
		return {
			listeners,
			onFrame: (listener: (frame: F) => void) => {
				listeners.add(listener);
				return () => listeners.delete(listener);
			},
			send: (frame: F) => listeners.forEach((listener) => listener(frame))
		};
	};
	return { statechange: channel<unknown>(), notification: channel<unknown>() };
});
vi.mock('$lib/live/live.svelte', () => ({ live: channels }));
/** What the agent did: each file call by its path; every item read again as still there. */
const agent = vi.hoisted(() => ({ calls: [] as string[] }));
vi.mock('$lib/api/files', async (real) => {
	const called = (name: string) => async (path: string) => void agent.calls.push(`${name} ${path}`);
	return {
		...(await real<object>()),
		makeOffline: called('keep'),
		removeOffline: called('unkeep'),
		removeFromCache: called('free'),
		downloadObject: called('fetch'),
		deleteObject: called('delete'),
		readObject: async (path: string) => ({ ...entry(path.split('\\').pop() ?? ''), path })
	};
});

const ROOT = 'G:\\Projects';
const drive: Drive = {
	id: 'd1',
	name: 'Team Drive',
	storageName: 'studio',
	localPath: ROOT,
	active: true,
	syncType: 1,
	permissionType: 2,
	allowDelete: true
};

function entry(name: string, more: Partial<FileObject> = {}): FileObject {
	return {
		name,
		path: `${ROOT}\\${name}`,
		folder: false,
		size: 100,
		modified: null,
		state: 0,
		offline: false,
		cachedSize: 100,
		raw: {},
		...more
	};
}

const folderOf = (entries: FileObject[]): Folder => ({
	entries,
	source: 'objects',
	unreadable: 0
});

/** A page on the drive's own folder, its read answered with these entries. */
async function browse(entries: FileObject[], { path = '', search = '' } = {}) {
	where.page.url = new URL(`http://console.test/drives/d1/files${search}`);
	const answer: DriveFolder = {
		drive,
		folderPath: ROOT,
		folder: folderOf(entries),
		missing: null,
		numbering: 'flags'
	};
	const folder: Promise<Settled<DriveFolder>> = Promise.resolve({ ok: true, value: answer });
	const data: FolderData = { id: 'd1', path, folder };
	const browser = new FileBrowserPage(() => data);
	// An effect follows the load's promise in the page; here it is handed over.
	browser.read.follow(folder);
	await folder;
	await Promise.resolve();
	return browser;
}

const names = (browser: FileBrowserPage) => browser.order.map((i) => browser.entries[i]!.name);

beforeEach(() => {
	nav.goto.mockClear();
	nav.invalidate.mockClear();
	agent.calls = [];
	channels.statechange.listeners.clear();
	channels.notification.listeners.clear();
});

describe('the file browser page', () => {
	it('reads the folder from the answer: drive, rules, entries and totals', async () => {
		const browser = await browse([
			entry('b.txt', { size: 300, cachedSize: 0 }),
			entry('Docs', { folder: true, size: null, cachedSize: null }),
			entry('a.txt')
		]);
		expect(browser.read.loaded).toBe(true);
		expect(browser.driveName).toBe('Team Drive');
		expect(browser.root).toBe(ROOT);
		expect(browser.rules?.readOnly).toBe(false);
		expect(browser.missing).toBeNull();
		// Folders first, then by name.
		expect(names(browser)).toEqual(['Docs', 'a.txt', 'b.txt']);
		expect(browser.totals).toEqual({ folders: 1, files: 2, size: null, here: null });
		expect(browser.presenceKnown).toBe(true);
	});

	it('sorts and filters as the URL says, and links keep the view without the search', async () => {
		const browser = await browse(
			[entry('small', { size: 1 }), entry('large', { size: 900 }), entry('mid', { size: 50 })],
			{ path: 'Work/2024', search: '?sort=size&desc=1&q=l' }
		);
		expect(browser.view).toMatchObject({ sort: 'size', desc: true, q: 'l', path: 'Work/2024' });
		expect(names(browser)).toEqual(['large', 'small']);
		expect(browser.parts).toEqual(['Work', '2024']);
		expect(browser.childHref(entry('Sub', { folder: true }))).toBe(
			'/drives/d1/files?path=Work%2F2024%2FSub&sort=size&desc=1'
		);
		expect(browser.crumbHref(1)).toBe('/drives/d1/files?path=Work&sort=size&desc=1');
		expect(browser.everythingHref).toBe('/drives/d1/files?path=Work%2F2024&sort=size&desc=1');
	});

	it('shows a new view by a navigation that keeps focus and scroll', async () => {
		const browser = await browse([entry('a')], { search: '?sort=size' });
		await browser.show({ state: 'errors' });
		expect(nav.goto).toHaveBeenCalledWith('/drives/d1/files?sort=size&state=errors', {
			keepFocus: true,
			noScroll: true,
			replaceState: false
		});
	});

	it('keeps a filter chosen while its navigation is on its way when a search follows', async () => {
		const browser = await browse([entry('a')], { search: '?sort=size' });
		let arrive = () => {};
		nav.goto.mockImplementationOnce(() => new Promise<void>((resolve) => (arrive = resolve)));
		const first = browser.show({ place: 'cloud' });
		await browser.show({ q: 'report' }, true);
		expect(nav.goto).toHaveBeenLastCalledWith(
			'/drives/d1/files?sort=size&place=cloud&q=report',
			expect.objectContaining({ replaceState: true })
		);
		arrive();
		await first;
	});

	it('selects what is shown, and clears it', async () => {
		const browser = await browse([entry('a'), entry('b'), entry('c')], { search: '?q=b' });
		expect(browser.allShown).toBe(false);
		browser.toggleAll(true);
		expect([...browser.selected]).toEqual([`${ROOT}\\b`]);
		expect(browser.allShown).toBe(true);
		expect(browser.selection.map((t) => t.entry.name)).toEqual(['b']);
		browser.toggleAll(false);
		expect(browser.selected.size).toBe(0);
	});

	it('clears the selection after an action on it, not after one on an item', async () => {
		const browser = await browse([entry('a'), entry('b')]);
		browser.toggleAll(true);
		await browser.choose(browser.entries[0]!, 'keep');
		expect(browser.actions.asking?.list.map((t) => t.entry.name)).toEqual(['a']);
		await browser.confirm();
		expect(agent.calls).toEqual([`keep ${ROOT}\\a`]);
		expect(browser.selected.size).toBe(2);

		browser.askSelection('free');
		expect(browser.actions.asking?.list).toHaveLength(2);
		await browser.confirm();
		expect(agent.calls.slice(1)).toEqual([`free ${ROOT}\\a`, `free ${ROOT}\\b`]);
		expect(browser.selected.size).toBe(0);
	});

	it('keeps the selection when the action asked on it is cancelled', async () => {
		const browser = await browse([entry('a'), entry('b')]);
		browser.toggleAll(true);
		browser.askSelection('delete');
		browser.actions.cancel();
		expect(browser.actions.asking).toBeNull();
		await browser.choose(browser.entries[1]!, 'keep');
		await browser.confirm();
		expect(browser.selected.size).toBe(2);
	});

	it('opens the details and share dialogs from the menu, and says a folder made', async () => {
		const browser = await browse([entry('a')]);
		const a = browser.entries[0]!;
		await browser.choose(a, 'details');
		expect(browser.dialog).toEqual({ kind: 'details', entry: a });
		await browser.choose(a, 'share');
		expect(browser.dialog).toEqual({ kind: 'share', entry: a });
		browser.folderMade('New');
		expect(browser.dialog).toBeNull();
		expect(browser.made).toBe('New');
		expect(nav.invalidate).toHaveBeenCalled();
	});

	it('shows a state from the frames over the read, and not a folder’s own in sync', async () => {
		const browser = await browse([entry('a', { state: 4 }), entry('Docs', { folder: true })]);
		const stop = browser.start();
		const [a, docs] = browser.entries;
		expect(browser.stateOf(a!)?.words).toBe('Waiting to upload');
		expect(browser.stateOf(docs!)).toBeNull();
		channels.statechange.send({ Path: a!.path, State: 0 } as StateChangeFrame);
		expect(browser.stateOf(a!)?.words).toBe('In sync');
		expect(browser.follow.seen).toBe(1);
		// Frames of another drive's files are not this page's.
		channels.statechange.send({ Path: 'H:\\Else\\a', State: 0 } as StateChangeFrame);
		expect(browser.follow.seen).toBe(1);
		stop();
		expect(channels.statechange.listeners.size).toBe(0);
		expect(channels.notification.listeners.size).toBe(0);
	});

	it('reads the folder again a moment after frames, unless it is very large', async () => {
		vi.useFakeTimers();
		try {
			for (const [count, reread] of [
				[3, true],
				[LIVE_REREAD_MAX + 1, false]
			] as const) {
				nav.invalidate.mockClear();
				const many = Array.from({ length: count }, (_, i) => entry(`f${i}`));
				const browser = await browse(many);
				const stop = browser.start();
				channels.statechange.send({ Path: many[0]!.path, State: 2 } as StateChangeFrame);
				await vi.advanceTimersByTimeAsync(SETTLE_MS);
				expect(nav.invalidate.mock.calls.length > 0, `${count} entries`).toBe(reread);
				stop();
			}
		} finally {
			vi.useRealTimers();
		}
	});

	it('hands the progress of a fetch under way to it', async () => {
		const browser = await browse([entry('a', { cachedSize: 0 })]);
		const stop = browser.start();
		await browser.choose(browser.entries[0]!, 'fetch');
		const confirmed = browser.confirm();
		await vi.waitFor(() => expect(browser.actions.fetching).not.toBeNull());
		const progress = {
			Type: NOTIFICATION_TYPE.Progress,
			Data: { TransferId: 7, Path: `${ROOT}\\a`, Bytes: 40, Size: 100, Status: 1 }
		} as unknown as NotificationFrame;
		channels.notification.send(progress);
		expect(browser.actions.fetching?.transfers.get('7')?.bytes).toBe(40);
		await confirmed;
		stop();
	});
});
