import { resolve } from '$app/paths';

/** Typed links to every page; templates never build paths by hand. */

type Next = { next?: string | null };

function withQuery(path: string, query: Record<string, string | null | undefined>): string {
	const params = new URLSearchParams();
	for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
	const text = params.toString();
	return text ? `${path}?${text}` : path;
}

export const route = {
	overview: () => resolve('/'),
	settings: () => resolve('/settings'),
	profile: () => resolve('/profile'),
	/** The page's parameters come from `eventsHref()` beside it. */
	events: (params: Record<string, string | null> = {}) => withQuery(resolve('/events'), params),
	/** The journal of changes; its filters come from `journalParams` in live/journal.ts. */
	journal: (params: Record<string, string | null> = {}) => withQuery(resolve('/activity'), params),
	/** One event, opened in the timeline with the problems filter (where problems link to). */
	event: (seq: number) => withQuery(resolve('/events'), { problems: '1', open: String(seq) }),
	/** The list's parameters come from `usersHref()` in users-query.ts, which only that page loads. */
	users: (params: Record<string, string | null> = {}) => withQuery(resolve('/users'), params),
	/** Drives and backups; `q` narrows the list to names (or places, buckets, ids) holding it. */
	drives: (q?: string | null) => withQuery(resolve('/drives'), { q }),
	/**
	 * One drive's page; `query` is its file list's view (`drives/files-query.ts`). The id is encoded;
	 * one that cannot be a link (see `idProblem`) gives the list of drives instead.
	 */
	drive: (id: string, query = '') =>
		idProblem(id) === null
			? resolve('/(app)/drives/[id]', { id: encodeURIComponent(id) }) + query
			: route.drives(),
	backup: (id: string, query = '') =>
		idProblem(id) === null
			? resolve('/(app)/backups/[id]', { id: encodeURIComponent(id) }) + query
			: route.drives(),
	/** The form of a new drive or backup; `from` names one whose settings it starts from. */
	newDrive: (from?: string | null) => withQuery(resolve('/drives/new'), { from }),
	newBackup: (from?: string | null) => withQuery(resolve('/backups/new'), { from }),
	/** The form that changes a drive or backup; an id that cannot be a link gives the list. */
	editDrive: (id: string) =>
		idProblem(id) === null
			? resolve('/(app)/drives/[id]/edit', { id: encodeURIComponent(id) })
			: route.drives(),
	editBackup: (id: string) =>
		idProblem(id) === null
			? resolve('/(app)/backups/[id]/edit', { id: encodeURIComponent(id) })
			: route.drives(),
	/**
	 * The SMB and NFS shares the agent mounts; with `kind`, the form of a new one; with an `id`
	 * too, that share's page (its form). An id that cannot be a link gives the list.
	 */
	shares: (kind?: 'smb' | 'nfs', id?: string): string =>
		!kind
			? resolve('/shares')
			: id === undefined
				? withQuery(resolve('/shares/new'), { kind: kind === 'nfs' ? kind : null })
				: idProblem(id) === null
					? resolve('/(app)/shares/[kind]/[id]', { kind, id: encodeURIComponent(id) })
					: route.shares(),
	/** The transfer history; its parameters come from `historyList` in history-query.ts. */
	history: (params: Record<string, string | null> = {}) => withQuery(resolve('/history'), params),
	/** The agent's current transfers; their parameters come from `transfersList` in transfers-query.ts. */
	transfers: (params: Record<string, string | null> = {}) =>
		withQuery(resolve('/transfers'), params),
	/** The form that starts a copy between two cloud accounts. */
	newTransfer: () => resolve('/transfers/new'),
	login: ({ next }: Next = {}) => withQuery(resolve('/login'), { next }),
	mfa: () => resolve('/login/mfa'),
	providerCallback: () => resolve('/login/provider'),
	signup: ({ next }: Next = {}) => withQuery(resolve('/signup'), { next }),
	confirm: ({ next }: Next = {}) => withQuery(resolve('/signup/confirm'), { next }),
	forgotPassword: () => resolve('/forgot-password')
};

/** Ids longer than this are not put into links. */
export const MAX_LINK_ID_LENGTH = 200;

/**
 * Why an agent's id cannot be the last segment of a link (the console's page and the agent's
 * report path alike), in words, or null when it can. A slash anywhere is refused: encoded or
 * not, servers and routers split or refuse it; a dot segment is folded away by the browser.
 */
export function idProblem(id: string): string | null {
	if (id === '') return 'the agent sent it without an id';
	if (id.trim() === '') return 'its id is blank';
	if (id.length > MAX_LINK_ID_LENGTH) return 'its id is too long for a link';
	if (CONTROL.test(id)) return 'its id holds control characters';
	if (id.includes('/')) return 'its id holds a slash';
	if (id === '.' || id === '..') return 'its id is a dot path';
	return null;
}

/** Pages a sign-in must never return to, or it would loop. */
const AUTH_PATHS = ['/login', '/signup', '/forgot-password'];

/** Decodes percent-escapes until nothing changes (a few rounds at most), or null if malformed. */
function fullyDecoded(value: string): string | null {
	let text = value;
	for (let i = 0; i < 4; i++) {
		let next: string;
		try {
			next = decodeURIComponent(text);
		} catch {
			return null;
		}
		if (next === text) return text;
		text = next;
	}
	return text;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused.
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The page to return to after signing in: a same-origin path only, and never a sign-in page. The
 * value is judged after decoding and after the browser's own normalisation (dot segments), so
 * `/..//evil.test`, `/%2F%2Fevil.test`, backslashes and control characters are all refused. Null
 * otherwise.
 */
export function safeNext(value: string | null | undefined, origin: string): string | null {
	if (!value || !value.startsWith('/')) return null;
	const decoded = fullyDecoded(value);
	if (decoded === null || CONTROL.test(decoded) || decoded.includes('\\')) return null;
	if (decoded.startsWith('//')) return null;
	let url: URL;
	try {
		url = new URL(value, origin);
	} catch {
		return null;
	}
	if (url.origin !== origin) return null;
	const normalized = fullyDecoded(url.pathname);
	if (normalized === null || normalized.startsWith('//') || normalized.includes('\\')) return null;
	const base = resolve('/').replace(/\/$/, '');
	if (base && !(url.pathname === base || url.pathname.startsWith(`${base}/`))) return null;
	const path = url.pathname.slice(base.length) || '/';
	if (AUTH_PATHS.some((p) => path === p || path.startsWith(`${p}/`))) return null;
	return url.pathname + url.search + url.hash;
}
