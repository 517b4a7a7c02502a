import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '$lib/api/schemas/history';
import { rerunPath } from './rerun.ts';

const entry = (over: Partial<HistoryItem>) =>
	({
		id: 1,
		transferStatus: 16,
		origin: 2,
		direction: 1,
		sourcePath: 'G:\\a.mov',
		sourceBucket: null,
		destinationPath: 'team/a.mov',
		destinationBucket: 'studio',
		...over
	}) as HistoryItem;

describe('running a failed transfer again', () => {
	it('is a sync pass for the local side of a drive’s failed transfer', () => {
		expect(rerunPath(entry({}))).toBe('G:\\a.mov');
		expect(
			rerunPath(
				entry({
					direction: 2,
					origin: 4,
					sourcePath: 'team/b.mov',
					sourceBucket: 'studio',
					destinationPath: 'G:\\b.mov',
					destinationBucket: null
				})
			)
		).toBe('G:\\b.mov');
	});

	it('is not offered for a transfer that did not fail, or that no drive made', () => {
		expect(rerunPath(entry({ transferStatus: 4 }))).toBeNull();
		expect(rerunPath(entry({ origin: 1 }))).toBeNull();
		expect(rerunPath(entry({ sourceBucket: 'other' }))).toBeNull();
	});
});
