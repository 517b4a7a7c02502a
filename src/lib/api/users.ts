import * as z from 'zod/mini';
import { request, type RequestOptions } from './client.ts';
import { pagingParams, toPage, toRows, type PageAsked, type Row, type RowsPage } from './rows.ts';
import { emptySchema } from './schemas/agent.ts';
import { listUserSchema, seatsSchema, usersPageSchema, type ListUser } from './schemas/users.ts';

type Options = Pick<RequestOptions, 'signal' | 'agentUrl' | 'timeoutMs'>;

export type UsersAsked = PageAsked & {
	/** Flags: Active 1, Inactive 2, Pending 4. */
	userStatus?: number;
	userType?: number;
	/** Substring of the username. */
	username?: string;
};

/** One row as the agent sent it, with the fields this version knows read out (`user`). */
export type UserRow = {
	raw: Record<string, unknown>;
	/** Null when the row does not have the shape of a user: it is still shown, as sent. */
	user: ListUser | null;
	key: string;
};

export type UsersAnswer = Omit<RowsPage<ListUser>, 'rows'> & { rows: UserRow[] };

const asUserRow = ({ raw, value, key }: Row<ListUser>): UserRow => ({ raw, user: value, key });

/** Each row checked on its own, so one odd row does not make the whole page unreadable. */
export function toUserRows(data: Record<string, unknown>[]): UserRow[] {
	return toRows(listUserSchema, data, (u) => u.id).map(asUserRow);
}

/** One page of the account's users; paging, sorting and filtering happen on the agent. */
export async function getAllUsers(query: UsersAsked, options: Options = {}): Promise<UsersAnswer> {
	const answer = await request(usersPageSchema, '/user/get_all_users', {
		...options,
		auth: true,
		query: {
			...pagingParams(query),
			userStatus: query.userStatus,
			userType: query.userType,
			username: query.username
		}
	});
	const page = toPage(
		listUserSchema,
		{ ...answer, pageSize: answer.options?.pageSize },
		query,
		(u) => u.id
	);
	return { ...page, rows: page.rows.map(asUserRow) };
}

/** The fields an invitation carries, as the agent names them. */
export type Invitation = {
	firstname: string;
	lastname: string;
	username: string;
	email: string;
	userType: number;
};

/** Invites a user: the agent answers the created user, pending, and e-mails the invitation. */
export function insertUser(invitation: Invitation, options: Options = {}) {
	return request(listUserSchema, '/user/insert_user', {
		...options,
		method: 'POST',
		auth: true,
		body: invitation
	});
}

/** Saves a user: the whole row goes back, with the changes; the answer is what was stored. */
export function editUser(row: Record<string, unknown>, options: Options = {}) {
	return request(listUserSchema, '/user/edit_user', {
		...options,
		method: 'PUT',
		auth: true,
		body: row
	});
}

/** Deletes a user; the agent also cancels that user's billing items. */
export function deleteUser(id: string, options: Options = {}) {
	return request(emptySchema, '/user/delete_user', {
		...options,
		method: 'DELETE',
		auth: true,
		query: { id }
	});
}

/** Sends a pending user's invitation again (the whole row: which fields suffice is open). */
export function resendInvitation(row: Record<string, unknown>, options: Options = {}) {
	return request(emptySchema, '/user/resend_user_email', {
		...options,
		method: 'POST',
		auth: true,
		body: row
	});
}

export function seatsLeft(options: Options = {}) {
	return request(seatsSchema, '/user/package_inquiry', { ...options, auth: true });
}

/** Starts MFA enrolment for the signed-in user: the agent answers the base-32 TOTP secret. */
export function generateMfaToken(options: Options = {}) {
	return request(z.string(), '/user/generate_mfa_token', {
		...options,
		method: 'POST',
		auth: true,
		keepCredentials: true
	});
}

/** Turns TOTP MFA on (with the first code from the app) or off (with a current code). */
export function setMfa(enabled: boolean, userCode: string, options: Options = {}) {
	return request(emptySchema, '/user/set_mfa', {
		...options,
		method: 'POST',
		auth: true,
		body: { enabled, userCode }
	});
}
