import { parse, Stored } from '$lib/state/stored.svelte';
import { m } from '$lib/paraglide/messages';

/**
 * Lists paged on the agent: one recipe for every list's view (page, page size, search, sort,
 * flag filters) kept in the URL, so Back, refresh and bookmarks return to it. Parsing never
 * fails: a hand-edited value falls back to its default. Defaults stay out of the URL to keep
 * links short. The page size chosen last is remembered per list.
 *
 * Example: `src/lib/users/users-query.ts` defines the users list; `src/routes/(app)/users/+page.ts`
 * reads it, and `+page.svelte` drives it with `ListPage` and shows it with `DataTable`,
 * `SortSelect` and `ListFooter`.
 */

export type SortOrder = 'asc' | 'desc';

/** One flag of a filter: its URL word, the agent's bit, and what it is called. */
export type FlagChoice = { readonly key: string; readonly flag: number; readonly label: string };

/**
 * A filter: flags (any of these; every flag is the same view as none), or `'number'`: one value
 * the agent matches exactly, kept in the URL as the number, 0 for none.
 */
export type FilterSpec = readonly FlagChoice[] | 'number';

/** The largest number a `'number'` filter takes from the URL. */
const NUMBER_FILTER_MAX = 2 ** 31 - 1;

export type ListQuery<S extends string, F extends string> = {
	page: number;
	pageSize: number;
	/** The search text; empty for none. */
	q: string;
	sort: S;
	order: SortOrder;
} & Record<F, number>;

/** The highest page the console asks for: a bookmark or an absurd total cannot go past it. */
export const MAX_PAGE = 1_000_000;
const SEARCH_MAX = 100;

/** A list's definition as its page uses it (see `ListPage` in `list-page.svelte.ts`). */
export type ListDefinition<S extends string, F extends string> = {
	readonly pageSizes: readonly number[];
	readonly sorts: Readonly<Record<S, string>>;
	readonly filters: Readonly<Record<F, FilterSpec>>;
	href(query: Partial<ListQuery<S, F>>, extra?: Record<string, string | null>): string;
	sortHref(query: ListQuery<S, F>, sort: S, extra?: Record<string, string | null>): string;
	resized(query: ListQuery<S, F>, size: number): Partial<ListQuery<S, F>>;
	rememberPageSize(size: number): void;
	flagWords(name: F, flags: number): string;
};

type ListSpec<S extends string, Fs extends Record<string, FilterSpec>> = {
	/** Names the remembered page size in storage. */
	name: string;
	/** The list's address with these query parameters. */
	route: (params: Record<string, string | null>) => string;
	/** Columns the agent can sort by: URL word -> the agent's sort field. */
	sorts: Record<S, string>;
	defaultSort: NoInfer<S>;
	/** Sorts that read descending first (dates: newest first); the others read A to Z. */
	descendingFirst?: readonly NoInfer<S>[];
	/** Filters: URL parameter -> its flags, or 'number' for one exact value. */
	filters: Fs;
	pageSizes?: readonly number[];
	defaultPageSize?: number;
	/**
	 * Goes before each URL parameter's name (`pick-page`), so a second list on a page (a picker in
	 * a dialog) keeps its view in the URL beside the page's own list.
	 */
	prefix?: string;
};

export function defineList<S extends string, const Fs extends Record<string, FilterSpec>>(
	spec: ListSpec<S, Fs>
) {
	type F = keyof Fs & string;
	const pageSizes = spec.pageSizes ?? [10, 25, 50, 100];
	const defaultPageSize = spec.defaultPageSize ?? 25;
	const prefix = spec.prefix ?? '';
	const filterNames = Object.keys(spec.filters) as F[];
	const choices = (name: F): readonly FlagChoice[] => {
		const filter: FilterSpec = spec.filters[name] ?? [];
		return filter === 'number' ? [] : filter;
	};
	const allFlags = (name: F) => choices(name).reduce((all, f) => all | f.flag, 0);
	const isNumber = (name: F) => spec.filters[name] === 'number';
	const pageSize = new Stored<number>('local', `agent-console:${spec.name}-page-size`, {
		parse: parse.oneOf(pageSizes),
		fallback: defaultPageSize
	});
	type Query = ListQuery<S, F>;

	const defaultOrder = (sort: S): SortOrder =>
		spec.descendingFirst?.includes(sort) ? 'desc' : 'asc';

	/** Query parameters for a view, defaults left out. */
	function searchParams(query: Partial<Query>): Record<string, string | null> {
		if (prefix)
			return Object.fromEntries(
				Object.entries(unprefixed(query)).map(([name, value]) => [prefix + name, value])
			);
		return unprefixed(query);
	}

	/** The same, by the names the list alone would use. */
	function unprefixed(query: Partial<Query>): Record<string, string | null> {
		const sort = query.sort ?? spec.defaultSort;
		const params: Record<string, string | null> = {
			q: (query.q as string | undefined)?.trim() || null
		};
		for (const name of filterNames) {
			const flags = (query[name] as number | undefined) ?? 0;
			if (isNumber(name)) {
				params[name] = flags > 0 ? String(flags) : null;
				continue;
			}
			const words = choices(name)
				.filter((f) => (flags & f.flag) !== 0)
				.map((f) => f.key)
				.join(',');
			params[name] = words && flags !== allFlags(name) ? words : null;
		}
		return {
			...params,
			sort: sort === spec.defaultSort ? null : sort,
			order: query.order && query.order !== defaultOrder(sort) ? query.order : null,
			page: query.page && query.page > 1 ? String(query.page) : null,
			pageSize: query.pageSize && query.pageSize !== defaultPageSize ? String(query.pageSize) : null
		};
	}

	return {
		pageSizes,
		sorts: spec.sorts,
		filters: spec.filters,
		defaultSort: spec.defaultSort,
		defaultOrder,

		/** The view a URL asks for; the remembered page size when it names none. */
		parse(url: URLSearchParams, fallbackPageSize = defaultPageSize): Query {
			const params = { get: (name: string) => url.get(prefix + name) };
			const page = Number(params.get('page'));
			const size = Number(params.get('pageSize'));
			const sortParam = params.get('sort') ?? '';
			const sort = Object.hasOwn(spec.sorts, sortParam) ? (sortParam as S) : spec.defaultSort;
			const orderParam = params.get('order');
			const filters = {} as Record<F, number>;
			for (const name of filterNames) {
				if (isNumber(name)) {
					const n = Number(params.get(name));
					filters[name] = Number.isInteger(n) && n > 0 && n <= NUMBER_FILTER_MAX ? n : 0;
					continue;
				}
				let flags = 0;
				for (const word of (params.get(name) ?? '').split(',')) {
					const key = word.trim().toLowerCase();
					flags |= choices(name).find((f) => f.key === key)?.flag ?? 0;
				}
				// Every flag is the same view as none: keep one URL for it.
				filters[name] = flags === allFlags(name) ? 0 : flags;
			}
			return {
				page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
				pageSize: pageSizes.includes(size) ? size : fallbackPageSize,
				q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
				sort,
				order: orderParam === 'asc' || orderParam === 'desc' ? orderParam : defaultOrder(sort),
				...filters
			} as Query;
		},

		searchParams,

		/** A link to the list showing this view, with any extra parameters. */
		href(query: Partial<Query>, extra: Record<string, string | null> = {}): string {
			return spec.route({ ...searchParams(query), ...extra });
		},

		/** The link a column header gives: the other order of this sort, or its first order. */
		sortHref(query: Query, sort: S, extra: Record<string, string | null> = {}): string {
			const order =
				query.sort === sort ? (query.order === 'asc' ? 'desc' : 'asc') : defaultOrder(sort);
			return spec.route({
				...searchParams({ ...query, sort, order, page: 1 } as Partial<Query>),
				...extra
			});
		},

		/** The view with another page size, on the page that keeps the first row shown in view. */
		resized(query: Query, size: number): Partial<Query> {
			const firstRow = (query.page - 1) * query.pageSize;
			return { pageSize: size, page: Math.floor(firstRow / size) + 1 } as Partial<Query>;
		},

		/** The page size chosen last for this list in this browser. */
		get rememberedPageSize(): number {
			return pageSize.value;
		},

		rememberPageSize(size: number) {
			if (pageSizes.includes(size)) pageSize.set(size);
		},

		/** Names of the flags set, joined with "or", for the empty state and filter menus. */
		flagWords(name: F, flags: number): string {
			return (
				choices(name)
					.filter((f) => (flags & f.flag) !== 0)
					.map((f) => f.label)
					.reduce(
						(one: string | null, other) => (one === null ? other : m.parts_or({ one, other })),
						null
					) ?? ''
			);
		}
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

/** One page of a list as a page shows it: the query it answers beside the agent's rows. */
export type ListResult<Q, R> = {
	query: Q;
	rows: R[];
	total: number;
	/** The page size the agent says it used (it may cap the one asked for). */
	pageSize: number;
	/** Rows the agent sent beyond the page size asked for: left out, and said. */
	extraRows: number;
	/** The total as the agent sent it when it cannot be right. */
	oddTotal: number | null;
};

/** A paged answer put beside the query it answers. */
export function listResult<Q extends { pageSize: number }, R>(
	query: Q,
	answer: {
		rows: R[];
		total: number;
		pageSize: number | null;
		extraRows: number;
		oddTotal: number | null;
	}
): ListResult<Q, R> {
	return {
		query,
		rows: answer.rows,
		total: answer.total,
		pageSize: answer.pageSize ?? query.pageSize,
		extraRows: answer.extraRows,
		oddTotal: answer.oddTotal
	};
}
