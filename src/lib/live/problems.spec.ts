import { afterEach, describe, expect, it, vi } from 'vitest';
import { Problems } from './problems.svelte.ts';
import type { Said } from './event-words';
import type { TimelineEntry } from './timeline-entry';

const entry = (
	seq: number,
	said: Said = { key: 'text', text: 'Upload a.mov, failed' },
	kind: TimelineEntry['kind'] = 'progress'
): TimelineEntry => ({
	seq,
	at: 1_000 + seq,
	channel: 'notification',
	kind,
	said,
	payload: undefined,
	json: '{}',
	severity: 'error'
});
/** A failed transfer's words, as the hub described its frame. */
const failed = (name: string | null, storage: string | null = null): Said => ({
	key: 'progress',
	mode: 'Upload',
	name,
	path: null,
	storage,
	status: 'Failed',
	error: null,
	pct: null
});

describe('Problems', () => {
	it('keeps a failed transfer’s file and bucket, to match it with the history', () => {
		const problems = new Problems();
		problems.add([
			entry(1, failed('a.mov', 'studio')),
			entry(2, failed('b.mov')),
			entry(3, failed('')),
			entry(4),
			entry(5, { key: 'text', text: 'c.mov' }, 'user-notification')
		]);
		expect(problems.recent(2_000).map((p) => p.transfer)).toEqual([
			undefined,
			undefined,
			undefined,
			{ name: 'b.mov', storage: null },
			{ name: 'a.mov', storage: 'studio' }
		]);
	});

	it('alerts at once when taken quietly (a hidden page), and changes its lists on signal', () => {
		const problems = new Problems();
		const alerted: number[] = [];
		problems.onProblem((p) => alerted.push(p.seq));
		const before = problems.version;
		problems.add([entry(1)], { quiet: true });
		problems.add([entry(2)], { quiet: true });
		expect(alerted).toEqual([1, 2]);
		expect(problems.version).toBe(before);
		problems.signal();
		expect(problems.version).toBe(before + 1);
		expect(problems.recent(2_000).map((p) => p.seq)).toEqual([2, 1]);
		problems.signal();
		problems.add([entry(3)]);
		expect(problems.version).toBe(before + 2);
	});
});

afterEach(() => void vi.unstubAllGlobals());
