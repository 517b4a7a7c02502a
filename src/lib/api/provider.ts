import type { IdentityProvider } from '$lib/config.svelte';
import { parse, Stored } from '$lib/state/stored.svelte';
import { readJwtPayload } from './token.ts';
import { m } from '$lib/paraglide/messages';

/**
 * The identity provider's client-side OpenID Connect flow (implicit `id_token`): the console sends
 * the browser to the provider with a fresh `state` and `nonce`, and on the way back accepts only an
 * ID token whose state and nonce match. The agent then checks the token's signature.
 */

export type ProviderMode = 'login' | 'signup';

export type ProviderRequest = {
	state: string;
	nonce: string;
	mode: ProviderMode;
	next: string | null;
	agentUrl: string;
	clientId: string;
	slug: string;
	createdAt: number;
};

/** The sign-in sent to the provider, checked when it comes back; one at a time, per tab. */
const pendingRequest = new Stored<ProviderRequest | null>(
	'session',
	'agent-console:provider-request',
	{
		parse: parse.object<ProviderRequest>(['state', 'nonce']),
		fallback: null
	}
);
const MAX_AGE_MS = 10 * 60_000;
/** The state of a sign-in that runs in a pop-up starts with this. */
const POPUP_STATE = 'popup.';
/**
 * How a pop-up hands the provider's answer back to the console window that opened it. The console
 * is served with `Cross-Origin-Opener-Policy: same-origin`, so the pop-up, back from the provider's
 * site, has no `window.opener`; a channel of the console's own origin still reaches that window.
 */
const CHANNEL = 'agent-console:provider';
/** How long the pop-up waits for a console window to take its answer. */
export const HANDOFF_WAIT_MS = 3000;

type Handoff = { type?: unknown; fragment?: unknown; state?: unknown };

const stateOf = (fragment: string) => new URLSearchParams(fragment.replace(/^#/, '')).get('state');

function randomString(bytes = 24): string {
	const data = crypto.getRandomValues(new Uint8Array(bytes));
	return btoa(String.fromCharCode(...data))
		.replace(/\+/g, '-')
		.replace(/\//g, '_')
		.replace(/=+$/, '');
}

/** The provider's authorize URL; `{agentUrl}` in the configured URL stands for the agent's address. */
export function authorizeUrl(
	idp: IdentityProvider,
	request: Pick<ProviderRequest, 'state' | 'nonce'>,
	redirectUri: string,
	agentUrl: string
): string {
	const url = new URL(idp.authorizeUrl.replace('{agentUrl}', agentUrl));
	url.searchParams.set('response_type', 'id_token');
	url.searchParams.set('client_id', idp.clientId);
	url.searchParams.set('redirect_uri', redirectUri);
	url.searchParams.set('scope', idp.scope);
	url.searchParams.set('nonce', request.nonce);
	url.searchParams.set('state', request.state);
	url.searchParams.set('response_mode', 'fragment');
	return url.toString();
}

/**
 * Creates and remembers a request; returns the URL to send the browser to. A sign-in run in a
 * pop-up marks its state, so the pop-up hands the answer back instead of signing in itself.
 */
export function startProviderFlow(
	idp: IdentityProvider,
	mode: ProviderMode,
	next: string | null,
	agentUrl: string,
	redirectUri: string,
	popup = false
): string {
	const request: ProviderRequest = {
		state: (popup ? POPUP_STATE : '') + randomString(),
		nonce: randomString(),
		mode,
		next,
		agentUrl,
		clientId: idp.clientId,
		slug: idp.slug,
		createdAt: Date.now()
	};
	pendingRequest.set(request);
	return authorizeUrl(idp, request, redirectUri, agentUrl);
}

export type CallbackResult =
	| { ok: true; idToken: string; request: ProviderRequest }
	| { ok: false; message: string; request: ProviderRequest | null };

function storedRequest(): ProviderRequest | null {
	return pendingRequest.value;
}

/** Checks the provider's answer (the URL fragment) against the stored request; uses it up. */
export function finishProviderFlow(fragment: string, now = Date.now()): CallbackResult {
	const request = storedRequest();
	pendingRequest.set(null);
	const params = new URLSearchParams(fragment.replace(/^#/, ''));
	if (!request || now - request.createdAt > MAX_AGE_MS) {
		return {
			ok: false,
			request,
			message: m.words_idp_not_started()
		};
	}
	if (params.get('state') !== request.state) {
		return {
			ok: false,
			request,
			message: m.words_idp_state_mismatch()
		};
	}
	const error = params.get('error');
	if (error) {
		const description = params.get('error_description');
		const message =
			error === 'access_denied'
				? m.words_idp_cancelled()
				: description
					? m.words_idp_refused_said({ error, description })
					: m.words_idp_refused({ error });
		return { ok: false, request, message };
	}
	const idToken = params.get('id_token');
	if (!idToken) return { ok: false, request, message: m.words_idp_no_token() };
	const check = checkIdToken(idToken, request, now);
	return check ? { ok: false, request, message: check } : { ok: true, idToken, request };
}

/**
 * Problems with an ID token's claims, in words, or null. The agent checks the signature. A null
 * nonce skips the nonce check (a pasted token that no flow of ours asked for); audience and expiry
 * are always checked.
 */
export function checkIdToken(
	idToken: string,
	request: { nonce: string | null; clientId: string },
	now = Date.now()
): string | null {
	const payload = readJwtPayload(idToken);
	if (!payload) return m.words_idp_not_a_token();
	const aud = payload.aud;
	if (!(aud === request.clientId || (Array.isArray(aud) && aud.includes(request.clientId)))) {
		return m.words_idp_audience({ clientId: request.clientId });
	}
	if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp))
		return m.words_idp_no_expiry();
	if (payload.exp * 1000 < now) return m.words_idp_expired();
	if (request.nonce !== null && payload.nonce !== request.nonce)
		return m.words_idp_nonce_mismatch();
	return null;
}

/**
 * A pasted ID token, checked before it goes to the agent: audience and expiry always, and the
 * nonce when a sign-in of ours is waiting and the token carries one.
 */
export function checkPastedIdToken(idToken: string, clientId: string, now = Date.now()) {
	const pending = storedRequest();
	const tokenNonce = readJwtPayload(idToken)?.nonce;
	const nonce = pending && typeof tokenNonce === 'string' ? pending.nonce : null;
	return checkIdToken(idToken, { nonce, clientId }, now);
}

/** On the callback page: whether this answer belongs to a sign-in that a pop-up runs for another window. */
export function isPopupAnswer(fragment: string): boolean {
	return stateOf(fragment)?.startsWith(POPUP_STATE) ?? false;
}

/**
 * In the pop-up: hands the answer to the console window that started the sign-in. True once that
 * window has taken it; false when none did within `waitMs`.
 */
export function handOffAnswer(fragment: string, waitMs = HANDOFF_WAIT_MS): Promise<boolean> {
	const state = stateOf(fragment);
	return new Promise((resolve) => {
		const channel = new BroadcastChannel(CHANNEL);
		const done = (taken: boolean) => {
			clearTimeout(timer);
			channel.close();
			resolve(taken);
		};
		const timer = setTimeout(() => done(false), waitMs);
		channel.onmessage = (event: MessageEvent<Handoff>) => {
			if (event.data?.type === 'taken' && event.data.state === state) done(true);
		};
		channel.postMessage({ type: 'answer', fragment });
	});
}

/**
 * In the window that opened the pop-up: calls back once with the answer to this tab's pending
 * sign-in, from the pop-up's channel or, where no opener policy separates the two windows, its
 * `postMessage`. Answers to other sign-ins are left alone. Returns a function that stops waiting.
 */
export function awaitPopupAnswer(onAnswer: (fragment: string) => void): () => void {
	const channel = new BroadcastChannel(CHANNEL);
	const ours = (fragment: unknown): fragment is string => {
		const pending = storedRequest();
		return typeof fragment === 'string' && !!pending && stateOf(fragment) === pending.state;
	};
	const take = (fragment: string) => {
		stop();
		onAnswer(fragment);
	};
	channel.onmessage = (event: MessageEvent<Handoff>) => {
		if (event.data?.type !== 'answer' || !ours(event.data.fragment)) return;
		channel.postMessage({ type: 'taken', state: stateOf(event.data.fragment) });
		take(event.data.fragment);
	};
	const onMessage = (event: MessageEvent<Handoff>) => {
		if (event.origin !== location.origin || event.data?.type !== 'agent-console:provider') return;
		if (ours(event.data.fragment)) take(event.data.fragment);
	};
	window.addEventListener('message', onMessage);
	function stop() {
		channel.close();
		window.removeEventListener('message', onMessage);
	}
	return stop;
}
