import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import * as store from './journal-store';
import type { JournalEntry } from './journal';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzZWNyZXQtdXNlciJ9.c2lnbmF0dXJlLXNlY3JldA';
const ADA = 'http://agent.test user:ada';
const BOB = 'http://agent.test user:bob';

const entry = (n: number, over: Partial<JournalEntry> = {}): JournalEntry => ({
	id: `e${n}`,
	at: n,
	source: 'console',
	who: 'ada',
	kind: 'drive',
	method: 'PUT',
	operation: `/management/clouddrive/d${n}`,
	item: `d${n}`,
	outcome: 'done',
	reason: null,
	code: null,
	...over
});

// The module opens the database once; each test keeps its own owners apart instead.
describe('the kept journal', () => {
	it('keeps each owner apart, bounded, once each', async () => {
		await store.addToJournal(ADA, [entry(1), entry(2)], 3);
		await store.addToJournal(ADA, [entry(2), entry(3), entry(4)], 3);
		await store.addToJournal(BOB, [entry(9)], 3);
		expect((await store.loadJournal(ADA)).map((e) => e.id)).toEqual(['e2', 'e3', 'e4']);
		expect((await store.loadJournal(BOB)).map((e) => e.id)).toEqual(['e9']);
		expect(await store.loadJournal('nobody')).toEqual([]);
	});

	it('masks what it writes, and what it reads back', async () => {
		await store.addToJournal(`${ADA} 2`, [entry(1, { reason: `token=${JWT}`, item: JWT })], 10);
		const database = await openDB('agent-console-journal', 1);
		expect(JSON.stringify(await database.getAll('journals'))).not.toContain(JWT);
		// One planted by hand (an older console, a tampered store) is masked on the way out.
		await database.put('journals', {
			owner: `${BOB} 2`,
			entries: [entry(2, { who: JWT }), { id: 3 }, 'nonsense', null]
		});
		database.close();
		const read = await store.loadJournal(`${BOB} 2`);
		expect(read.map((e) => e.id)).toEqual(['e2']);
		expect(JSON.stringify(read)).not.toContain(JWT);
	});

	it('reads a record of another shape as an empty journal', async () => {
		const owner = `${ADA} 3`;
		await store.loadJournal(owner);
		const database = await openDB('agent-console-journal', 1);
		await database.put('journals', { owner, entries: 'not a list' });
		database.close();
		expect(await store.loadJournal(owner)).toEqual([]);
		expect((await store.addToJournal(owner, [entry(1)], 5))?.map((e) => e.id)).toEqual(['e1']);
	});
});
