import { describe, expect, it } from 'vitest';
import { AgentHttpError, AgentNetworkError } from '$lib/api/errors';
import { AgentAction } from './action.svelte.ts';

/** A call the test settles by hand. */
function pending<T = void>() {
	let settle!: { resolve: (value: T) => void; reject: (error: unknown) => void };
	const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
	return { promise, ...settle };
}

describe('an action that changes the agent', () => {
	it('is busy with its own key while it runs, and says what it did after', async () => {
		const action = new AgentAction<'delete'>();
		const call = pending<number>();
		const running = action.run({
			key: 'delete',
			call: () => call.promise,
			done: (n) => `Deleted ${n} entries.`
		});
		expect(action.busy).toBe('delete');
		call.resolve(3);
		await expect(running).resolves.toBe(true);
		expect(action.busy).toBeNull();
		expect(action.outcome).toMatchObject({ key: 'delete', ok: true, text: 'Deleted 3 entries.' });
	});

	it('runs one at a time: a second action while one runs sends nothing', async () => {
		const action = new AgentAction<'sync' | 'open'>();
		const call = pending();
		const first = action.run({ key: 'sync', call: () => call.promise, done: 'Synced.' });
		let sent = false;
		const second = await action.run({
			key: 'open',
			call: async () => void (sent = true),
			done: 'Opened.'
		});
		expect(second).toBe(false);
		expect(sent).toBe(false);
		expect(action.busy).toBe('sync');
		call.resolve();
		await first;
		expect(action.outcome?.text).toBe('Synced.');
	});

	it("says the agent's refusal in words, after what did not happen", async () => {
		const action = new AgentAction();
		const refusal = new AgentHttpError(499, 'BUSY', { BUSY: ['A sync is already running.'] });
		const done = await action.run({
			key: 'sync',
			call: () => Promise.reject(refusal),
			done: 'Sync started.',
			failed: 'The sync did not start'
		});
		expect(done).toBe(false);
		expect(action.busy).toBeNull();
		expect(action.outcome).toMatchObject({
			ok: false,
			text: 'The sync did not start: A sync is already running.',
			error: refusal
		});
		const away = new AgentNetworkError('timeout', 'http://localhost:5000', 'null', 15_000);
		await action.run({ key: 'plan', call: () => Promise.reject(away), done: 'Switched.' });
		expect(action.outcome?.text).toBe(away.message);
	});

	it('throws a bug on instead of saying it, and is free again after', async () => {
		const action = new AgentAction();
		const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
		await expect(
			action.run({ key: 'delete', call: () => Promise.reject(bug), done: 'Deleted.' })
		).rejects.toBe(bug);
		expect(action.outcome).toBeNull();
		expect(action.busy).toBeNull();
		await expect(
			action.run({ key: 'delete', call: () => Promise.resolve(), done: 'Deleted.' })
		).resolves.toBe(true);
	});

	it('keeps no words when the page shows what follows itself, and forgets on dismiss', async () => {
		const action = new AgentAction();
		await action.run({ key: 'a', call: () => Promise.resolve(), done: 'Done.' });
		expect(action.outcome?.text).toBe('Done.');
		action.dismiss();
		expect(action.outcome).toBeNull();
		await action.run({ key: 'a', call: () => Promise.resolve(), done: 'Done.' });
		await action.run({ key: 'b', call: () => Promise.resolve(), done: null });
		expect(action.outcome).toBeNull();
	});
});
