import { vi } from 'vitest';
import { config } from '$lib/config.svelte';
import { memoryStorage } from './memory-storage.ts';

export type SeenCall = {
	method: string;
	path: string;
	query: Record<string, string>;
	headers: Record<string, string>;
	body: unknown;
};

/**
 * A fetch that answers every call with one status and body (or the body `answer` gives for the
 * call), and keeps what each call sent (the method, path, query, headers and JSON body), for specs
 * of the api modules.
 */
export function fakeAgent(status = 200, answer: string | ((call: SeenCall) => string) = '') {
	vi.stubGlobal('sessionStorage', memoryStorage());
	vi.stubGlobal('localStorage', memoryStorage());
	vi.stubGlobal('location', { origin: 'http://localhost:4173' });
	config.reset();
	const calls: SeenCall[] = [];
	const fetch = vi.fn(async (url: URL, init: RequestInit = {}) => {
		const call: SeenCall = {
			method: init.method ?? 'GET',
			path: url.pathname,
			query: Object.fromEntries(url.searchParams),
			headers: { ...(init.headers as Record<string, string>) },
			body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined
		};
		calls.push(call);
		const body = typeof answer === 'string' ? answer : answer(call);
		return new Response(body || null, { status });
	});
	vi.stubGlobal('fetch', fetch);
	return calls;
}
