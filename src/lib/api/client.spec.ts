import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { config } from '$lib/config.svelte';
import { answersAtAll, onChangeCall, onUnauthorized, request, type ChangeCall } from './client.ts';
import { AgentContractError, AgentHttpError, AgentNetworkError } from './errors.ts';
import { tokenStore } from './token.ts';
import { memoryStorage } from '$lib/test/memory-storage';

const AGENT = 'http://localhost:29123';

/** A fetch that never answers, and rejects like the browser's when aborted. */
function hangingFetch() {
	return vi.fn(
		(_url: URL, init: RequestInit) =>
			new Promise((_resolve, reject) =>
				init.signal?.addEventListener('abort', () =>
					reject(new DOMException('aborted', 'AbortError'))
				)
			)
	);
}

function answer(status: number, body: string) {
	return vi.fn(async () => new Response(body || null, { status }));
}

beforeEach(() => {
	vi.stubGlobal('sessionStorage', memoryStorage());
	vi.stubGlobal('localStorage', memoryStorage());
	vi.stubGlobal('location', { origin: 'http://localhost:4173' });
	config.reset();
});
afterEach(() => {
	vi.unstubAllGlobals();
	vi.useRealTimers();
});

describe('request', () => {
	it('reads a bare integer and builds the URL on the configured agent', async () => {
		const fetch = answer(200, '1');
		vi.stubGlobal('fetch', fetch);
		expect(await request(z.int(), '/management/agent_status')).toBe(1);
		expect(String(fetch.mock.calls[0]?.[0 as never])).toBe(`${AGENT}/management/agent_status`);
	});

	it('adds the stored token as ?token= and sends JSON bodies', async () => {
		tokenStore.set(AGENT, 'abc.def.ghi');
		const fetch = vi.fn<(url: URL, init: RequestInit) => Promise<Response>>(
			async () => new Response('{"ok":true}')
		);
		vi.stubGlobal('fetch', fetch);
		await request(z.object({ ok: z.boolean() }), '/x', {
			method: 'PUT',
			auth: true,
			body: { a: 1 },
			query: { page: 2, q: '', skip: undefined }
		});
		const [url, init] = fetch.mock.calls[0] ?? [];
		expect(url?.search).toBe('?page=2&token=abc.def.ghi');
		expect(init).toMatchObject({
			method: 'PUT',
			body: '{"a":1}',
			credentials: 'omit',
			referrerPolicy: 'no-referrer'
		});
	});

	it('does not follow a redirect, and says so in words', async () => {
		// What the browser gives for a redirect under `redirect: 'manual'`.
		const opaque = Object.defineProperty(new Response(null, { status: 200 }), 'type', {
			value: 'opaqueredirect'
		});
		const fetch = vi.fn<(url: URL, init: RequestInit) => Promise<Response>>(async () => opaque);
		vi.stubGlobal('fetch', fetch);
		const error = await request(z.unknown(), '/management/agent_status').catch((e: unknown) => e);
		expect(fetch.mock.calls[0]?.[1]).toMatchObject({ redirect: 'manual' });
		expect(error).toBeInstanceOf(AgentContractError);
		expect((error as Error).message).toBe(
			'The agent answered with a redirect to another address; the console does not follow it.'
		);
		vi.stubGlobal('fetch', answer(302, ''));
		await expect(request(z.unknown(), '/x')).rejects.toMatchObject({
			kind: 'contract',
			message: expect.stringContaining('redirect') as unknown
		});
	});

	it('probes with no-cors and the redirect mode the browser allows with it', async () => {
		// fetch() throws a TypeError for no-cors with any redirect mode but follow: the probe
		// would then say the agent is unreachable when it is only blocked by CORS.
		const fetch = vi.fn<(url: URL, init: RequestInit) => Promise<Response>>(async (_url, init) => {
			if (init.mode === 'no-cors' && init.redirect && init.redirect !== 'follow')
				throw new TypeError('Failed to fetch');
			return new Response(null);
		});
		vi.stubGlobal('fetch', fetch);
		expect(await answersAtAll('http://localhost:29123', '/management/agent_status')).toBe(true);
	});

	it('does not call the agent for an authenticated request without a token', async () => {
		const fetch = answer(200, '{}');
		vi.stubGlobal('fetch', fetch);
		await expect(
			request(z.unknown(), '/authentication/user', { auth: true })
		).rejects.toMatchObject({ status: 401 });
		expect(fetch).not.toHaveBeenCalled();
	});

	it('turns a 499 body into an http error with code, messages and field errors', async () => {
		vi.stubGlobal(
			'fetch',
			answer(
				499,
				'{"type":"VALIDATION","status":499,"errors":{"firstName":["First name is required."],"lastName":["Last name must be at most 50 characters."]}}'
			)
		);
		const error = await request(z.unknown(), '/authentication/update_user').catch(
			(e: unknown) => e
		);
		expect(error).toBeInstanceOf(AgentHttpError);
		expect(error).toMatchObject({
			status: 499,
			code: 'VALIDATION',
			messages: ['First name is required.', 'Last name must be at most 50 characters.'],
			fieldErrors: {
				firstName: ['First name is required.'],
				lastName: ['Last name must be at most 50 characters.']
			},
			message: 'First name is required. Last name must be at most 50 characters.'
		});
	});

	it('turns a 401 without a body into words and tells the session', async () => {
		tokenStore.set(AGENT, 't.o.k');
		vi.stubGlobal('fetch', answer(401, ''));
		const seen: string[] = [];
		const off = onUnauthorized((url) => seen.push(url));
		const error = await request(z.unknown(), '/authentication/user', { auth: true }).catch(
			(e: unknown) => e
		);
		off();
		expect((error as Error).message).toBe(
			'You are not signed in, or your session has ended (401).'
		);
		expect(seen).toEqual([AGENT]);
	});

	it('keeps going on error bodies that are HTML, truncated or odd', async () => {
		for (const [status, body, message] of [
			[
				500,
				'<html>oops</html>',
				'The agent hit an unexpected error (500). Try again; if it persists, restart the agent.'
			],
			[499, '{"type":"VALID', 'The agent reported an error without details (499).'],
			[499, '{"type":"BRAND_NEW","errors":{}}', 'The agent reported BRAND_NEW.'],
			[418, '', 'The agent answered with status 418.']
		] as const) {
			vi.stubGlobal('fetch', answer(status, body));
			await expect(request(z.unknown(), '/x')).rejects.toThrow(message);
		}
	});

	it('looks codes up as own keys: constructor, __proto__ and toString are just codes', async () => {
		for (const code of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
			vi.stubGlobal('fetch', answer(499, JSON.stringify({ type: code, status: 499, errors: {} })));
			const error = (await request(z.unknown(), '/x').catch((e: unknown) => e)) as AgentHttpError;
			expect(error.message).toBe(`The agent reported ${code}.`);
			expect(error.message).not.toContain('function');
		}
		vi.stubGlobal(
			'fetch',
			answer(
				499,
				'{"type":"VALIDATION","errors":{"__proto__":["Odd."],"constructor":["Also odd."]}}'
			)
		);
		const error = (await request(z.unknown(), '/x').catch((e: unknown) => e)) as AgentHttpError;
		// zod's record leaves `__proto__` out; nothing is polluted and `constructor` is a field.
		expect(Object.getPrototypeOf(error.fieldErrors)).toBe(Object.prototype);
		expect(Object.hasOwn(error.fieldErrors, 'constructor')).toBe(true);
		expect(error.fieldErrors.constructor).toEqual(['Also odd.']);
	});

	it('reports a failed fetch as a network error naming both causes and this origin', async () => {
		vi.stubGlobal(
			'fetch',
			vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))
		);
		const error = await request(z.unknown(), '/x').catch((e: unknown) => e);
		expect(error).toBeInstanceOf(AgentNetworkError);
		expect((error as Error).message).toBe(
			"The agent at http://localhost:29123 is unreachable, or this page's origin (http://localhost:4173) is not allowed by the agent."
		);
	});

	it("names the browser's local-network permission when it refused the call", async () => {
		vi.stubGlobal(
			'fetch',
			vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))
		);
		vi.stubGlobal('navigator', {
			permissions: { query: async () => ({ state: 'denied' }) }
		});
		const error = await request(z.unknown(), '/x').catch((e: unknown) => e);
		expect(error).toMatchObject({ kind: 'network', reason: 'local-network', block: 'denied' });
	});

	it('says the browser may be asking when a call from a page elsewhere times out', async () => {
		vi.stubGlobal('fetch', hangingFetch());
		vi.stubGlobal('location', { origin: 'https://portal.example', hostname: 'portal.example' });
		vi.stubGlobal('navigator', {
			permissions: { query: async () => ({ state: 'prompt' }) }
		});
		const error = await request(z.unknown(), '/x', { timeoutMs: 20 }).catch((e: unknown) => e);
		expect(error).toMatchObject({ reason: 'timeout', mayAsk: true });
	});

	it('gives up after the timeout with a timeout error', async () => {
		vi.stubGlobal('fetch', hangingFetch());
		const error = await request(z.unknown(), '/x', { timeoutMs: 20 }).catch((e: unknown) => e);
		expect(error).toMatchObject({ kind: 'network', reason: 'timeout' });
	});

	it('passes a caller abort through untouched', async () => {
		vi.stubGlobal('fetch', hangingFetch());
		const controller = new AbortController();
		const pending = request(z.unknown(), '/x', { signal: controller.signal });
		controller.abort();
		await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
	});

	it('reports 2xx bodies that are not JSON, empty or the wrong shape as contract errors', async () => {
		vi.stubGlobal('fetch', answer(200, '<!doctype html><p>hello'));
		await expect(request(z.int(), '/x')).rejects.toMatchObject({
			kind: 'contract',
			detail: 'The body is not JSON.'
		});
		vi.stubGlobal('fetch', answer(200, ''));
		await expect(request(z.int(), '/x')).rejects.toMatchObject({ detail: 'The body is empty.' });
		vi.stubGlobal('fetch', answer(200, '{"data":[{"id":5}],"total":"many"}'));
		const error = await request(z.object({ total: z.int() }), '/x').catch((e: unknown) => e);
		expect(error).toBeInstanceOf(AgentContractError);
		expect((error as AgentContractError).detail).toBe('total: expected number');
	});

	it('never puts a token into a contract error', async () => {
		vi.stubGlobal(
			'fetch',
			answer(200, '{"jwtToken":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl","x":')
		);
		const error = (await request(z.unknown(), '/x').catch((e: unknown) => e)) as AgentContractError;
		expect(error.raw).not.toContain('eyJ');
		expect(error.raw).toContain('"jwtToken":"***"');
	});

	it('masks every credential in an answer before anything else sees it', async () => {
		vi.stubGlobal(
			'fetch',
			answer(200, JSON.stringify({ name: 'a?X-Amz-Signature=s3cr3t', list: [{ url: 'b?sig=x1' }] }))
		);
		expect(await request(z.unknown(), '/x')).toEqual({
			name: 'a?X-Amz-Signature=***',
			list: [{ url: 'b?sig=***' }]
		});
	});

	it('keeps the credential a sign-in answers, where the caller asks', async () => {
		const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
		vi.stubGlobal('fetch', answer(200, JSON.stringify(jwt)));
		expect(await request(z.string(), '/x', { keepCredentials: true })).toBe(jwt);
		expect(await request(z.string(), '/x')).toBe('[token]');
	});

	it('masks the messages of an error answer', async () => {
		vi.stubGlobal(
			'fetch',
			answer(
				499,
				JSON.stringify({ type: 'ACCESS', errors: { ACCESS: ['See https://x/?token=abc'] } })
			)
		);
		const error = (await request(z.unknown(), '/x', { keepCredentials: true }).catch(
			(e: unknown) => e
		)) as AgentHttpError;
		expect(error.message).toBe('See https://x/?token=***');
	});

	it('stops reading an answer larger than the limit, and says so', async () => {
		const huge = new ReadableStream<Uint8Array>({
			pull(controller) {
				controller.enqueue(new Uint8Array(4 * 1024 * 1024).fill(32));
			}
		});
		vi.stubGlobal(
			'fetch',
			vi.fn(async () => new Response(huge, { status: 200 }))
		);
		const error = (await request(z.unknown(), '/x').catch((e: unknown) => e)) as AgentContractError;
		expect(error).toBeInstanceOf(AgentContractError);
		expect(error.detail).toMatch(/larger than 32 MB/);
	});

	it('bounds how deep an answer nests', async () => {
		vi.stubGlobal('fetch', answer(200, '['.repeat(5000) + ']'.repeat(5000)));
		const value = await request(z.unknown(), '/x');
		expect(() => JSON.stringify(value)).not.toThrow();
		expect(JSON.stringify(value)).toContain('nested deeper than');
	});
});

describe('onChangeCall', () => {
	it('hears each signed-in change as it ended, done or refused, and no read', async () => {
		tokenStore.set(AGENT, 'abc.def.ghi');
		const heard: ChangeCall[] = [];
		const off = onChangeCall((call) => heard.push(call));
		vi.stubGlobal('fetch', answer(200, ''));
		await request(z.unknown(), '/management/agent_status', { auth: true });
		await request(z.unknown(), '/management/command/2', { method: 'POST', auth: true });
		await request(z.unknown(), '/authentication/login', { method: 'POST' });
		vi.stubGlobal('fetch', answer(499, '{"type":"ACCESS","errors":{"ACCESS":["No."]}}'));
		await expect(
			request(z.unknown(), '/user/delete_user', {
				method: 'DELETE',
				auth: true,
				query: { id: 'u' }
			})
		).rejects.toBeInstanceOf(AgentHttpError);
		await Promise.resolve();
		off();
		expect(heard.map((c) => [c.method, c.path, c.error === null])).toEqual([
			['POST', '/management/command/2', true],
			['DELETE', '/user/delete_user', false]
		]);
		expect(heard[1]?.query).toEqual({ id: 'u' });
	});

	it('never turns a done change into a failed one when a listener throws', async () => {
		tokenStore.set(AGENT, 'abc.def.ghi');
		const off = onChangeCall(() => {
			throw new Error('a listener’s bug');
		});
		const errors: unknown[] = [];
		const caught = (e: unknown) => errors.push(e);
		process.on('uncaughtException', caught);
		vi.stubGlobal('fetch', answer(200, '1'));
		await expect(
			request(z.number(), '/management/command/2', { method: 'POST', auth: true })
		).resolves.toBe(1);
		// The listener runs after the caller has its answer: wait for its error, not for a time.
		await vi.waitFor(() => expect(errors).toHaveLength(1));
		process.off('uncaughtException', caught);
		off();
	});
});
