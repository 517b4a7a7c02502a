import { afterEach, describe, expect, it, vi } from 'vitest';
import { Problems } from './problems.svelte.ts';
import type { TimelineEntry } from './timeline-entry';

const entry = (
	seq: number,
	json: string,
	kind: TimelineEntry['kind'] = 'progress'
): TimelineEntry => ({
	seq,
	at: 1_000 + seq,
	channel: 'notification',
	kind,
	label: 'Transfer',
	summary: 'Upload a.mov, failed',
	payload: undefined,
	json,
	severity: 'error'
});

describe('Problems', () => {
	it('keeps a failed transfer’s file and bucket, to match it with the history', () => {
		const problems = new Problems();
		problems.add([
			entry(1, JSON.stringify({ Type: 1, Data: { Name: 'a.mov', StorageName: 'studio' } })),
			entry(2, JSON.stringify({ Type: 1, Data: { Name: 'b.mov' } })),
			entry(3, JSON.stringify({ Type: 1, Data: { Name: '' } })),
			entry(4, 'not json'),
			entry(5, JSON.stringify({ Type: 2, Data: { Name: 'c.mov' } }), 'app-notification')
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
		problems.add([entry(1, '{}')], { quiet: true });
		problems.add([entry(2, '{}')], { quiet: true });
		expect(alerted).toEqual([1, 2]);
		expect(problems.version).toBe(before);
		problems.signal();
		expect(problems.version).toBe(before + 1);
		expect(problems.recent(2_000).map((p) => p.seq)).toEqual([2, 1]);
		problems.signal();
		problems.add([entry(3, '{}')]);
		expect(problems.version).toBe(before + 2);
	});
});

afterEach(() => void vi.unstubAllGlobals());
