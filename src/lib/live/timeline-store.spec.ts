import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewEntry } from './timeline-entry';

type StoreModule = typeof import('./timeline-store');

const AGENT = 'http://localhost:29123';
const OTHER = 'http://127.0.0.1:29124';

const entry = (n: number, json = `{"Seq":${n}}`): NewEntry => ({
	at: 1_000 + n,
	channel: 'statechange',
	kind: 'state',
	said: { key: 'text', text: `/kept/${n}.psd` },
	payload: undefined,
	json
});
/** An entry as versions 3 and 4 kept it: its words in English. */
const before5 = (n: number, json = `{"Seq":${n}}`) => {
	const old: Record<string, unknown> = { ...entry(n, json) };
	delete old.said;
	return { ...old, label: 'File state', summary: `/kept/${n}.psd` };
};
/** What an entry says, as the tests' entries say it. */
const summary = (e: NewEntry) => (e.said.key === 'text' ? e.said.text : JSON.stringify(e.said));
const range = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => entry(from + i));

let imported = 0;
/**
 * A fresh module (it opens the database once) for each test: the store's file alone, evaluated
 * again under an address of its own, over the modules it imports as they are: resetting every
 * module ran the messages' modules again in each test (the file's tests took 17.7 s, now 14.2).
 */
async function fresh(): Promise<StoreModule> {
	return (await import(
		/* @vite-ignore */ `./timeline-store.ts?fresh=${++imported}`
	)) as StoreModule;
}

/** What an IndexedDB request answers (the database, for an open). */
const answer = <T>(request: IDBRequest<T>) =>
	new Promise<T>((resolve, reject) => {
		request.onsuccess = () => resolve(request.result);
		request.onerror = () => reject(request.error);
	});

/** The console's database, opened as a test reads it, beside the store's own connection. */
const openRaw = () => answer(indexedDB.open('agent-console-timeline'));

/** How many events each of an agent's records holds, from the records themselves. */
async function recordSizes(agent: string): Promise<number[]> {
	const db = await openRaw();
	const chunks = await answer<{ entries: unknown[] }[]>(
		db.transaction('chunks').objectStore('chunks').index('agent').getAll(agent)
	);
	db.close();
	return chunks.map((c) => c.entries.length);
}

/** The events on disk for an agent. */
const onDisk = async (agent: string) => (await recordSizes(agent)).reduce((a, b) => a + b, 0);

// The first import transforms the module and all it imports, which on a loaded machine took
// most of a test's time limit; each test's own import then only runs it again.
beforeAll(() => fresh(), 60_000);

beforeEach(() => {
	globalThis.indexedDB = new IDBFactory();
});

describe('the kept timeline', () => {
	it('keeps batches in order and reads back the newest up to the cap', async () => {
		const { TimelineStore, loadTimeline } = await fresh();
		const store = new TimelineStore(AGENT, 2500);
		for (let from = 1; from <= 3100; from += 700) {
			store.add(range(from, Math.min(from + 699, 3100)));
			await store.flush();
		}
		expect(await onDisk(AGENT)).toBe(2500);
		const { entries, lastAt } = await loadTimeline(AGENT, 2500);
		expect(entries.map(summary)).toEqual(range(601, 3100).map(summary));
		expect(lastAt).toBe(1_000 + 3100);
		// A smaller cap on reading takes the newest.
		const few = await loadTimeline(AGENT, 3);
		expect(few.entries.map(summary)).toEqual([
			'/kept/3098.psd',
			'/kept/3099.psd',
			'/kept/3100.psd'
		]);
		await store.close();
	});

	it('small batches each write only their own events, merged later into records of 200 or more', async () => {
		const { TimelineStore, loadTimeline } = await fresh();
		const store = new TimelineStore(AGENT, 2000);
		// Every event the store hands to IndexedDB, however often it is written again.
		let written = 0;
		const count = (value: unknown) =>
			(written += (value as { entries?: unknown[] }).entries?.length ?? 0);
		const spies = (['add', 'put'] as const).map((method) => {
			const original = IDBObjectStore.prototype[method];
			return vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(function (
				this: IDBObjectStore,
				value,
				key
			) {
				count(value);
				return original.call(this, value, key);
			});
		});
		for (let n = 1; n <= 2600; n += 3) {
			store.add(range(n, n + 2));
			await store.flush();
		}
		for (const spy of spies) spy.mockRestore();
		// 2,600 events in 867 writes: each written once, and again at a merge or two (topping up
		// the newest record at every write had carried some 100 events a write, 88,000 in all).
		expect(written).toBeLessThanOrEqual(3 * 2600);
		// The cap, and fewer than a record's worth more waiting for their record to go whole: the
		// oldest record is cut through once every 200 events, not at every write.
		expect(await onDisk(AGENT)).toBeGreaterThanOrEqual(2000);
		expect(await onDisk(AGENT)).toBeLessThanOrEqual(2200);
		// In records of 200 to 400, and fewer than 50 small ones still to merge.
		const sizes = await recordSizes(AGENT);
		expect(Math.max(...sizes)).toBeLessThanOrEqual(400);
		expect(sizes.filter((n) => n < 200).length).toBeLessThan(50);
		expect(sizes.filter((n) => n >= 200).length).toBeLessThanOrEqual(11);
		const { entries } = await loadTimeline(AGENT, 2000);
		expect(entries.map(summary)).toEqual(range(602, 2601).map(summary));
		await store.close();
	});

	it('at the cap, cuts the oldest record once 200 more wait, not at every write', async () => {
		const { TimelineStore, loadTimeline } = await fresh();
		const store = new TimelineStore(AGENT, 2000);
		store.add(range(1, 2000));
		await store.flush();
		expect(await onDisk(AGENT)).toBe(2000);
		// 150 more in small writes: the oldest record is left alone, the newest 2,000 are read.
		for (let n = 2001; n <= 2150; n += 3) {
			store.add(range(n, n + 2));
			await store.flush();
		}
		expect(await onDisk(AGENT)).toBe(2150);
		const { entries } = await loadTimeline(AGENT, 2000);
		expect(entries.map(summary)).toEqual(range(151, 2150).map(summary));
		// Past the slack, back to the cap to the event.
		for (let n = 2151; n <= 2220; n += 3) {
			store.add(range(n, n + 2));
			await store.flush();
		}
		expect(await onDisk(AGENT)).toBeLessThanOrEqual(2200);
		expect((await loadTimeline(AGENT, 2000)).entries.at(-1)!.said).toMatchObject({
			text: '/kept/2222.psd'
		});
		await store.close();
	});

	it('a batch larger than the cap keeps its newest only', async () => {
		const { TimelineStore, loadTimeline } = await fresh();
		const store = new TimelineStore(AGENT, 1000);
		store.add(range(1, 2345));
		await store.flush();
		expect(await onDisk(AGENT)).toBe(1000);
		expect((await loadTimeline(AGENT, 1000)).entries[0]!.said).toMatchObject({
			text: '/kept/1346.psd'
		});
		await store.close();
	});

	it('a lower cap trims what is kept at once', async () => {
		const { TimelineStore, loadTimeline } = await fresh();
		const store = new TimelineStore(AGENT, 5000);
		store.add(range(1, 3000));
		await store.flush();
		await store.setCap(1200);
		expect(await onDisk(AGENT)).toBe(1200);
		expect((await loadTimeline(AGENT, 5000)).entries.at(0)!.said).toMatchObject({
			text: '/kept/1801.psd'
		});
		await store.close();
	});

	it('clear empties one agent and leaves another', async () => {
		const { TimelineStore, loadTimeline } = await fresh();
		const mine = new TimelineStore(AGENT, 100);
		const other = new TimelineStore(OTHER, 100);
		mine.add(range(1, 5));
		other.add(range(1, 7));
		await Promise.all([mine.flush(), other.flush()]);
		await mine.clear();
		expect(await loadTimeline(AGENT, 100)).toEqual({ entries: [], lastAt: null });
		expect((await loadTimeline(OTHER, 100)).entries).toHaveLength(7);
		// And writing again after a clear starts afresh.
		mine.add(range(8, 9));
		await mine.flush();
		expect((await loadTimeline(AGENT, 100)).entries.map(summary)).toEqual([
			'/kept/8.psd',
			'/kept/9.psd'
		]);
		await Promise.all([mine.close(), other.close()]);
	});

	it('masks tokens before anything reaches the disk', async () => {
		const { TimelineStore, loadTimeline } = await fresh();
		const store = new TimelineStore(AGENT, 10);
		const secret = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
		store.add([
			{
				...entry(1, `{"EndpointAddress":"/user/edit?token=${secret}"}`),
				said: { key: 'text', text: `Bearer ${secret}` }
			},
			{
				...entry(3),
				kind: 'app-notification',
				said: { key: 'call', method: 'GET', what: `/x?token=${secret}`, origin: null }
			},
			{ ...entry(2), json: undefined, payload: `not json, ${secret}`, kind: 'malformed' }
		]);
		await store.close();
		const kept = JSON.stringify((await loadTimeline(AGENT, 10)).entries);
		expect(kept).toContain('EndpointAddress');
		expect(kept).not.toContain('eyJhbGci');
	});

	it('drops what versions 1 and 2 kept per agent alone: it belongs to no user', async () => {
		const open = indexedDB.open('agent-console-timeline', 2);
		open.onupgradeneeded = () => {
			open.result
				.createObjectStore('chunks', { autoIncrement: true })
				.createIndex('agent', 'agent');
			open.result.createObjectStore('meta', { keyPath: 'agent' });
		};
		const v2 = await answer(open);
		const tx = v2.transaction(['chunks', 'meta'], 'readwrite');
		const key = await answer(tx.objectStore('chunks').add({ agent: AGENT, entries: range(1, 3) }));
		tx.objectStore('meta').put({ agent: AGENT, lastAt: 9_999, chunks: [{ key, count: 3 }] });
		await new Promise((resolve) => (tx.oncomplete = resolve));
		v2.close();

		const { loadTimeline, TimelineStore } = await fresh();
		expect(await loadTimeline(AGENT, 10_000)).toEqual({ entries: [], lastAt: null });
		const store = new TimelineStore(`${AGENT} user:1`, 10);
		store.add(range(4, 5));
		await store.close();
		expect((await loadTimeline(`${AGENT} user:1`, 10)).entries).toHaveLength(2);
		expect(await onDisk(AGENT)).toBe(0);
	});

	/** A database as version 3 (or another) left it, with these records for AGENT. */
	async function keptByVersion3(records: unknown[], version = 3) {
		const open = indexedDB.open('agent-console-timeline', version);
		open.onupgradeneeded = () => {
			open.result
				.createObjectStore('chunks', { autoIncrement: true })
				.createIndex('agent', 'agent');
			open.result.createObjectStore('meta', { keyPath: 'agent' });
		};
		const v3 = await answer(open);
		const tx = v3.transaction(['chunks', 'meta'], 'readwrite');
		const chunks = [];
		for (const record of records) {
			const key = await answer(tx.objectStore('chunks').add(record));
			const entries = (record as { entries?: unknown[] }).entries;
			chunks.push({ key, count: entries?.length ?? 0 });
		}
		tx.objectStore('meta').put({ agent: AGENT, lastAt: 9_999, chunks });
		await new Promise((resolve) => (tx.oncomplete = resolve));
		v3.close();
	}

	/** Every record on disk, as text. */
	async function allOnDisk(): Promise<string> {
		const db = await openRaw();
		const all = await answer(db.transaction('chunks').objectStore('chunks').getAll());
		db.close();
		return JSON.stringify(all);
	}

	it('masks again what version 3 kept: the mask did not know fields named as credentials', async () => {
		const jsons = [
			'{"smbPassword":"hunter2"}',
			'{"Password":12345678}',
			'{"credentials":{"u":"ann","v":"sekrit"}}',
			'not JSON: token=tok123'
		];
		await keptByVersion3([
			{ agent: AGENT, entries: jsons.map((json, i) => ({ ...before5(i + 1), json })) },
			// A record of another shape is kept as it is, and read past.
			{ agent: AGENT, note: 'no entries' }
		]);

		const { loadTimeline } = await fresh();
		const kept = await loadTimeline(AGENT, 10);
		expect(kept.entries.map((e) => e.json)).toEqual([
			'{"smbPassword":"***"}',
			'{"Password":"***"}',
			'{"credentials":{"u":"***","v":"***"}}',
			'not JSON: token=***'
		]);
		expect(kept.lastAt).toBe(9_999);
		const disk = await allOnDisk();
		for (const secret of ['hunter2', '12345678', 'sekrit', 'tok123'])
			expect(disk).not.toContain(secret);
		expect(disk).toContain('no entries');
	});

	it('drops what version 3 kept when masking it again fails, rather than keep it unmasked', async () => {
		vi.doMock('$lib/mask', async (original) => {
			const mask = await original<typeof import('$lib/mask')>();
			return {
				...mask,
				maskDeep: (value: unknown) => {
					if (JSON.stringify(value).includes('BOOM')) throw new Error('mask failed');
					return mask.maskDeep(value);
				}
			};
		});
		try {
			await keptByVersion3([
				{ agent: AGENT, entries: [{ ...before5(1), json: '{"Password":"hunter2"}' }] },
				{ agent: AGENT, entries: [{ ...before5(2), json: '{"Password":"BOOM"}' }] }
			]);
			const { loadTimeline, TimelineStore } = await fresh();
			expect(await loadTimeline(AGENT, 10)).toEqual({ entries: [], lastAt: null });
			expect(await allOnDisk()).toBe('[]');
			const store = new TimelineStore(AGENT, 10);
			store.add(range(3, 4));
			await store.close();
			expect((await loadTimeline(AGENT, 10)).entries).toHaveLength(2);
		} finally {
			vi.doUnmock('$lib/mask');
		}
	});

	it('describes once, in place, what version 4 kept in English words, and loses nothing', async () => {
		const state = '{"Path":"/a/b.psd","StorageName":"S3","State":4}';
		const progress = JSON.stringify({
			Type: 1,
			Data: { TransferId: 't', Name: 'c.mov', Status: 'Failed', Error: 'reset' }
		});
		await keptByVersion3(
			[
				{
					agent: AGENT,
					entries: [
						{ ...before5(1, state), summary: '/a/b.psd (S3): Waiting to upload' },
						{
							...before5(2, progress),
							channel: 'notification',
							kind: 'progress',
							label: 'Transfer progress',
							summary: 'c.mov, failed: reset',
							severity: 'error'
						},
						// A frame that could not be read, a gap, and a frame that no longer reads as
						// its kind: each says what it kept.
						{
							...before5(3),
							kind: 'malformed',
							json: undefined,
							payload: '{"Type":',
							summary: 'not JSON: {"Type":'
						},
						{
							...before5(4),
							kind: 'gap',
							json: undefined,
							payload: null,
							summary: '',
							gap: { from: 1, to: 2, reason: 'lost' }
						},
						{ ...before5(5, '{"Seq":5}'), summary: 'as kept' }
					]
				},
				{ agent: AGENT, note: 'no entries' }
			],
			4
		);
		const { loadTimeline } = await fresh();
		const kept = await loadTimeline(AGENT, 10);
		expect(kept.lastAt).toBe(9_999);
		expect(kept.entries.map((e) => [e.kind, e.said])).toEqual([
			['state', { key: 'state', path: '/a/b.psd', storage: 'S3', state: 4 }],
			[
				'progress',
				{
					key: 'progress',
					mode: null,
					name: 'c.mov',
					path: null,
					storage: null,
					status: 'Failed',
					error: 'reset',
					pct: null
				}
			],
			['malformed', { key: 'text', text: 'not JSON: {"Type":' }],
			['gap', { key: 'text', text: '' }],
			['state', { key: 'text', text: 'as kept' }]
		]);
		expect(kept.entries[1]).toMatchObject({ severity: 'error', json: progress });
		expect(kept.entries[2]!.payload).toBe('{"Type":');
		expect(kept.entries[3]!.gap).toEqual({ from: 1, to: 2, reason: 'lost' });
		// On disk too, once: the next load reads today's shape.
		const disk = await allOnDisk();
		expect(disk).not.toContain('"label"');
		expect(disk).toContain('no entries');
	});

	it('describes an entry of an older shape found after the upgrade as it reads it', async () => {
		const { TimelineStore, loadTimeline } = await fresh();
		const store = new TimelineStore(AGENT, 100);
		store.add(range(1, 1));
		await store.flush();
		const db = await openRaw();
		const tx = db.transaction(['chunks'], 'readwrite');
		tx.objectStore('chunks').put(
			{
				agent: AGENT,
				entries: [
					{ ...before5(1, '{"Path":"/x","State":0}'), summary: '/x: In sync' },
					'not an entry'
				]
			},
			1
		);
		await new Promise((resolve) => (tx.oncomplete = resolve));
		db.close();
		expect((await loadTimeline(AGENT, 100)).entries.map((e) => e.said)).toEqual([
			{ key: 'state', path: '/x', storage: null, state: 0 }
		]);
		await store.close();
	});

	it('steps aside for a newer version of the console opened elsewhere', async () => {
		const { TimelineStore } = await fresh();
		const store = new TimelineStore(AGENT, 10);
		store.add(range(1, 2));
		await store.flush();
		const newer = indexedDB.open('agent-console-timeline', 6);
		let blocked = false;
		newer.onblocked = () => (blocked = true);
		const opened = await answer(newer);
		expect(blocked).toBe(false);
		opened.close();
		// Writing afterwards fails quietly: nothing thrown, nothing kept by this console.
		store.add(range(3, 4));
		await expect(store.flush()).resolves.toBeUndefined();
	});

	it('reads past what it cannot read: a list of chunks missing or broken, a chunk of the wrong shape', async () => {
		const { TimelineStore, loadTimeline } = await fresh();
		const store = new TimelineStore(AGENT, 100);
		store.add(range(1, 3));
		await store.flush();
		// Broken by hand: the newest chunk holds no list, and another agent's record has no chunks.
		const db = await openRaw();
		const tx = db.transaction(['chunks', 'meta'], 'readwrite');
		tx.objectStore('chunks').put({ agent: AGENT, entries: 'nonsense' }, 1);
		tx.objectStore('meta').put({ agent: OTHER, lastAt: 5 });
		await new Promise((resolve) => (tx.oncomplete = resolve));
		db.close();
		expect(await loadTimeline(AGENT, 100)).toEqual({ entries: [], lastAt: 1_003 });
		expect(await loadTimeline(OTHER, 100)).toEqual({ entries: [], lastAt: 5 });
		// Both keep working afterwards.
		store.add(range(4, 5));
		await store.flush();
		const other = new TimelineStore(OTHER, 100);
		other.add(range(1, 1));
		await other.flush();
		expect((await loadTimeline(AGENT, 100)).entries.map(summary)).toEqual([
			'/kept/4.psd',
			'/kept/5.psd'
		]);
		expect((await loadTimeline(OTHER, 100)).entries).toHaveLength(1);
		await Promise.all([store.close(), other.close()]);
	});
});
