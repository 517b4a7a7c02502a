import { goto, pushState, replaceState } from '$app/navigation';
import { page } from '$app/state';
import { tick } from 'svelte';
import type { ListDefinition, ListQuery } from './list-query';
import { UrlSearch } from './url-search.svelte';
import { ViewChanges } from './view-changes';

/**
 * A list paged on the agent as its page drives it: the view (page, size, sort, filters, search)
 * and the row whose panel is open, all in the URL, so Back, a reload and a link return to them.
 * The page's load parses the view (`list.parse`); this turns each change into a navigation.
 * Create it while the page initialises (the search box uses effects).
 *
 * Example: `src/routes/(app)/users/+page.svelte`.
 */

type Options<S extends string, F extends string> = {
	/** The view the page's load read from the URL. */
	query: () => ListQuery<S, F>;
	/** The page's own parameters besides the list's (a scope, another list's page): kept in every link. */
	params?: () => Record<string, string | null>;
	/** The parameter that names the row whose panel is open (`user`), for lists with a panel. */
	openParam?: string;
	/** The pause in typing after which the search box's text reaches the URL. */
	searchDelayMs?: number;
};

export type Choice = { value: number; label: string };

export class ListPage<S extends string, F extends string> {
	readonly list: ListDefinition<S, F>;
	/** The search box's text, for lists that offer one (`SearchBox`). */
	readonly search: UrlSearch;
	/** The top of the list: a page changed below the fold scrolls back to it. */
	top = $state<HTMLElement>();
	readonly #query: () => ListQuery<S, F>;
	readonly #params: () => Record<string, string | null>;
	readonly #openParam: string | null;

	constructor(list: ListDefinition<S, F>, options: Options<S, F>) {
		this.list = list;
		this.#query = options.query;
		this.#params = options.params ?? (() => ({}));
		this.#openParam = options.openParam ?? null;
		this.search = new UrlSearch(
			() => this.query.q,
			(q, replace) => void this.show({ q, page: 1 } as Partial<ListQuery<S, F>>, replace),
			options.searchDelayMs
		);
	}

	get query(): ListQuery<S, F> {
		return this.#query();
	}

	/** A link to this list with the view changed (and the page's parameters changed by `extra`). */
	href(change: Partial<ListQuery<S, F>> = {}, extra: Record<string, string | null> = {}): string {
		return this.list.href({ ...this.query, ...change }, { ...this.#params(), ...extra });
	}

	/** Shows the view changed: a navigation that keeps focus and scroll, and closes any panel. */
	show(change: Partial<ListQuery<S, F>>, replace = false): Promise<void> {
		return this.#changes.change(change, (query) =>
			goto(this.list.href(query, this.#params()), {
				keepFocus: true,
				noScroll: true,
				replaceState: replace
			})
		);
	}
	readonly #changes = new ViewChanges(() => this.query);

	/** Another page; back to the top of the list when it is above the window. */
	async goToPage(n: number): Promise<void> {
		await this.show({ page: n } as Partial<ListQuery<S, F>>);
		await tick();
		if (this.top && this.top.getBoundingClientRect().top < 0) this.top.scrollIntoView();
	}

	/** Another page size, on the page that keeps the first row shown in view. */
	changePageSize(size: number): void {
		// Remembered once the view is in the URL, so the remembered size cannot change it midway.
		void this.show(this.list.resized(this.#changes.base, size)).then(() =>
			this.list.rememberPageSize(size)
		);
	}

	get pageSizeChoices(): Choice[] {
		return this.list.pageSizes.map((size) => ({ value: size, label: String(size) }));
	}

	/** The link a column header gives: the other order of this sort, or its first order. */
	sortHref(sort: S): string {
		return this.list.sortHref(this.query, sort, this.#params());
	}

	/** Every sort in both orders, for narrow screens where the headers are hidden. */
	sortChoices(labels: Record<S, readonly [asc: string, desc: string]>) {
		return (Object.entries(labels) as [S, readonly [string, string]][]).flatMap(
			([sort, [asc, desc]]) =>
				(['asc', 'desc'] as const).map((order) => ({
					value: `${sort}:${order}`,
					label: order === 'asc' ? asc : desc,
					href: this.href({ sort, order, page: 1 } as Partial<ListQuery<S, F>>)
				}))
		);
	}

	/** A flag filter's choices: all, each flag, and the flags a link chose together. */
	filterChoices(name: F, all: string): Choice[] {
		const spec = this.list.filters[name];
		const base = [
			{ value: 0, label: all },
			...(spec === 'number' ? [] : spec.map((f) => ({ value: f.flag, label: f.label })))
		];
		const value = this.query[name];
		return base.some((c) => c.value === value)
			? base
			: [...base, { value, label: this.list.flagWords(name, value) }];
	}

	/** The id of the row whose panel the URL opens. */
	get openId(): string | null {
		return this.#openParam ? page.url.searchParams.get(this.#openParam) : null;
	}

	/** The address of this view with one row's panel open: a reload or another tab reopens it. */
	openHref(id: string): string {
		if (!this.#openParam) throw new Error('This list has no panel.');
		return this.list.href(this.query, { ...this.#params(), [this.#openParam]: id });
	}

	/**
	 * The row whose panel is open: the one opened here (by its key: rows keyed by position, so a
	 * repeated id opens the row clicked), else the one the URL names.
	 */
	opened<R extends { key: string }>(
		rows: readonly R[] | undefined,
		idOf: (row: R) => string | null
	): R | null {
		if (!rows) return null;
		const key = page.state.openRow;
		const here = key === undefined ? undefined : rows.find((r) => r.key === key);
		if (here) return here;
		const id = this.openId;
		return id === null ? null : (rows.find((r) => idOf(r) === id) ?? null);
	}

	/** Opens a row's panel: its id in the URL; a row without one stays open until Back. */
	open(key: string, id: string | null): void {
		pushState(id === null ? '' : this.openHref(id), { openRow: key });
	}

	/**
	 * Keeps a row's panel open after the list is read again: a read drops the history entry's
	 * state, which Back needs to close the panel without leaving the page.
	 */
	keepOpen(key: string, id: string | null): void {
		replaceState(id === null ? '' : this.openHref(id), { openRow: key });
	}

	/** The open row is gone (deleted): the list's own address in its place, no navigation. */
	drop(): void {
		replaceState(this.href(), {});
	}

	/** Closes the panel: Back when it was opened here, else the list's own address in its place. */
	close(): void {
		if (page.state.openRow !== undefined) history.back();
		else if (this.openId !== null)
			void goto(this.href(), { replaceState: true, keepFocus: true, noScroll: true });
	}
}
