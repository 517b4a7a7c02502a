import { AgentError, isAbort } from '$lib/api/errors';
import { getAllUsers, type GetAllUsersQuery, type UserRow, type UsersAnswer } from '$lib/api/user';
import { toAgentQuery, type UsersQuery } from '$lib/users-query';

export type UsersResult = {
	query: UsersQuery;
	rows: UserRow[];
	total: number;
	/** The page size the agent says it used (it may cap the one asked for). */
	pageSize: number;
	extraRows: number;
	oddTotal: number | null;
};

type LoadUsers = (
	query: GetAllUsersQuery,
	options: { signal: AbortSignal }
) => Promise<UsersAnswer>;

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
	#load: LoadUsers;
	#latest = 0;
	#controller: AbortController | null = null;

	constructor(load: LoadUsers = getAllUsers) {
		this.#load = load;
	}

	async load(query: UsersQuery): Promise<void> {
		this.#controller?.abort();
		const controller = new AbortController();
		this.#controller = controller;
		const id = ++this.#latest;
		this.loading = query;
		try {
			const answer = await this.#load(toAgentQuery(query), { signal: controller.signal });
			if (id !== this.#latest) return;
			this.result = {
				query,
				rows: answer.rows,
				total: answer.total,
				pageSize: answer.pageSize ?? query.pageSize,
				extraRows: answer.extraRows,
				oddTotal: answer.oddTotal
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
