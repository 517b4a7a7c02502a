import type { LocalNetworkBlock } from './local-network';
import { words } from '$lib/i18n/words';
import { m } from '$lib/paraglide/messages';

/**
 * Every way a call to the agent can fail, as one of three kinds: `http` (the agent answered with
 * an error), `network` (no answer: down, refused, blocked by CORS or too slow) and `contract` (a
 * 2xx answer this console cannot read). Each message is a sentence a person can act on.
 */
export abstract class AgentError extends Error {
	abstract readonly kind: 'http' | 'network' | 'contract';
}

/** Plain sentences for the application codes in the vendor's docs. */
export const CODE_SENTENCES: Record<string, string> = words({
	AUTH: m.words_code_auth,
	INACTIVE_USER: m.words_code_inactive_user,
	TOKEN: m.words_code_token,
	SESSION: m.words_code_session,
	SESSION_MAXOUT: m.words_code_session_maxout,
	SECURITY: m.words_code_security,
	ACCESS: m.words_code_access,
	NOT_FOUND: m.words_code_not_found,
	TOTP: m.words_code_totp,
	DUPLICATE: m.words_code_duplicate,
	LIMIT: m.words_code_limit,
	STATUS: m.words_code_status,
	PENDING: m.words_code_pending,
	INVALID_EMAIL: m.words_code_invalid_email,
	INTERNAL_ERROR: m.words_code_internal_error,
	DISPOSED: m.words_code_disposed,
	VALIDATION: m.words_code_validation
});

const STATUS_SENTENCES: Record<number, () => string> = {
	400: m.words_http_400,
	401: m.words_http_401,
	403: m.words_http_403,
	404: m.words_http_404,
	405: m.words_http_405,
	408: m.words_http_408,
	413: m.words_http_413,
	429: m.words_http_429,
	499: m.words_http_499,
	500: m.words_http_500,
	502: m.words_http_502,
	503: m.words_http_503
};

export type FieldErrors = Record<string, string[]>;

const isCode = (key: string) => /^[A-Z][A-Z0-9_]*$/.test(key);

export class AgentHttpError extends AgentError {
	readonly kind = 'http';
	readonly status: number;
	/** The application code of a 499 body (`type`), when there is one. */
	readonly code: string | null;
	/** Every message of the body's `errors`, in order. */
	readonly messages: string[];
	/** Messages keyed by a request field (`firstName`), for showing next to the field. */
	readonly fieldErrors: FieldErrors;
	/** The agent's clock when it answered (its `Date` header, where CORS lets the page read it). */
	agentDate: Date | null = null;

	constructor(status: number, code: string | null, errors: Record<string, string[]> = {}) {
		const messages = Object.values(errors).flat();
		const fieldErrors: FieldErrors = Object.fromEntries(
			Object.entries(errors)
				.filter(([key]) => !isCode(key) && key !== code)
				.map(([key, list]) => [key, [...list]])
		);
		// Own keys only: a code such as `constructor` or `__proto__` is an unknown code, not a function.
		const sentence =
			(code && Object.hasOwn(CODE_SENTENCES, code) ? CODE_SENTENCES[code] : undefined) ??
			(code ? m.words_code_other({ code }) : undefined) ??
			(Object.hasOwn(STATUS_SENTENCES, status) ? STATUS_SENTENCES[status]?.() : undefined) ??
			m.words_http_other({ status });
		super(messages.length ? messages.join(' ') : sentence);
		this.name = 'AgentHttpError';
		this.status = status;
		this.code = code;
		this.messages = messages;
		this.fieldErrors = fieldErrors;
	}
}

export class AgentNetworkError extends AgentError {
	readonly kind = 'network';
	/**
	 * `unreachable`: down, refused or blocked by CORS; `timeout`: too slow; `local-network`: the
	 * browser's Local Network Access refused it (see `block`).
	 */
	readonly reason: 'unreachable' | 'timeout' | 'local-network';
	readonly agentUrl: string;
	/** This page's own origin: what the agent must allow for CORS. */
	readonly pageOrigin: string;
	/** Why the browser refused, for `local-network`. */
	readonly block: LocalNetworkBlock | null;
	/** For `unreachable` and `timeout`: the browser may be asking the user to let this page reach the agent. */
	mayAsk = false;

	constructor(
		reason: 'unreachable' | 'timeout',
		agentUrl: string,
		pageOrigin: string,
		timeoutMs?: number
	);
	constructor(
		reason: 'local-network',
		agentUrl: string,
		pageOrigin: string,
		block: LocalNetworkBlock
	);
	constructor(
		reason: 'unreachable' | 'timeout' | 'local-network',
		agentUrl: string,
		pageOrigin: string,
		extra: number | LocalNetworkBlock = 0
	) {
		const block = reason === 'local-network' ? (extra as LocalNetworkBlock) : null;
		super(
			reason === 'timeout'
				? m.words_net_timeout({ url: agentUrl, seconds: Math.round(Number(extra) / 1000) })
				: block === 'frame'
					? m.words_net_frame({ url: agentUrl })
					: block === 'denied'
						? m.words_net_denied({ url: agentUrl, origin: pageOrigin })
						: block === 'insecure'
							? m.words_net_insecure({ url: agentUrl, origin: pageOrigin })
							: m.words_net_unreachable({ url: agentUrl, origin: pageOrigin })
		);
		this.name = 'AgentNetworkError';
		this.reason = reason;
		this.agentUrl = agentUrl;
		this.pageOrigin = pageOrigin;
		this.block = block;
	}
}

export class AgentContractError extends AgentError {
	readonly kind = 'contract';
	/** What did not match, for the "details" disclosure. */
	readonly detail: string;
	/** The start of the body as received, tokens masked. */
	readonly raw: string;

	constructor(detail: string, raw: string, said: string = m.words_contract()) {
		super(said);
		this.name = 'AgentContractError';
		this.detail = detail;
		this.raw = raw.slice(0, 500);
	}
}

export function isAbort(error: unknown): boolean {
	return error instanceof DOMException && error.name === 'AbortError';
}

/** What to offer after an error: the next step a person can take. */
export function nextStep(error: unknown): 'retry' | 'settings' | 'sign-in' | null {
	if (error instanceof AgentHttpError) {
		if (error.status === 401) return 'sign-in';
		// The address answers, but not as this agent would: another service, or an older agent.
		if (error.status === 404) return 'settings';
		return error.status >= 500 ? 'retry' : null;
	}
	if (error instanceof AgentNetworkError)
		return error.reason === 'unreachable'
			? 'settings'
			: error.reason === 'timeout'
				? 'retry'
				: null;
	if (error instanceof AgentContractError) return 'settings';
	return 'retry';
}

/** A message in words for any thrown value. */
export function errorMessage(error: unknown): string {
	if (error instanceof AgentError) return error.message;
	return m.words_console_error();
}
