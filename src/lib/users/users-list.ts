import { getAllUsers, type UsersAsked, type UserRow, type UsersAnswer } from '$lib/api/users';
import { listResult, type ListResult } from '$lib/list/list-query';
import { SEARCH_BY, usersAsked, type UsersQuery } from '$lib/users/users-query';
import { searchNames, type NameScan } from '$lib/users/name-search';

export type UsersResult = ListResult<UsersQuery, UserRow> & {
	/** For a search by name: how much of the agent's list this console read. */
	nameScan: NameScan | null;
};

type LoadUsers = (query: UsersAsked, options: { signal: AbortSignal }) => Promise<UsersAnswer>;

/** One page of the users list, with the view it answers (the page shows both together). */
export async function readUsers(
	query: UsersQuery,
	signal: AbortSignal,
	load: LoadUsers = getAllUsers
): Promise<UsersResult> {
	if (query.by === SEARCH_BY.Name && query.q) {
		const { rows, scan } = await searchNames(usersAsked(query), query.q, load, signal);
		const from = (query.page - 1) * query.pageSize;
		return {
			...listResult(query, {
				rows: rows.slice(from, from + query.pageSize),
				total: rows.length,
				pageSize: query.pageSize,
				extraRows: 0,
				oddTotal: null
			}),
			nameScan: scan
		};
	}
	const answer = await load(usersAsked(query), { signal });
	return { ...listResult(query, answer), nameScan: null };
}
