import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { config } from '$lib/config.svelte';
import { CREDENTIAL_SAMPLES, PLANTED } from '$lib/mask';
import { memoryStorage } from '$lib/test/memory-storage';
import { request } from './client.ts';
import { AgentHttpError, AgentNetworkError } from './errors.ts';
import {
	clearFailedRequests,
	failedRequests,
	MAX_FAILED_REQUESTS,
	maskedPath,
	noteFailure
} from './failures.ts';
import { tokenStore } from './token.ts';

const AGENT = 'http://localhost:29123';

beforeEach(() => {
	vi.stubGlobal('sessionStorage', memoryStorage());
	vi.stubGlobal('localStorage', memoryStorage());
	vi.stubGlobal('location', { origin: 'http://localhost:4173' });
	config.reset();
	clearFailedRequests();
});
afterEach(() => vi.unstubAllGlobals());

describe('failed requests', () => {
	it('keeps what request() failed with: method, path without the token, status, code', async () => {
		tokenStore.set(AGENT, 'PLANTEDsessiontoken');
		vi.stubGlobal(
			'fetch',
			vi.fn(
				async () =>
					new Response('{"type":"ACCESS token=PLANTEDcode","errors":{"ACCESS":["No"]}}', {
						status: 499
					})
			)
		);
		await expect(
			request(z.unknown(), '/user/get_all', {
				method: 'POST',
				auth: true,
				query: { page: 2, client_secret: 'PLANTEDquery' }
			})
		).rejects.toBeInstanceOf(AgentHttpError);
		// Kept a moment later: the module is loaded when the first call fails.
		await vi.waitFor(() => expect(failedRequests()).toHaveLength(1));
		const [failure] = failedRequests();
		expect(failure).toMatchObject({
			method: 'POST',
			path: '/user/get_all?page=2&client_secret=***',
			status: 499,
			failure: 'http'
		});
		expect(failure?.code).toMatch(/^ACCESS token=\*\*\*$/);
		expect(JSON.stringify(failedRequests())).not.toContain(PLANTED);
	});

	it('keeps a call that got no answer, and not one the console aborted', async () => {
		vi.stubGlobal(
			'fetch',
			vi.fn(async () => {
				throw new TypeError('Failed to fetch');
			})
		);
		await expect(request(z.unknown(), '/management/agent_status')).rejects.toBeInstanceOf(
			AgentNetworkError
		);
		noteFailure('GET', new URL('/x', AGENT), new DOMException('aborted', 'AbortError'));
		await vi.waitFor(() => expect(failedRequests()).toHaveLength(1));
		expect(failedRequests()).toEqual([
			expect.objectContaining({
				path: '/management/agent_status',
				status: null,
				code: null,
				failure: 'unreachable'
			})
		]);
	});

	it('keeps the last 20 only, oldest first', () => {
		for (let i = 0; i < MAX_FAILED_REQUESTS + 5; i++)
			noteFailure('GET', new URL(`/n/${i}`, AGENT), new AgentHttpError(500, null), i);
		const kept = failedRequests();
		expect(kept).toHaveLength(MAX_FAILED_REQUESTS);
		expect(kept[0]?.path).toBe('/n/5');
		expect(kept.at(-1)?.path).toBe(`/n/${MAX_FAILED_REQUESTS + 4}`);
	});

	it('masks every credential form in a path or query', () => {
		for (const sample of CREDENTIAL_SAMPLES) {
			const url = new URL(`/files/get?path=${encodeURIComponent(sample)}&token=PLANTEDt`, AGENT);
			expect(maskedPath(url)).not.toContain(PLANTED);
		}
		expect(maskedPath(new URL('/a?apiKey=PLANTEDk&page=1', AGENT))).toBe('/a?apiKey=***&page=1');
	});
});
