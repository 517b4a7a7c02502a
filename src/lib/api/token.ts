import { parse, Stored } from '$lib/state/stored.svelte';

/**
 * The JWT lives in session storage only, one per agent address: it never goes to local storage,
 * the page URL or a log. Reads are reactive, so whoever shows the session follows a change.
 */
const stores = new Map<string, Stored<string | null>>();
function stored(agentUrl: string): Stored<string | null> {
	let store = stores.get(agentUrl);
	if (!store) {
		store = new Stored('session', `agent-console:token:${agentUrl}`, {
			parse: parse.text,
			fallback: null
		});
		stores.set(agentUrl, store);
	}
	return store;
}

export const tokenStore = {
	get: (agentUrl: string): string | null => stored(agentUrl).value,
	set: (agentUrl: string, token: string): boolean => stored(agentUrl).set(token),
	clear: (agentUrl: string) => void stored(agentUrl).set(null)
};

/** The payload of a JWT, or null. Read for display (expiry) only: the agent is what decides. */
export function readJwtPayload(token: string): Record<string, unknown> | null {
	const part = token.split('.')[1];
	if (!part) return null;
	try {
		const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
		const json = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
		const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
		const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
		return payload && typeof payload === 'object' && !Array.isArray(payload)
			? (payload as Record<string, unknown>)
			: null;
	} catch {
		return null;
	}
}

export function jwtExpiry(token: string): Date | null {
	const exp = readJwtPayload(token)?.exp;
	if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= 0) return null;
	const date = new Date(exp * 1000);
	// An `exp` past the range of dates (year 275760) is as good as none.
	return Number.isFinite(date.getTime()) ? date : null;
}

/**
 * Who a token is for, as a key for what this browser keeps per user (the kept timeline): the
 * token's `sub` (or a user id, username or e-mail claim). A token that names nobody gets a key of
 * its own, so its user starts empty rather than seeing another's. Not a check of identity: the
 * agent decides that.
 */
export function tokenUserKey(token: string): string {
	// Asked for on every agent read a page starts: the last token's key is kept, not decoded again.
	if (token === lastKey.token) return lastKey.key;
	const key = userKeyOf(token);
	lastKey = { token, key };
	return key;
}
let lastKey = { token: '', key: '' };

function userKeyOf(token: string): string {
	const claims = readJwtPayload(token);
	for (const name of ['sub', 'userId', 'uid', 'username', 'email']) {
		const value = claims?.[name];
		if ((typeof value === 'string' && value) || typeof value === 'number') return `user:${value}`;
	}
	// FNV-1a: the token itself must never be written anywhere.
	let hash = 0x811c9dc5;
	for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
	return `session:${(hash >>> 0).toString(36)}`;
}
