import type { UsersAsked } from '$lib/api/users';
import { route } from '$lib/routes';
import { defineList, type ListQuery } from '$lib/list/list-query';
import { USER_STATUS, USER_TYPE } from '$lib/contract';
import { USER_STATUS_NAMES, USER_TYPE_NAMES } from '$lib/names/enums';
import { m } from '$lib/paraglide/messages';

/** A flag filter's choice named by the agent enum's words, read in the language of the moment. */
const flagChoice = (key: string, flag: number, names: Readonly<Record<number, string>>) => ({
	key,
	flag,
	get label() {
		return names[flag] ?? '';
	}
});

/** The users list: its view in the URL, the recipe of every list paged on the agent. */
export const usersList = defineList({
	name: 'users',
	route: route.users,
	sorts: {
		created: 'CreateDate',
		name: 'FirstName',
		username: 'Username',
		email: 'Email',
		type: 'UserType',
		status: 'Status'
	},
	defaultSort: 'created',
	descendingFirst: ['created'],
	filters: {
		status: [
			flagChoice('active', USER_STATUS.Active, USER_STATUS_NAMES),
			flagChoice('inactive', USER_STATUS.Inactive, USER_STATUS_NAMES),
			flagChoice('pending', USER_STATUS.Pending, USER_STATUS_NAMES)
		],
		/** What the search looks in: 0 usernames (on the agent), 1 names (`SEARCH_BY`). */
		by: 'number',
		/** The desktop user types (the agent's `userType` flags). */
		type: [
			flagChoice('admin', USER_TYPE.DesktopAdmin, USER_TYPE_NAMES),
			flagChoice('creative', USER_TYPE.DesktopCreativeUser, USER_TYPE_NAMES),
			flagChoice('standard', USER_TYPE.DesktopStandardUser, USER_TYPE_NAMES)
		]
	}
});

export type SortKey = keyof typeof usersList.sorts;
export type UsersQuery = ListQuery<SortKey, 'status' | 'type' | 'by'>;

/**
 * What the search box looks in. The agent filters usernames only (`username`); names are
 * looked for by this console in what the agent lists (`searchNames`).
 */
export const SEARCH_BY = { Username: 0, Name: 1 } as const;

export const SEARCH_BY_CHOICES = [
	{
		value: SEARCH_BY.Username,
		get label() {
			return m.parts_search_usernames();
		}
	},
	{
		value: SEARCH_BY.Name,
		get label() {
			return m.parts_search_names();
		}
	}
] as const;

/** A link to the users list showing this view. */
export function usersHref(query: Partial<UsersQuery>): string {
	return usersList.href(query);
}

/** The `user` parameter: which user's panel is open. Not part of the list's query. */
export const OPEN_USER_PARAM = 'user';

/** Where an e-mail address or username may wrap: after the @ and before each dot. */
export function wrapParts(text: string): string[] {
	return text.split(/(?<=@)|(?=\.)/).filter(Boolean);
}

export function usersAsked(query: UsersQuery): UsersAsked {
	return {
		page: query.page,
		pageSize: query.pageSize,
		sortField: usersList.sorts[query.sort],
		descending: query.order === 'desc',
		userStatus: query.status || undefined,
		userType: query.type || undefined,
		username: (query.by === SEARCH_BY.Username && query.q) || undefined
	};
}
