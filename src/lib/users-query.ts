import type { GetAllUsersQuery } from '$lib/api/user';
import { route } from '$lib/routes';
import { parse, Stored } from '$lib/stored.svelte';

/**
 * The users list's view (page, page size, search, sort, status filter) lives in the URL, so Back,
 * refresh and bookmarks return to it. Parsing never fails: a hand-edited value falls back to its
 * default. Defaults stay out of the URL to keep links short.
 */

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
const PAGE_SIZE_KEY = 'agent-console:users-page-size';

/** Columns the agent can sort by: URL name -> the agent's `sortfield`. */
export const SORT_FIELDS = {
	created: 'CreateDate',
	name: 'FirstName',
	username: 'Username',
	email: 'Email',
	type: 'UserType',
	status: 'Status'
} as const;
export type SortKey = keyof typeof SORT_FIELDS;
export type SortOrder = 'asc' | 'desc';

export const STATUS_FILTERS = [
	{ key: 'active', flag: 1, label: 'Active' },
	{ key: 'inactive', flag: 2, label: 'Inactive' },
	{ key: 'pending', flag: 4, label: 'Pending' }
] as const;

export type UsersQuery = {
	page: number;
	pageSize: number;
	/** Username search; empty for none. */
	q: string;
	sort: SortKey;
	order: SortOrder;
	/** Status flags to show; 0 shows every status. */
	status: number;
};

export const DEFAULT_SORT: SortKey = 'created';

/** Dates read newest first; text reads A to Z. */
export function defaultOrder(sort: SortKey): SortOrder {
	return sort === 'created' ? 'desc' : 'asc';
}

/** The highest page the console asks for: a bookmark or an absurd total cannot go past it. */
export const MAX_PAGE = 1_000_000;

function isPageSize(n: number): boolean {
	return (PAGE_SIZES as readonly number[]).includes(n);
}

const pageSizeStored = new Stored<number>('local', PAGE_SIZE_KEY, {
	parse: parse.oneOf(PAGE_SIZES),
	fallback: DEFAULT_PAGE_SIZE
});

/** The page size chosen last in this browser. */
export function rememberedPageSize(): number {
	return pageSizeStored.value;
}

export function rememberPageSize(size: number) {
	if (isPageSize(size)) pageSizeStored.set(size);
}

export function parseUsersQuery(
	params: URLSearchParams,
	fallbackPageSize = DEFAULT_PAGE_SIZE
): UsersQuery {
	const page = Number(params.get('page'));
	const pageSize = Number(params.get('pageSize'));
	const sortParam = params.get('sort') ?? '';
	const sort = Object.hasOwn(SORT_FIELDS, sortParam) ? (sortParam as SortKey) : DEFAULT_SORT;
	const orderParam = params.get('order');
	let status = 0;
	for (const key of (params.get('status') ?? '').split(',')) {
		status |= STATUS_FILTERS.find((s) => s.key === key.trim().toLowerCase())?.flag ?? 0;
	}
	return {
		page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
		pageSize: isPageSize(pageSize) ? pageSize : fallbackPageSize,
		q: (params.get('q') ?? '').trim().slice(0, 100),
		sort,
		order: orderParam === 'asc' || orderParam === 'desc' ? orderParam : defaultOrder(sort),
		// All three is the same view as none: keep one URL for it.
		status: status === 7 ? 0 : status
	};
}

/** Query parameters for a view, defaults left out (the page size only when it is the default). */
export function usersSearchParams(query: Partial<UsersQuery>): Record<string, string | null> {
	const sort = query.sort ?? DEFAULT_SORT;
	const status = STATUS_FILTERS.filter((s) => ((query.status ?? 0) & s.flag) !== 0)
		.map((s) => s.key)
		.join(',');
	return {
		q: query.q?.trim() || null,
		status: status && query.status !== 7 ? status : null,
		sort: sort === DEFAULT_SORT ? null : sort,
		order: query.order && query.order !== defaultOrder(sort) ? query.order : null,
		page: query.page && query.page > 1 ? String(query.page) : null,
		pageSize: query.pageSize && query.pageSize !== DEFAULT_PAGE_SIZE ? String(query.pageSize) : null
	};
}

/** A link to the users list showing this view. */
export function usersHref(query: Partial<UsersQuery>): string {
	return route.users(usersSearchParams(query));
}

/** The `user` parameter: which user's panel is open. Not part of the list's query. */
export const OPEN_USER_PARAM = 'user';

/** A link to this view with one user's panel open: it reopens after a refresh or in another tab. */
export function userHref(query: Partial<UsersQuery>, id: string): string {
	return route.users({ ...usersSearchParams(query), [OPEN_USER_PARAM]: id });
}

/** Where an e-mail address or username may wrap: after the @ and before each dot. */
export function wrapParts(text: string): string[] {
	return text.split(/(?<=@)|(?=\.)/).filter(Boolean);
}

export function toAgentQuery(query: UsersQuery): GetAllUsersQuery {
	return {
		page: query.page,
		pageSize: query.pageSize,
		sortField: SORT_FIELDS[query.sort],
		descending: query.order === 'desc',
		userStatus: query.status || undefined,
		username: query.q || undefined
	};
}

/** "Showing 51 to 100 of 1,234"; null when the page has no rows. */
export function showingRange(
	page: number,
	pageSize: number,
	rows: number,
	total: number
): { from: number; to: number; total: number } | null {
	if (rows === 0) return null;
	const from = (page - 1) * pageSize + 1;
	return { from, to: from + rows - 1, total };
}

/** Pages the pager offers: never past MAX_PAGE, which the console would not ask for. */
export function pageCount(total: number, pageSize: number): number {
	const pages = Math.ceil(total / pageSize);
	return Number.isFinite(pages) ? Math.min(MAX_PAGE, Math.max(1, pages)) : 1;
}

/** True when the total has more pages than the pager can offer. */
export function pagesBeyondReach(total: number, pageSize: number): boolean {
	return total / pageSize > MAX_PAGE;
}
