import { request, type RequestOptions } from './client.ts';
import { usersPageSchema } from './schemas/user.ts';

type Options = Pick<RequestOptions, 'signal' | 'agentUrl' | 'timeoutMs'>;

export type GetAllUsersQuery = {
	page: number;
	pageSize: number;
	/** The agent's field name, e.g. CreateDate or Username. */
	sortField?: string;
	descending?: boolean;
	/** Flags: Active 1, Inactive 2, Pending 4. */
	userStatus?: number;
	userType?: number;
	/** Substring of the username. */
	username?: string;
};

/** One page of the account's users; paging, sorting and filtering happen on the agent. */
export function getAllUsers(query: GetAllUsersQuery, options: Options = {}) {
	return request(usersPageSchema, '/user/get_all_users', {
		...options,
		auth: true,
		query: {
			page: query.page,
			pagesize: query.pageSize,
			sortfield: query.sortField,
			descending: query.descending,
			userStatus: query.userStatus,
			userType: query.userType,
			username: query.username
		}
	});
}
