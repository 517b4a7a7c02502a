import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IdentityProvider } from '$lib/config.svelte';
import {
	authorizeUrl,
	awaitPopupAnswer,
	checkIdToken,
	checkPastedIdToken,
	finishProviderFlow,
	handOffAnswer,
	HANDOFF_WAIT_MS,
	isPopupAnswer,
	startProviderFlow
} from './provider.ts';
import { memoryStorage } from '$lib/test/memory-storage';

const IDP: IdentityProvider = {
	slug: 'google',
	name: 'Google',
	authorizeUrl: '{agentUrl}/__sim/oidc/authorize',
	clientId: 'console',
	scope: 'openid email'
};

const idToken = (claims: Record<string, unknown>) =>
	`eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

beforeEach(() => vi.stubGlobal('sessionStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe('authorizeUrl', () => {
	it('asks for an id_token with client, redirect, nonce and state, on the agent address', () => {
		const url = new URL(
			authorizeUrl(
				IDP,
				{ state: 's', nonce: 'n' },
				'http://localhost:4173/login/provider',
				'http://127.0.0.1:29123'
			)
		);
		expect(url.origin + url.pathname).toBe('http://127.0.0.1:29123/__sim/oidc/authorize');
		expect(Object.fromEntries(url.searchParams)).toMatchObject({
			response_type: 'id_token',
			client_id: 'console',
			redirect_uri: 'http://localhost:4173/login/provider',
			nonce: 'n',
			state: 's'
		});
	});
});

describe('finishProviderFlow', () => {
	function start() {
		const url = new URL(
			startProviderFlow(IDP, 'signup', '/users', 'http://localhost:29123', 'http://x/cb')
		);
		return {
			state: url.searchParams.get('state') ?? '',
			nonce: url.searchParams.get('nonce') ?? ''
		};
	}

	it('accepts the matching state and nonce once', () => {
		const { state, nonce } = start();
		const token = idToken({ nonce, aud: 'console', exp: Date.now() / 1000 + 60 });
		const result = finishProviderFlow(`#id_token=${token}&state=${state}`);
		expect(result).toMatchObject({
			ok: true,
			idToken: token,
			request: { mode: 'signup', next: '/users' }
		});
		expect(finishProviderFlow(`#id_token=${token}&state=${state}`).ok).toBe(false);
	});

	it('refuses another state, another nonce, an error and a late answer', () => {
		const first = start();
		expect(
			finishProviderFlow(
				`#id_token=${idToken({ nonce: first.nonce, aud: 'console', exp: Date.now() / 1000 + 60 })}&state=other`
			)
		).toMatchObject({ ok: false, message: expect.stringContaining('state mismatch') });
		const second = start();
		expect(
			finishProviderFlow(
				`#id_token=${idToken({ nonce: 'other', aud: 'console', exp: Date.now() / 1000 + 60 })}&state=${second.state}`
			)
		).toMatchObject({ message: expect.stringContaining('nonce mismatch') });
		const third = start();
		expect(finishProviderFlow(`#error=access_denied&state=${third.state}`)).toMatchObject({
			message: 'The sign-in was cancelled at the identity provider.'
		});
		const fourth = start();
		const late = Date.now() + 11 * 60_000;
		const token = idToken({ nonce: fourth.nonce, aud: 'console', exp: Date.now() / 1000 + 60 });
		expect(finishProviderFlow(`#id_token=${token}&state=${fourth.state}`, late).ok).toBe(false);
	});
});

describe('checkIdToken', () => {
	it('checks audience and expiry', () => {
		const request = { nonce: 'n', clientId: 'console' };
		expect(
			checkIdToken(
				idToken({ nonce: 'n', aud: ['x', 'console'], exp: Date.now() / 1000 + 60 }),
				request
			)
		).toBeNull();
		expect(
			checkIdToken(idToken({ nonce: 'n', aud: 'x', exp: Date.now() / 1000 + 60 }), request)
		).toMatch(/another application/);
		expect(checkIdToken(idToken({ nonce: 'n', aud: 'console', exp: 1 }), request)).toMatch(
			/expired/
		);
		expect(checkIdToken('garbage', request)).toMatch(/not an ID token/);
	});

	it('checks audience and expiry even when the nonce does not match, and skips a null nonce', () => {
		const later = Math.floor(Date.now() / 1000) + 600;
		const request = { nonce: 'n', clientId: 'console' };
		expect(checkIdToken(idToken({ nonce: 'other', aud: 'console', exp: 1 }), request)).toMatch(
			/expired/
		);
		expect(checkIdToken(idToken({ nonce: 'other', aud: 'x', exp: later }), request)).toMatch(
			/another application/
		);
		expect(checkIdToken(idToken({ nonce: 'other', aud: 'console', exp: later }), request)).toMatch(
			/nonce/
		);
		expect(
			checkIdToken(idToken({ aud: 'console', exp: later }), { ...request, nonce: null })
		).toBeNull();
		expect(checkIdToken(idToken({ aud: 'console' }), { ...request, nonce: null })).toMatch(
			/does not say when it expires/
		);
	});

	it('checks a pasted token against a waiting sign-in when the token carries a nonce', () => {
		const later = Math.floor(Date.now() / 1000) + 600;
		expect(
			checkPastedIdToken(idToken({ aud: 'console', exp: later, nonce: 'x' }), 'console')
		).toBeNull();
		startProviderFlow(
			IDP,
			'login',
			null,
			'http://127.0.0.1:29123',
			'http://localhost:4173/login/provider'
		);
		expect(
			checkPastedIdToken(idToken({ aud: 'console', exp: later, nonce: 'x' }), 'console')
		).toMatch(/nonce/);
		expect(checkPastedIdToken(idToken({ aud: 'console', exp: later }), 'console')).toBeNull();
		expect(checkPastedIdToken(idToken({ aud: 'console', exp: 5 }), 'console')).toMatch(/expired/);
	});
});

describe('the pop-up hands its answer back (no window.opener under COOP same-origin)', () => {
	beforeEach(() => {
		vi.stubGlobal('window', { addEventListener: vi.fn(), removeEventListener: vi.fn() });
		vi.stubGlobal('location', { origin: 'http://localhost:4173' });
	});

	const popupState = () =>
		new URL(
			startProviderFlow(IDP, 'login', null, 'http://127.0.0.1:29123', 'http://x/cb', true)
		).searchParams.get('state') ?? '';

	it('marks the state of a sign-in run in a pop-up, and only that one', () => {
		const state = popupState();
		expect(isPopupAnswer(`#id_token=t&state=${state}`)).toBe(true);
		const plain = new URL(
			startProviderFlow(IDP, 'login', null, 'http://127.0.0.1:29123', 'http://x/cb')
		).searchParams.get('state');
		expect(isPopupAnswer(`#id_token=t&state=${plain}`)).toBe(false);
		expect(isPopupAnswer('#id_token=t')).toBe(false);
	});

	it('the window waiting for it takes its own answer once, and the pop-up hears so', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		const state = popupState();
		const answers: string[] = [];
		const stop = awaitPopupAnswer((fragment) => answers.push(fragment));
		try {
			// Another sign-in's answer first, on the same channel: left alone, not taken.
			const foreign = handOffAnswer('#id_token=a&state=popup.someone-else');
			const taken = await handOffAnswer(`#id_token=b&state=${state}`);
			expect(taken).toBe(true);
			expect(answers).toEqual([`#id_token=b&state=${state}`]);
			// Nobody takes the other answer: its pop-up gives up after its wait.
			await vi.advanceTimersByTimeAsync(HANDOFF_WAIT_MS);
			expect(await foreign).toBe(false);
		} finally {
			stop();
			vi.useRealTimers();
		}
	});
});
