import { USER_STATUS, USER_TYPE, allFlags } from '../../src/lib/contract.ts';
import { intParam, listParams, ok } from '../reply.ts';
import { route, requireUser, type Handler, type Route } from '../routing.ts';
import type { SimUser } from '../model/users.ts';
import type { SimState } from '../model/state.ts';

/** The agent's /user controller: the account's users, paged, sorted and filtered. */

/** The largest page the simulator serves; larger requests are clamped and say so in `options`. */
export const MAX_PAGE_SIZE = 500;

export function listUser(user: SimUser, accountId: string) {
	return {
		id: user.id,
		firstname: user.firstName,
		lastname: user.lastName,
		username: user.username,
		email: user.email,
		userType: user.userType,
		status: user.status,
		owner: user.owner,
		mfa: user.totpSecret !== null || user.sms,
		createDate: user.createDate,
		// Fields older agents add; `department` stands for a field this dashboard version does not know.
		accountId,
		authProvider: user.authProvider,
		signupDate: user.createDate,
		migration: user.migration,
		deleted: user.deleted,
		department: user.department
	};
}

const SORT_FIELDS: Record<string, (u: SimUser) => string | number> = {
	createdate: (u) => u.createDate,
	username: (u) => u.username.toLowerCase(),
	email: (u) => u.email.toLowerCase(),
	firstname: (u) => u.firstName.toLowerCase(),
	lastname: (u) => u.lastName.toLowerCase(),
	usertype: (u) => u.userType,
	status: (u) => u.status
};

// Sorting 100,000 users per page click would dominate the response time; keep recent orderings.
const listCache = new WeakMap<SimState, Map<string, { version: number; list: SimUser[] }>>();

const getAllUsers: Handler = async (req, ctx) => {
	await requireUser(req, ctx);
	const q = req.query;
	const { page, pageSize, sortField, sortKey, descending } = listParams(
		q,
		SORT_FIELDS,
		'CreateDate',
		MAX_PAGE_SIZE
	);
	const everyStatus = allFlags(USER_STATUS);
	const userStatus = intParam(q, 'userStatus', everyStatus, 1, everyStatus);
	const userType = intParam(q, 'userType', 0, 0, allFlags(USER_TYPE));
	const username = (q.get('username') ?? '').trim().toLowerCase();

	const key = [sortField, descending, userStatus, userType, username].join('|');
	let cache = listCache.get(ctx.state);
	if (!cache) listCache.set(ctx.state, (cache = new Map()));
	let entry = cache.get(key);
	if (!entry || entry.version !== ctx.state.usersVersion) {
		const list = [...ctx.state.users.values()].filter(
			(u) =>
				!u.deleted &&
				(u.status & userStatus) !== 0 &&
				(userType === 0 || (u.userType & userType) !== 0) &&
				(!username || u.username.toLowerCase().includes(username))
		);
		const dir = descending ? -1 : 1;
		list.sort((a, b) => {
			const ka = sortKey(a);
			const kb = sortKey(b);
			if (ka < kb) return -dir;
			if (ka > kb) return dir;
			return a.id < b.id ? -1 : 1;
		});
		entry = { version: ctx.state.usersVersion, list };
		cache.set(key, entry);
		if (cache.size > 16) cache.delete(cache.keys().next().value as string);
	}
	const start = (page - 1) * pageSize;
	return ok({
		data: entry.list.slice(start, start + pageSize).map((u) => listUser(u, ctx.state.account.id)),
		total: entry.list.length,
		options: { page, pageSize }
	});
};

export function userRoutes(): Route[] {
	return [route('GET', '/user/get_all_users', getAllUsers)];
}
