import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from '$lib/config.svelte';
import { fakeAgent } from '$lib/test/fake-agent';
import { AgentHttpError } from './errors.ts';
import { tokenStore } from './token.ts';
import { cancelTransfer, readTransfers, startTransfer } from './transfers.ts';

const signedIn = (status = 200, body = '') => {
	const calls = fakeAgent(status, body);
	tokenStore.set(config.agentUrl, 'a.b.c');
	return calls;
};

const ASKED = { page: 2, pageSize: 25, sortField: 'RequestDate', descending: true, type: 0 };

describe('the current transfers', () => {
	afterEach(() => vi.unstubAllGlobals());

	it('asks a page with the token, every kind unless a type is given', async () => {
		const calls = signedIn(200, JSON.stringify({ data: [], total: 0, options: null }));
		await readTransfers(ASKED);
		expect(calls[0]).toMatchObject({
			method: 'GET',
			path: '/transfer/get_all',
			query: {
				token: 'a.b.c',
				page: '2',
				pagesize: '25',
				sortfield: 'RequestDate',
				descending: 'true'
			}
		});
		expect(calls[0]!.query).not.toHaveProperty('type');
		await readTransfers({ ...ASKED, type: 9 });
		expect(calls[1]!.query.type).toBe('9');
	});

	it('reads each row alone: ids as numbers or strings, unknown fields kept, an odd row as sent', async () => {
		signedIn(
			200,
			JSON.stringify({
				data: [
					{ id: 7, transferStatus: 2, percent: 40, region: 'x' },
					{ id: 'b7e4', transferStatus: null, newField: { a: 1 } },
					{ transferStatus: 'Running' }
				],
				total: 3,
				options: { page: 1, pageSize: 25 }
			})
		);
		const page = await readTransfers({ ...ASKED, page: 1 });
		expect(page.rows.map((r) => r.value?.id ?? null)).toEqual([7, 'b7e4', null]);
		expect(page.rows[1]!.raw).toMatchObject({ newField: { a: 1 } });
		expect(page.rows[2]!.raw).toEqual({ transferStatus: 'Running' });
		expect(page.total).toBe(3);
	});

	it('cancels by id and starts a copy, with the token, naming the console', async () => {
		const calls = signedIn();
		await cancelTransfer('b7e4');
		const body = {
			sourceCloudAccountId: 'acc-aws-1',
			sourceBucket: 'a-bucket',
			sourcePath: 'x/',
			destinationCloudAccountId: 'acc-wasabi-1',
			destinationBucket: 'b-bucket',
			destinationPath: 'y/',
			allowSkip: true,
			keepSourceTree: false
		};
		await startTransfer(body);
		expect(calls).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: '/transfer/cancel_transfer',
				query: { token: 'a.b.c' },
				headers: expect.objectContaining({ 'x-app-origin': 'agent-console' }),
				body: { id: 'b7e4' }
			}),
			expect.objectContaining({ method: 'POST', path: '/transfer/transfer', body })
		]);
	});

	it('turns the agent’s refusal into its messages', async () => {
		signedIn(
			499,
			JSON.stringify({
				type: 'STATUS',
				status: 499,
				errors: { STATUS: ['The transfer has already completed: there is nothing to cancel.'] }
			})
		);
		const error = await cancelTransfer(1).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(AgentHttpError);
		expect((error as AgentHttpError).code).toBe('STATUS');
		expect((error as AgentHttpError).messages).toEqual([
			'The transfer has already completed: there is nothing to cancel.'
		]);
	});
});
