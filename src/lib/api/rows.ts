import type * as z from 'zod/mini';

/**
 * Rows of a paged answer, each checked on its own: one odd row is shown as sent instead of making
 * the whole page unreadable, and unknown fields stay in `raw`. Used by every list paged on the
 * agent (users, files, transfer history).
 */
export type Row<T> = {
	/** Every field the agent sent, unknown ones included. */
	raw: Record<string, unknown>;
	/** Null when the row does not have the expected shape: it is still shown, as sent. */
	value: T | null;
	key: string;
};

export type RowsPage<T> = {
	rows: Row<T>[];
	/** The total to page with: the agent's, or what is known when the agent's cannot be right. */
	total: number;
	/** Rows the agent sent beyond the page size asked for: left out, and said. */
	extraRows: number;
	/** The total as the agent sent it when it cannot be right (negative, fractional, too large). */
	oddTotal: number | null;
	/** The page size the agent says it used (it may cap the one asked for), when it says. */
	pageSize: number | null;
};

/** A page asked of the agent, in the console's words; `pagingParams` puts it in the agent's. */
export type PageAsked = {
	page: number;
	pageSize: number;
	/** The agent's field name, e.g. StartDate. */
	sortField?: string;
	descending?: boolean;
};

/** The query parameters every paged endpoint of the agent takes. */
export function pagingParams(query: PageAsked) {
	return {
		page: query.page,
		pagesize: query.pageSize,
		sortfield: query.sortField,
		descending: query.descending
	};
}

const asRecord = (v: unknown): Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v)
		? (v as Record<string, unknown>)
		: { value: v };

export function toRows<S extends z.ZodMiniType>(
	schema: S,
	data: unknown[],
	id: (value: z.infer<S>) => string | number
): Row<z.infer<S>>[] {
	return data.map((item, index) => {
		const raw = asRecord(item);
		const parsed = schema.safeParse(raw);
		const value = parsed.success ? (parsed.data as z.infer<S>) : null;
		return { raw, value, key: value ? `${id(value)}:${index}` : `row-${index}` };
	});
}

/** One page as the console shows it: never more rows than asked for, a believable total. */
export function toPage<S extends z.ZodMiniType>(
	schema: S,
	answer: { data: unknown[]; total: number; pageSize?: number | null },
	query: { page: number; pageSize: number },
	id: (value: z.infer<S>) => string | number
): RowsPage<z.infer<S>> {
	// An agent answering 100,000 rows would freeze the tab.
	const data = answer.data.slice(0, query.pageSize);
	const sane = Number.isSafeInteger(answer.total) && answer.total >= 0;
	return {
		rows: toRows(schema, data, id),
		total: sane ? answer.total : (query.page - 1) * query.pageSize + data.length,
		extraRows: answer.data.length - data.length,
		oddTotal: sane ? null : answer.total,
		pageSize: answer.pageSize ?? null
	};
}
