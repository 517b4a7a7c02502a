import { describe, expect, it } from 'vitest';
import { AgentHttpError } from '$lib/api/errors';
import { BulkRun } from './bulk.svelte.ts';

const items = ['a', 'b', 'c'].map((key) => ({ key, label: `user ${key}`, value: key }));

describe('BulkRun', () => {
	it('runs one at a time, keeps going after a failure, and says which failed and why', async () => {
		const order: string[] = [];
		let active = 0;
		const run = new BulkRun<string>();
		await run.run(items, async (key) => {
			active++;
			expect(active).toBe(1);
			order.push(key);
			await Promise.resolve();
			active--;
			if (key === 'b') throw new AgentHttpError(499, 'ACCESS', { ACCESS: ['Not yours.'] });
		});
		expect(order).toEqual(['a', 'b', 'c']);
		expect(run.done).toBe(3);
		expect(run.succeeded.map((i) => i.key)).toEqual(['a', 'c']);
		expect(run.failed.map((i) => i.key)).toEqual(['b']);
		expect(run.results[1]?.error).toMatch(/Not yours/);
		// Retry the failed ones.
		await run.run(run.failed, async () => undefined);
		expect(run.failed).toEqual([]);
		expect(run.total).toBe(1);
	});

	it("stops on an error that is not the agent's", async () => {
		const run = new BulkRun<string>();
		await expect(
			run.run(items, async () => {
				throw new TypeError('bug');
			})
		).rejects.toThrow('bug');
		expect(run.running).toBe(false);
	});
});
