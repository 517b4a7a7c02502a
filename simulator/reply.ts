/** What a handler answers: a JSON value, raw text, or nothing. */
export type Reply = {
	status: number;
	body?: unknown;
	text?: string;
	contentType?: string;
	headers?: Record<string, string>;
};

export type FieldErrors = Record<string, string[]>;

/** The agent's application error: 499 (or another status) with `{type, status, errors}`. */
export class AgentFailure extends Error {
	readonly status: number;
	readonly code: string | null;
	readonly errors: FieldErrors;

	constructor(status: number, code: string | null, errors: FieldErrors = {}) {
		super(code ?? String(status));
		this.status = status;
		this.code = code;
		this.errors = errors;
	}

	toReply(): Reply {
		const headers: Record<string, string> = this.code ? { 'error-code': this.code } : {};
		if (this.code === null) return { status: this.status, headers };
		return {
			status: this.status,
			headers,
			body: { type: this.code, status: this.status, errors: this.errors }
		};
	}
}

export const ok = (body?: unknown): Reply => ({ status: 200, body });

/** An application error whose messages sit under the code itself, as the vendor's docs show. */
export const fail = (code: string, message: string, status = 499) =>
	new AgentFailure(status, code, { [code]: [message] });

/** Field validation: messages keyed by the request field they are about. */
export const invalid = (errors: FieldErrors) => new AgentFailure(499, 'VALIDATION', errors);

/** 401 carries no body, like the real agent. */
export const unauthorized = () => new AgentFailure(401, null);

/** A whole-number query parameter (names are matched in lower case) in a range, its fallback when absent; 499 VALIDATION otherwise. */
export function intParam(
	query: URLSearchParams,
	name: string,
	fallback: number,
	min: number,
	max: number
): number {
	const raw = query.get(name.toLowerCase());
	if (raw === null || raw === '') return fallback;
	const n = Number(raw);
	if (!Number.isInteger(n) || n < min || n > max) {
		throw invalid({ [name]: [`${name} must be a whole number from ${min} to ${max}.`] });
	}
	return n;
}

/** The largest page the development agent serves; a larger one is clamped (and `options` says so). */
const MAX_PAGE_SIZE = 500;

/** `page` and the page size: `pagesize` on the camelCase lists, `pageSize` on the reports. */
export function pageParams(query: URLSearchParams, sizeName: 'pagesize' | 'pageSize') {
	return {
		page: intParam(query, 'page', 1, 1, 1_000_000),
		pageSize: Math.min(intParam(query, sizeName, 50, 1, 1_000_000), MAX_PAGE_SIZE)
	};
}

/**
 * The paging and sorting of the agent's camelCase lists (`page`, `pagesize`, `sortfield`,
 * `descending`): 499 VALIDATION for a value out of range, an unknown sort field (own keys only:
 * `__proto__` is unknown like any other) or a `descending` that is not true or false.
 */
export function listParams<T>(
	query: URLSearchParams,
	sorts: Record<string, (item: T) => string | number>,
	defaultSort: string
) {
	const { page, pageSize } = pageParams(query, 'pagesize');
	const sortField = (query.get('sortfield') || defaultSort).toLowerCase();
	const sortKey = Object.hasOwn(sorts, sortField) ? sorts[sortField] : undefined;
	if (!sortKey) {
		throw invalid({ sortfield: [`sortfield must be one of ${Object.keys(sorts).join(', ')}.`] });
	}
	const descendingRaw = (query.get('descending') ?? 'true').toLowerCase();
	if (descendingRaw !== 'true' && descendingRaw !== 'false') {
		throw invalid({ descending: ['descending must be true or false.'] });
	}
	return { page, pageSize, sortField, sortKey, descending: descendingRaw === 'true' };
}

/**
 * Sorts a camelCase list in place by its sort field's key; equal keys fall back to `tie`, which
 * gets the direction (1 ascending, -1 descending) so it may follow it or not.
 */
export function sortList<T>(
	list: T[],
	sortKey: (item: T) => string | number,
	descending: boolean,
	tie: (a: T, b: T, dir: number) => number
): T[] {
	const dir = descending ? -1 : 1;
	return list.sort((a, b) => {
		const ka = sortKey(a);
		const kb = sortKey(b);
		if (ka < kb) return -dir;
		if (ka > kb) return dir;
		return tie(a, b, dir);
	});
}

/** One page of a camelCase list, as the agent answers it: `{ data, total, options }`. */
export function listPage<T>(
	list: readonly T[],
	{ page, pageSize }: { page: number; pageSize: number },
	view: (item: T) => unknown = (item) => item
): Reply {
	const start = (page - 1) * pageSize;
	return ok({
		data: list.slice(start, start + pageSize).map(view),
		total: list.length,
		options: { page, pageSize }
	});
}

/** Collects field errors for one request body, then throws them all at once. */
export class Fields {
	readonly #source: Record<string, unknown>;
	readonly #errors: FieldErrors = {};

	constructor(body: unknown) {
		if (body === null || typeof body !== 'object' || Array.isArray(body)) {
			throw invalid({ body: ['The request body must be a JSON object.'] });
		}
		this.#source = body as Record<string, unknown>;
	}

	#add(name: string, message: string) {
		(this.#errors[name] ??= []).push(message);
	}

	string(name: string, label: string, rules: { max?: number; optional?: boolean } = {}): string {
		const value = this.#source[name];
		if (value === undefined || value === null || value === '') {
			if (!rules.optional) this.#add(name, `${label} is required.`);
			return '';
		}
		if (typeof value !== 'string') {
			this.#add(name, `${label} must be text.`);
			return '';
		}
		if (rules.max !== undefined && value.length > rules.max) {
			this.#add(name, `${label} must be at most ${rules.max} characters.`);
		}
		return value;
	}

	integer(name: string, label: string, allowed?: readonly number[]): number {
		const value = this.#source[name];
		if (typeof value !== 'number' || !Number.isInteger(value)) {
			this.#add(name, `${label} must be a whole number.`);
			return NaN;
		}
		if (allowed && !allowed.includes(value)) {
			this.#add(name, `${label} must be one of ${allowed.join(', ')}.`);
		}
		return value;
	}

	check(name: string, condition: boolean, message: string) {
		if (!condition) this.#add(name, message);
	}

	done() {
		if (Object.keys(this.#errors).length) throw invalid(this.#errors);
	}
}

// The password policy and the e-mail shape are the contract's, shared with the console.
export { EMAIL_SHAPE, passwordProblems } from '../src/lib/contract.ts';
