import type { LocalNetworkBlock } from './local-network';

/**
 * Every way a call to the agent can fail, as one of three kinds: `http` (the agent answered with
 * an error), `network` (no answer: down, refused, blocked by CORS or too slow) and `contract` (a
 * 2xx answer this console cannot read). Each message is a sentence a person can act on.
 */
export abstract class AgentError extends Error {
	abstract readonly kind: 'http' | 'network' | 'contract';
}

/** Plain sentences for the application codes in the vendor's docs. */
export const CODE_SENTENCES: Record<string, string> = {
	AUTH: 'The agent could not authenticate you.',
	INACTIVE_USER: 'This account is deactivated.',
	TOKEN: 'The token or code is not valid, or it has expired.',
	SESSION: 'The session has expired. Start again.',
	SESSION_MAXOUT: 'Too many attempts or sessions. Start again later.',
	SECURITY: 'The agent refused this for security reasons.',
	ACCESS: 'You do not have access to this.',
	NOT_FOUND: 'The agent could not find what was asked for.',
	TOTP: 'The verification code is not correct.',
	DUPLICATE: 'This already exists.',
	LIMIT: 'The plan has no room left for this.',
	STATUS: 'This cannot be done in the current state.',
	PENDING: 'This account is not activated yet.',
	INVALID_EMAIL: 'The e-mail address is not valid.',
	INTERNAL_ERROR: 'The agent hit an internal error.',
	DISPOSED: 'The agent was reset. Sign in again.',
	VALIDATION: 'The agent did not accept the input.'
};

const STATUS_SENTENCES: Record<number, string> = {
	400: 'The agent did not understand the request (400).',
	401: 'You are not signed in, or your session has ended (401).',
	403: 'The agent refused this request (403).',
	404: 'The agent does not offer this (404). It may be another service, or an older agent.',
	405: 'The agent does not accept this kind of request here (405).',
	408: 'The agent timed out (408).',
	413: 'The request was too large for the agent (413).',
	429: 'Too many requests: wait a moment and try again (429).',
	499: 'The agent reported an error without details (499).',
	500: 'The agent hit an unexpected error (500). Try again; if it persists, restart the agent.',
	502: 'The agent could not be reached through a proxy (502).',
	503: 'The agent is not available right now (503).'
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
			(code ? `The agent reported ${code}.` : undefined) ??
			(Object.hasOwn(STATUS_SENTENCES, status) ? STATUS_SENTENCES[status] : undefined) ??
			`The agent answered with status ${status}.`;
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
				? `The agent at ${agentUrl} did not answer within ${Math.round(Number(extra) / 1000)} seconds.`
				: block === 'frame'
					? `The page this console is framed in does not let it reach apps on this device, so the browser stops its calls to the agent at ${agentUrl}.`
					: block === 'denied'
						? `This browser does not let this page (${pageOrigin}) reach apps on this device, so it stops its calls to the agent at ${agentUrl}. The agent itself may be fine.`
						: block === 'insecure'
							? `This browser lets only secure pages reach apps on this device, and this page (${pageOrigin}) comes over plain HTTP from another host, so it stops its calls to the agent at ${agentUrl}. The agent itself may be fine.`
							: `The agent at ${agentUrl} is unreachable, or this page's origin (${pageOrigin}) is not allowed by the agent.`
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

	constructor(detail: string, raw: string) {
		super('The agent answered in a form this console does not understand.');
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
	return 'Something went wrong in the console. Reload the page and try again.';
}
