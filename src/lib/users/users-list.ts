import { getAllUsers, type UsersAsked, type UserRow, type UsersAnswer } from '$lib/api/user';
import { listResult, type ListResult } from '$lib/list/list-query';
import { usersAsked, type UsersQuery } from '$lib/users/users-query';

export type UsersResult = ListResult<UsersQuery, UserRow>;

type LoadUsers = (query: UsersAsked, options: { signal: AbortSignal }) => Promise<UsersAnswer>;

/** One page of the users list, with the view it answers (the page shows both together). */
export async function readUsers(
	query: UsersQuery,
	signal: AbortSignal,
	load: LoadUsers = getAllUsers
): Promise<UsersResult> {
	const answer = await load(usersAsked(query), { signal });
	return listResult(query, answer);
}
