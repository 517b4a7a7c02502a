import { describe, expect, it, vi } from 'vitest';
import type { DriveOrBackupKind } from '$lib/api/drives';
import { AgentHttpError } from '$lib/api/errors';
import type { SyncHealth } from '$lib/api/schemas/drives';
import { HEALTH_AT_ONCE, HealthReads } from './health.svelte.ts';

/** A pretend agent: each health call waits until answered by the test. */
function agent() {
	const calls: { kind: DriveOrBackupKind; id: string; signal: AbortSignal; answer: () => void }[] =
		[];
	const failures = new Map<string, Error>();
	const read = (kind: DriveOrBackupKind, id: string, { signal }: { signal: AbortSignal }) =>
		new Promise<SyncHealth>((resolve, reject) => {
			signal.addEventListener('abort', () => reject(signal.reason));
			calls.push({
				kind,
				id,
				signal,
				answer: () => {
					const failure = failures.get(id);
					if (failure) reject(failure);
					else resolve({ DriveStatus: `${id} read ${calls.filter((c) => c.id === id).length}` });
				}
			});
		});
	return { calls, failures, read };
}

/** Waits until the drive's read has ended (its answer or failure is in). */
const readDone = (reads: HealthReads, id: string) =>
	vi.waitFor(() => expect(reads.get('drive', id)?.reading).toBe(false));
const ids = (n: number) => Array.from({ length: n }, (_, i) => `d${i}`);

describe('HealthReads', () => {
	it('reads a few at a time, each shown drive once, and keeps the answers', async () => {
		const a = agent();
		const reads = new HealthReads(a.read);
		for (const id of ids(10)) reads.show('drive', id);
		reads.show('drive', 'd0');
		expect(a.calls.map((c) => c.id)).toEqual(ids(HEALTH_AT_ONCE));
		expect(reads.get('drive', 'd9')).toEqual({ health: null, error: null, reading: true });
		for (let answered = 0; answered < a.calls.length;) {
			expect(a.calls.length - answered).toBeLessThanOrEqual(HEALTH_AT_ONCE);
			const call = a.calls[answered++]!;
			call.answer();
			await readDone(reads, call.id);
			// The next one waiting starts as this one ends.
			expect(a.calls.length).toBe(Math.min(10, answered + HEALTH_AT_ONCE));
		}
		expect(a.calls.map((c) => c.id)).toEqual(ids(10));
		expect(reads.get('drive', 'd9')).toEqual({
			health: { DriveStatus: 'd9 read 1' },
			error: null,
			reading: false
		});
		expect(reads.get('backup', 'd9')).toBeUndefined();
	});

	it('never reads a drive that left the screen before its turn, until it comes back', async () => {
		const a = agent();
		const reads = new HealthReads(a.read, 1);
		reads.show('drive', 'first');
		const hide = reads.show('drive', 'passing');
		hide();
		a.calls[0]!.answer();
		await readDone(reads, 'first');
		expect(a.calls.map((c) => c.id)).toEqual(['first']);
		expect(reads.get('drive', 'passing')?.reading).toBe(false);
		reads.show('drive', 'passing');
		expect(a.calls.map((c) => c.id)).toEqual(['first', 'passing']);
	});

	it('reads what is shown again for a new answer of the list, keeping the last health meanwhile', async () => {
		const a = agent();
		const reads = new HealthReads(a.read);
		const first = {};
		reads.follow(first);
		reads.show('drive', 'shown');
		const hide = reads.show('drive', 'gone');
		a.calls.forEach((c) => c.answer());
		await readDone(reads, 'shown');
		await readDone(reads, 'gone');
		hide();
		reads.follow(first);
		expect(a.calls).toHaveLength(2);
		reads.follow({});
		expect(a.calls.map((c) => c.id)).toEqual(['shown', 'gone', 'shown']);
		expect(reads.get('drive', 'shown')).toEqual({
			health: { DriveStatus: 'shown read 1' },
			error: null,
			reading: true
		});
		a.calls[2]!.answer();
		await readDone(reads, 'shown');
		expect(reads.get('drive', 'shown')?.health).toEqual({ DriveStatus: 'shown read 2' });
		// The one off screen is read again once it is back.
		reads.show('drive', 'gone');
		expect(a.calls.map((c) => c.id)).toEqual(['shown', 'gone', 'shown', 'gone']);
	});

	it('keeps a failure in words, and aborts everything when the page goes', async () => {
		const a = agent();
		a.failures.set('broken', new AgentHttpError(404, 'NOT_FOUND'));
		const reads = new HealthReads(a.read, 2);
		for (const id of ['broken', 'slow', 'waiting']) reads.show('drive', id);
		a.calls[0]!.answer();
		await readDone(reads, 'broken');
		expect(reads.get('drive', 'broken')?.error).toBeInstanceOf(AgentHttpError);
		const slow = a.calls.find((c) => c.id === 'slow')!;
		reads.stop();
		// Stopping aborts at once; the aborted read ends a moment later.
		expect(slow.signal.aborted).toBe(true);
		expect(a.calls.find((c) => c.id === 'waiting')?.signal.aborted).toBe(true);
		reads.show('drive', 'later');
		expect(a.calls.map((c) => c.id)).not.toContain('later');
		await readDone(reads, 'slow');
		expect(reads.get('drive', 'slow')).toEqual({ health: null, error: null, reading: false });
	});
});
