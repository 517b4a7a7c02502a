import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '$lib/config.svelte';
import { memoryStorage } from '$lib/test/memory-storage';
import { testConnection } from './connection-test.ts';

/** The console's own server, sending `policy` with its files, and an agent that answers 1. */
function served(policy: string | null) {
	const fetch = vi.fn(async (url: URL | string, init?: RequestInit) =>
		init?.method === 'HEAD'
			? new Response(null, { headers: policy ? { 'content-security-policy': policy } : {} })
			: new Response(String(url).endsWith('/management/agent_status') ? '1' : null)
	);
	vi.stubGlobal('fetch', fetch);
	return fetch;
}

beforeEach(() => {
	vi.stubGlobal('sessionStorage', memoryStorage());
	vi.stubGlobal('localStorage', memoryStorage());
	vi.stubGlobal('location', { origin: 'http://localhost:4173' });
	config.reset();
});
afterEach(() => vi.unstubAllGlobals());

describe('testConnection', () => {
	it('says when the headers the console is served with keep the page from the agent', async () => {
		const fetch = served("default-src 'self'; connect-src 'self' http://localhost:*");
		expect(await testConnection('http://localhost:29123', [])).toEqual({
			kind: 'reachable',
			url: 'http://localhost:29123',
			status: 1
		});
		served("connect-src 'self'");
		expect(await testConnection('http://localhost:29123', [])).toEqual({
			kind: 'policy',
			url: 'http://localhost:29123'
		});
		expect(fetch.mock.calls[0]?.[0]).toBe('/config.json');
	});

	it('goes on to the agent where the console is served with no policy', async () => {
		served(null);
		expect((await testConnection('localhost:29123', [])).kind).toBe('reachable');
	});
});
