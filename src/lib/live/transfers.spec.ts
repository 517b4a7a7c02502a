import { describe, expect, it } from 'vitest';
import { FileStates } from './file-states.svelte.ts';
import { Transfers, outcomeWords } from './transfers.svelte.ts';
import { KEEP_FINISHED_MS, TransferBook, fileStateOf, outcomeOf } from './live-records.ts';

type Progress = Parameters<TransferBook['apply']>[0];

/** Transfers as a tab keeps them: the hub adds each batch up, and the tab takes what changed. */
function fed(now: () => number) {
	const book = new TransferBook(now);
	const shown = new Transfers(now);
	return {
		shown,
		apply(batch: Progress) {
			const changed = book.apply(batch);
			shown.upsert([...book.byId.values()].filter((t) => changed.has(t.id)));
		}
	};
}

describe('Transfers', () => {
	it('taken quietly (a hidden page), the figures are current but the views are told later', () => {
		const book = new TransferBook(() => 0);
		const shown = new Transfers(() => 0);
		book.apply([{ data: { TransferId: 'a', Status: 'InProgress', Bytes: 5, Size: 9 }, at: 0 }]);
		const version = shown.version;
		shown.upsert([...book.byId.values()], { quiet: true });
		expect(shown.version).toBe(version);
		expect(shown.list.map((x) => x.bytes)).toEqual([5]);
		// Shown again: the next hand-over tells the views, even with nothing new in it.
		shown.upsert([]);
		expect(shown.version).toBe(version + 1);
		shown.upsert([]);
		expect(shown.version).toBe(version + 1);
	});

	it('follows each transfer and keeps finished ones for a while', () => {
		let now = 0;
		const { shown: t, apply } = fed(() => now);
		apply([
			{
				data: { TransferId: 'a', Status: 'InProgress', Bytes: 10, Size: 100, Name: 'a.bin' },
				at: 0
			},
			{ data: { TransferId: 'b', Status: 'InProgress', Bytes: 1, Size: 100 }, at: 0 }
		]);
		apply([
			{ data: { TransferId: 'a', Status: 'Completed', Bytes: 100, Size: 100 }, at: 10 },
			{ data: { TransferId: 'b', Status: 'Failed', Error: 'reset' }, at: 20 }
		]);
		expect(t.list.map((x) => [x.id, x.outcome, x.bytes])).toEqual([
			['b', 'failed', 1],
			['a', 'completed', 100]
		]);
		expect(t.counts).toEqual({ active: 0, failed: 1, completed: 1 });
		expect(t.list.find((x) => x.id === 'a')?.name).toBe('a.bin');
		now = KEEP_FINISHED_MS + 15;
		apply([{ data: { TransferId: 'c', Status: 'InProgress' }, at: now }]);
		expect(t.list.map((x) => x.id)).toEqual(['c', 'b']);
	});

	it("shows the hub's book as it is, batch after batch", () => {
		const { shown, apply } = fed(() => 3);
		apply([
			{ data: { TransferId: 'a', Status: 'InProgress', Bytes: 1, Name: 'a.bin' }, at: 1 },
			{ data: { TransferId: 'b', Status: 'InProgress', Path: '/x/b.bin' }, at: 2 }
		]);
		apply([{ data: { TransferId: 'a', Status: 'Completed', Bytes: 9 }, at: 3 }]);
		expect(shown.list.map((t) => [t.id, t.outcome, t.bytes, t.name])).toEqual([
			['b', 'active', null, 'b.bin'],
			['a', 'completed', 9, 'a.bin']
		]);
		expect(shown.counts).toEqual({ active: 1, failed: 0, completed: 1 });
		expect(shown.list[0]?.path).toBe('/x/b.bin');
	});

	it('lists active, then failed, then done, whatever came last', () => {
		const { shown: t, apply } = fed(() => 0);
		apply([
			{
				data: { TransferId: 'done', Status: 'Completed', StartTimeUtc: '2026-11-22T10:00:00Z' },
				at: 5
			},
			{ data: { TransferId: 'bad', Status: 'Failed' }, at: 3 },
			{ data: { TransferId: 'run', Status: 'InProgress' }, at: 1 },
			{ data: { TransferId: 'done2', Status: 'Completed' }, at: 6 }
		]);
		expect(t.list.map((x) => x.id)).toEqual(['run', 'bad', 'done2', 'done']);
		expect(t.list.find((x) => x.id === 'done')?.startedAt).toBe(Date.parse('2026-11-22T10:00:00Z'));
		expect(t.list.find((x) => x.id === 'run')?.startedAt).toBe(1);
	});

	it('says every status in one casing', () => {
		expect(outcomeWords({ outcome: 'active', status: 'InProgress' })).toBe('In progress');
		expect(outcomeWords({ outcome: 'active', status: '2' })).toBe('In progress');
		expect(outcomeWords({ outcome: 'active', status: 'WAITING_FOR_DISK' })).toBe(
			'Waiting for disk'
		);
		expect(outcomeWords({ outcome: 'failed', status: 'Canceled' })).toBe('Canceled');
		expect(outcomeWords({ outcome: 'completed', status: 'done' })).toBe('Completed');
	});

	it('reads the outcome from names, numbers and errors', () => {
		expect(outcomeOf('Completed', null)).toBe('completed');
		expect(outcomeOf('failed', null)).toBe('failed');
		expect(outcomeOf(7, 'disk full')).toBe('failed');
		expect(outcomeOf(7, null)).toBe('active');
	});

	it('reads a number in the contract listed order: InProgress, Completed, Failed', () => {
		expect(outcomeOf(1, null)).toBe('active');
		expect(outcomeOf(2, null)).toBe('completed');
		expect(outcomeOf('3', null)).toBe('failed');
	});
});

describe('FileStates', () => {
	it('keeps the latest state per path', () => {
		const f = new FileStates();
		f.upsert([
			fileStateOf({ Path: '/a', State: 4 }, 1),
			fileStateOf({ Path: '/b', State: 2 }, 2),
			fileStateOf({ Path: '/a', State: 0 }, 3)
		]);
		expect(f.list).toEqual([
			{ path: '/b', storage: '', state: 2, at: 2 },
			{ path: '/a', storage: '', state: 0, at: 3 }
		]);
	});
});
