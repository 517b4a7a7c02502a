import { describe, expect, it } from 'vitest';
import { loadFailure } from './load-failure.svelte.ts';

describe('load failure', () => {
	it('passes a part that loads through, and notes one that cannot be fetched', async () => {
		await expect(loadFailure.watch(async () => ({ part: 1 }))).resolves.toEqual({ part: 1 });
		expect(loadFailure.failed).toBe(false);
		const fetchFailed = new TypeError('Failed to fetch dynamically imported module');
		await expect(loadFailure.watch(() => Promise.reject(fetchFailed))).rejects.toBe(fetchFailed);
		expect(loadFailure.failed).toBe(true);
	});
});
