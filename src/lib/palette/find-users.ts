import { getAllUsers, type UserRow } from '$lib/api/users';
import { searchNames } from '$lib/users/name-search';

/** The most users one search offers. */
export const USERS_OFFERED = 8;

/**
 * Users whose username holds the text (the agent's own filter) or whose name does (read from
 * the agent's list as the users page reads it for a name), usernames first, each once.
 */
export async function findUsers(text: string, signal: AbortSignal): Promise<UserRow[]> {
	const [byUsername, byName] = await Promise.all([
		getAllUsers({ page: 1, pageSize: USERS_OFFERED, username: text }, { signal }),
		searchNames({ page: 1, pageSize: USERS_OFFERED }, text, getAllUsers, signal)
	]);
	const seen = new Set<string>();
	const rows: UserRow[] = [];
	for (const row of [...byUsername.rows, ...byName.rows]) {
		const id = row.user?.id;
		if (!id || seen.has(id)) continue;
		seen.add(id);
		rows.push(row);
		if (rows.length === USERS_OFFERED) break;
	}
	return rows;
}
