import { isSecretName, MASK, maskCredentials } from '$lib/mask';
import { AgentContractError, AgentHttpError, AgentNetworkError, isAbort } from './errors.ts';

/**
 * The last calls to the agent that failed, for the diagnostics a user hands to support. Fed by
 * `request()` alone; it keeps what a support person needs to see which call failed and how, never
 * a body, a header or the token: the path is built without `?token=`, and every query value under
 * a credential's name, and every credential the mask knows in the rest, is masked.
 */

export type FailedRequest = {
	/** When it failed (ms since 1970). */
	at: number;
	method: string;
	/** The path and query, credentials masked. */
	path: string;
	/** The agent's HTTP status; null when there was no answer or it could not be read. */
	status: number | null;
	/** The agent's application code (a 499's `type`), masked where it entered. */
	code: string | null;
	/** How it failed: the agent said no, no answer (and why), or an answer the console cannot read. */
	failure: 'http' | 'unreachable' | 'timeout' | 'local-network' | 'contract' | 'other';
};

export const MAX_FAILED_REQUESTS = 20;

let failures: FailedRequest[] = [];

/** Text decoded where it can be, so that an encoded credential is seen by the mask. */
function decoded(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

/**
 * The path and query of `url` with every credential masked (the token is never in it): each
 * query value read decoded, masked whole under a credential's name, else by the mask's rules.
 */
export function maskedPath(url: URL): string {
	const query = new URLSearchParams();
	for (const [name, value] of new URLSearchParams(url.search))
		query.append(maskCredentials(name), isSecretName(name) ? MASK : maskCredentials(value));
	const search = query.toString().replaceAll('%2A', '*');
	return maskCredentials(`${decoded(url.pathname)}${search ? `?${search}` : ''}`);
}

/** Keeps a failure of the call to `url` (an abort is no failure: the console asked for it). */
export function noteFailure(method: string, url: URL, error: unknown, at = Date.now()) {
	if (isAbort(error)) return;
	const http = error instanceof AgentHttpError;
	failures.push({
		at,
		method,
		path: maskedPath(url),
		status: http ? error.status : null,
		code: http && error.code ? maskCredentials(error.code).slice(0, 100) : null,
		failure: http
			? 'http'
			: error instanceof AgentNetworkError
				? error.reason
				: error instanceof AgentContractError
					? 'contract'
					: 'other'
	});
	if (failures.length > MAX_FAILED_REQUESTS) failures = failures.slice(-MAX_FAILED_REQUESTS);
}

/** The failures kept, oldest first. */
export function failedRequests(): readonly FailedRequest[] {
	return failures.slice();
}

export function clearFailedRequests() {
	failures = [];
}
