import type * as z from 'zod/mini';
import { config } from '$lib/config.svelte';
import { APP_ORIGIN_HEADER, CONSOLE_ORIGIN } from './schemas/shell-contract.ts';
import { maskCredentials, maskDeep } from '$lib/mask';
import { AgentContractError, AgentHttpError, AgentNetworkError } from './errors.ts';
import { runtimeConfigSchema, type RuntimeConfigFile } from './schemas/config.ts';
import { errorBodySchema } from './schemas/agent.ts';
import { tokenStore } from './token.ts';
import { m } from '$lib/paraglide/messages';

/**
 * Loaded only when a call fails, like the next: kept for the diagnostics (never on a first load).
 * A keeper that cannot be fetched (a newer console replaced its file) leaves the failure unkept,
 * never an error of its own on the page.
 */
const noteFailure = async (...args: Parameters<typeof import('./failures').noteFailure>) => {
	try {
		(await import('./failures')).noteFailure(...args);
	} catch {
		// Unkept: the caller's own error says what failed.
	}
};

/** Loaded only when a call fails: which of the browser's local-network rules stopped it, if any. */
const explainFailure = async () => (await import('./local-network')).explainFailure();

/**
 * The only fetch() in the app. Every call to the agent goes through request(): it builds the URL,
 * adds `?token=` (the agent takes no Authorization header), sends JSON, applies a timeout, reads
 * the body as text (the agent answers bare integers, booleans, strings and empty bodies), checks
 * it with a zod schema, and turns every failure into an AgentError.
 */

export const DEFAULT_TIMEOUT_MS = 10_000;
/** The largest answer the console reads: past it, it stops reading and says so. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** The body as text, or null when it is larger than `max` bytes (then the rest is not read). */
async function readCapped(response: Response, max: number): Promise<string | null> {
	const declared = Number(response.headers.get('content-length'));
	if (declared > max) {
		await response.body?.cancel();
		return null;
	}
	if (!response.body) return response.text();
	const reader = response.body.getReader();
	const decoder = new TextDecoder();
	let text = '';
	let size = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		size += value.byteLength;
		if (size > max) {
			await reader.cancel();
			return null;
		}
		text += decoder.decode(value, { stream: true });
	}
	return text + decoder.decode();
}

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
	method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
	query?: Record<string, QueryValue>;
	body?: unknown;
	/** Send the stored token as `?token=`. */
	auth?: boolean;
	signal?: AbortSignal;
	timeoutMs?: number;
	/** Another agent than the configured one (Test connection). */
	agentUrl?: string;
	/**
	 * The answer is a credential the console needs (a sign-in's token, an MFA session or secret):
	 * it is not masked, and the caller keeps it out of view. Error answers are masked as always.
	 */
	keepCredentials?: boolean;
};

type UnauthorizedListener = (agentUrl: string) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called when an authenticated call answers 401, so the session can end. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
	unauthorizedListeners.add(listener);
	return () => unauthorizedListeners.delete(listener);
}

/** A call that asks the agent to change something, as it ended: `error` null when it was done. */
export type ChangeCall = {
	method: 'POST' | 'PUT' | 'DELETE';
	path: string;
	query: Record<string, QueryValue>;
	body: unknown;
	at: number;
	error: unknown;
};
type ChangeListener = (call: ChangeCall) => void;
const changeListeners = new Set<ChangeListener>();

/**
 * Called when a signed-in call that changes something has ended, done or not: every change the
 * console makes passes through here (an action, a form, a command), so the journal learns of each
 * one without every caller remembering to say so.
 */
export function onChangeCall(listener: ChangeListener): () => void {
	changeListeners.add(listener);
	return () => changeListeners.delete(listener);
}

export function pageOrigin(): string {
	return globalThis.location?.origin ?? m.words_client_this_page();
}

function buildUrl(
	agentUrl: string,
	path: string,
	query: Record<string, QueryValue>,
	token: string | null
) {
	const url = new URL(path, agentUrl);
	for (const [k, v] of Object.entries(query)) {
		if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
	}
	if (token) url.searchParams.set('token', token);
	return url;
}

function parseErrorBody(text: string): { code: string | null; errors: Record<string, string[]> } {
	let value: unknown;
	try {
		value = maskDeep(JSON.parse(text));
	} catch {
		return { code: null, errors: {} };
	}
	const parsed = errorBodySchema.safeParse(value);
	if (!parsed.success) return { code: null, errors: {} };
	// fromEntries defines own keys, so `__proto__` stays a key like any other.
	const errors: Record<string, string[]> = Object.fromEntries(
		Object.entries(parsed.data.errors ?? {}).map(([key, list]) => [
			key,
			(Array.isArray(list) ? list : [list]).filter((m) => typeof m === 'string' && m.trim())
		])
	);
	const code =
		parsed.data.type?.trim() ||
		Object.keys(errors).find((k) => /^[A-Z][A-Z0-9_]*$/.test(k)) ||
		null;
	return { code, errors };
}

/** "data.0.id: expected string" lines for the details of a contract error. */
function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
	return issues
		.slice(0, 5)
		.map((issue) => {
			const where = issue.path.length ? issue.path.join('.') : m.words_client_the_body();
			const expected =
				'expected' in issue && issue.expected
					? m.words_client_expected({ type: String(issue.expected) })
					: issue.code;
			return `${where}: ${expected}`;
		})
		.join('; ');
}

export async function request<S extends z.ZodMiniType>(
	schema: S,
	path: string,
	options: RequestOptions = {}
): Promise<z.infer<S>> {
	const method = options.method ?? 'GET';
	if (method === 'GET' || !options.auth || changeListeners.size === 0)
		return exchangeNoted(schema, path, options);
	const report = (error: unknown) => {
		const call = {
			method,
			path,
			query: options.query ?? {},
			body: options.body,
			at: Date.now(),
			error
		};
		// Heard after the caller has its answer: a listener's fault never turns a change the agent
		// made into one that failed.
		for (const listener of changeListeners) queueMicrotask(() => listener(call));
	};
	try {
		const answer = await exchangeNoted(schema, path, options);
		report(null);
		return answer;
	} catch (error) {
		// A call the page gave up on (it went away) is not an outcome of the change.
		if (!options.signal?.aborted) report(error);
		throw error;
	}
}

/** One exchange, whose failure is kept for the diagnostics: built without the token, masked there. */
async function exchangeNoted<S extends z.ZodMiniType>(
	schema: S,
	path: string,
	options: RequestOptions
): Promise<z.infer<S>> {
	try {
		return await exchange(schema, path, options);
	} catch (error) {
		let url: URL | null = null;
		try {
			url = buildUrl(options.agentUrl ?? config.agentUrl, path, options.query ?? {}, null);
		} catch {
			// An address that is no URL failed before anything was sent.
		}
		if (url) void noteFailure(options.method ?? 'GET', url, error, Date.now());
		throw error;
	}
}

async function exchange<S extends z.ZodMiniType>(
	schema: S,
	path: string,
	options: RequestOptions
): Promise<z.infer<S>> {
	const agentUrl = options.agentUrl ?? config.agentUrl;
	const token = options.auth ? tokenStore.get(agentUrl) : null;
	if (options.auth && !token) throw new AgentHttpError(401, null);
	const url = buildUrl(agentUrl, path, options.query ?? {}, token);
	const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

	const controller = new AbortController();
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		controller.abort();
	}, timeoutMs);
	const forward = () => controller.abort();
	options.signal?.addEventListener('abort', forward, { once: true });
	if (options.signal?.aborted) controller.abort();

	let status: number;
	let text: string | null;
	let dateHeader: string | null;
	let redirected: boolean;
	try {
		const response = await fetch(url, {
			method: options.method ?? 'GET',
			headers: {
				...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
				// Calls that change something name the console in the agent's AppNotification.
				...(options.method && options.method !== 'GET'
					? { [APP_ORIGIN_HEADER]: CONSOLE_ORIGIN }
					: {})
			},
			body: options.body === undefined ? undefined : JSON.stringify(options.body),
			signal: controller.signal,
			credentials: 'omit',
			cache: 'no-store',
			referrerPolicy: 'no-referrer',
			// A redirect would take the token and the body to an address nobody chose.
			redirect: 'manual'
		});
		redirected = response.type === 'opaqueredirect';
		status = response.status;
		dateHeader = response.headers.get('date');
		text = await readCapped(response, MAX_ANSWER_BYTES);
	} catch (error) {
		if (timedOut) {
			// A call held while the browser asks the user (Local Network Access) ends here too.
			const timeout = new AgentNetworkError('timeout', agentUrl, pageOrigin(), timeoutMs);
			timeout.mayAsk = (await explainFailure()).mayAsk;
			throw timeout;
		}
		if (options.signal?.aborted) throw error;
		// The browser's local-network rules fail a call as a dead port does: ask it which.
		const { block, mayAsk } = await explainFailure();
		if (block) throw new AgentNetworkError('local-network', agentUrl, pageOrigin(), block);
		const unreachable = new AgentNetworkError('unreachable', agentUrl, pageOrigin());
		unreachable.mayAsk = mayAsk;
		throw unreachable;
	} finally {
		clearTimeout(timer);
		options.signal?.removeEventListener('abort', forward);
	}

	if (redirected || (status >= 300 && status < 400))
		throw new AgentContractError(m.words_client_redirect(), '', m.words_client_redirect());
	if (text === null)
		throw new AgentContractError(
			m.words_client_too_large({ size: MAX_ANSWER_BYTES / 1024 / 1024 }),
			''
		);
	if (status < 200 || status > 299) {
		const { code, errors } = parseErrorBody(text);
		const error = new AgentHttpError(status, code, errors);
		const date = dateHeader ? new Date(dateHeader) : null;
		error.agentDate = date && Number.isFinite(date.getTime()) ? date : null;
		if (status === 401 && options.auth)
			for (const listener of unauthorizedListeners) listener(agentUrl);
		throw error;
	}

	// Where agent text enters the console: every string masked, nesting bounded (see mask.ts).
	let value: unknown = undefined;
	if (text.trim()) {
		try {
			value = JSON.parse(text);
		} catch {
			throw new AgentContractError(m.words_client_not_json(), maskCredentials(text.slice(0, 2000)));
		}
		if (!options.keepCredentials) value = maskDeep(value);
	}
	const parsed = schema.safeParse(value);
	if (!parsed.success) {
		throw new AgentContractError(
			value === undefined ? m.words_client_empty() : describeIssues(parsed.error.issues),
			maskCredentials(text.slice(0, 2000))
		);
	}
	return parsed.data as z.infer<S>;
}

/**
 * Whether anything answers at the address, ignoring CORS: an opaque `no-cors` response arrives
 * even from a server that does not allow this origin. Lets Test connection tell "blocked by CORS"
 * from "nothing there".
 */
export async function answersAtAll(
	agentUrl: string,
	path: string,
	timeoutMs = 5000
): Promise<boolean> {
	const controller = new AbortController();
	const timer = setTimeout(() => controller.abort(), timeoutMs);
	try {
		await fetch(new URL(path, agentUrl), {
			mode: 'no-cors',
			credentials: 'omit',
			cache: 'no-store',
			referrerPolicy: 'no-referrer',
			// A no-cors request must follow redirects (any other mode is a TypeError); its answer is
			// opaque and nothing of it is read, so following one tells nothing and sends nothing.
			signal: controller.signal
		});
		return true;
	} catch {
		return false;
	} finally {
		clearTimeout(timer);
	}
}

/** A JSON file of the console itself (config.json), checked like an agent answer. */
export async function readOwnJson<S extends z.ZodMiniType>(
	schema: S,
	url: string
): Promise<z.infer<S>> {
	let response: Response;
	try {
		response = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
	} catch {
		throw new Error(m.words_client_not_loaded({ url }));
	}
	if (!response.ok) throw new Error(m.words_client_answered({ url, status: response.status }));
	const text = await response.text();
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		throw new Error(m.words_client_invalid_json({ url }));
	}
	const parsed = schema.safeParse(value);
	if (!parsed.success)
		throw new Error(
			m.words_client_unexpected({ url, issues: describeIssues(parsed.error.issues) })
		);
	return parsed.data as z.infer<S>;
}

/**
 * The console's runtime config file. Handed to `config.load()` by the root layout, so the config
 * (which this module reads for the agent address) imports nothing from here.
 */
export function readConfigFile(url: string): Promise<RuntimeConfigFile> {
	return readOwnJson(runtimeConfigSchema, url);
}

/**
 * The Content-Security-Policy the console's own server sends with its files (read from a HEAD of
 * one of them); null where it sends none (the development server) or does not answer.
 */
export async function servedPolicy(url: string): Promise<string | null> {
	try {
		const response = await fetch(url, {
			method: 'HEAD',
			cache: 'no-store',
			credentials: 'same-origin'
		});
		return response.headers.get('content-security-policy');
	} catch {
		return null;
	}
}
