import { AgentError, isAbort } from '$lib/api/errors';
import { listUserSchema, type ListUser, type UsersPage } from '$lib/api/schemas/user';
import { getAllUsers, type GetAllUsersQuery } from '$lib/api/user';
import { toAgentQuery, type UsersQuery } from '$lib/users-query';

/** One row as the agent sent it, with the fields this version knows read out. */
export type UserRow = {
	/** Every field the agent sent, unknown ones included. */
	raw: Record<string, unknown>;
	/** Null when the row does not have the shape of a user. */
	user: ListUser | null;
	key: string;
};

export type UsersResult = {
	query: UsersQuery;
	rows: UserRow[];
	total: number;
	/** The page size the agent says it used (it may cap the one asked for). */
	pageSize: number;
};

type Fetcher = (query: GetAllUsersQuery, options: { signal: AbortSignal }) => Promise<UsersPage>;

export function toRows(data: Record<string, unknown>[]): UserRow[] {
	return data.map((raw, index) => {
		const parsed = listUserSchema.safeParse(raw);
		const user = parsed.success ? parsed.data : null;
		return { raw, user, key: user ? `${user.id}:${index}` : `row-${index}` };
	});
}

/**
 * One users list view. Only the newest query may show its answer: a new load aborts the one
 * before, and an answer that arrives late anyway is dropped, so a slow page never overwrites a
 * newer one. The rows shown stay until the next answer, so a page change does not flash empty.
 */
export class UsersList {
	result = $state.raw<UsersResult | null>(null);
	error = $state.raw<AgentError | null>(null);
	/** The query being loaded now, or null when idle. */
	loading = $state.raw<UsersQuery | null>(null);
	#fetch: Fetcher;
	#latest = 0;
	#controller: AbortController | null = null;

	constructor(fetcher: Fetcher = getAllUsers) {
		this.#fetch = fetcher;
	}

	async load(query: UsersQuery): Promise<void> {
		this.#controller?.abort();
		const controller = new AbortController();
		this.#controller = controller;
		const id = ++this.#latest;
		this.loading = query;
		try {
			const answer = await this.#fetch(toAgentQuery(query), { signal: controller.signal });
			if (id !== this.#latest) return;
			this.result = {
				query,
				rows: toRows(answer.data),
				total: answer.total,
				pageSize: answer.options?.pageSize ?? query.pageSize
			};
			this.error = null;
		} catch (error) {
			if (id !== this.#latest || isAbort(error)) return;
			if (!(error instanceof AgentError)) throw error;
			this.error = error;
		} finally {
			if (id === this.#latest) this.loading = null;
		}
	}

	/** Stops listening: an answer still on its way is dropped. */
	cancel() {
		this.#latest++;
		this.#controller?.abort();
		this.loading = null;
	}
}
