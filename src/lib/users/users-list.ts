import { getAllUsers, type UsersAsked, type UserRow, type UsersAnswer } from '$lib/api/user';
import { usersAsked, type UsersQuery } from '$lib/users/users-query';

export type UsersResult = {
	query: UsersQuery;
	rows: UserRow[];
	total: number;
	/** The page size the agent says it used (it may cap the one asked for). */
	pageSize: number;
	extraRows: number;
	oddTotal: number | null;
};

type LoadUsers = (query: UsersAsked, options: { signal: AbortSignal }) => Promise<UsersAnswer>;

/** One page of the users list, with the view it answers (the page shows both together). */
export async function readUsers(
	query: UsersQuery,
	signal: AbortSignal,
	load: LoadUsers = getAllUsers
): Promise<UsersResult> {
	const answer = await load(usersAsked(query), { signal });
	return {
		query,
		rows: answer.rows,
		total: answer.total,
		pageSize: answer.pageSize ?? query.pageSize,
		extraRows: answer.extraRows,
		oddTotal: answer.oddTotal
	};
}
