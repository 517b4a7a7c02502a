import type { UsersAsked, UsersAnswer, UserRow } from '$lib/api/users';
import type { ListUser } from '$lib/api/schemas/users';

/**
 * Search by name. The agent's users list filters usernames only, so for a name this console
 * reads the list the agent gives (with its status and type filters and its sort), page by page,
 * and keeps the rows whose name matches. It reads at most `MAX_NAME_SCAN` users and says how
 * many it read, so a partial search is never taken for a full one.
 */

/** Rows per call while looking for a name. */
export const NAME_SCAN_PAGE = 100;
/** The most users one name search reads: 20 calls. */
export const MAX_NAME_SCAN = 2_000;

/** How much of the list a name search read. */
export type NameScan = { scanned: number; total: number };

type Load = (query: UsersAsked, options: { signal: AbortSignal }) => Promise<UsersAnswer>;

/** Every word of the search in the first or last name, in any case and order. */
export function nameMatches(user: ListUser, search: string): boolean {
	const name = `${user.firstname ?? ''} ${user.lastname ?? ''}`.toLocaleLowerCase();
	const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
	return words.length > 0 && words.every((word) => name.includes(word));
}

export async function searchNames(
	asked: UsersAsked,
	search: string,
	load: Load,
	signal: AbortSignal
): Promise<{ rows: UserRow[]; scan: NameScan }> {
	const rows: UserRow[] = [];
	let scanned = 0;
	let total = 0;
	for (let page = 1; scanned < MAX_NAME_SCAN; page++) {
		const answer = await load(
			{ ...asked, username: undefined, page, pageSize: NAME_SCAN_PAGE },
			{ signal }
		);
		total = answer.total;
		scanned += answer.rows.length;
		for (const row of answer.rows) if (row.user && nameMatches(row.user, search)) rows.push(row);
		// A short page is the end, or an agent paging smaller than asked: stop, and say what was read.
		if (answer.rows.length < NAME_SCAN_PAGE || scanned >= total) break;
	}
	return { rows, scan: { scanned, total } };
}
