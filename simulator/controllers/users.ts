import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
	DESKTOP_USER_TYPE_VALUES,
	EMAIL_SHAPE,
	LIMITS,
	USER_STATUS,
	USER_TYPE,
	allFlags,
	isAdministrator
} from '../../src/lib/contract.ts';
import type { SimState } from '../model/state.ts';
import { makeUser, type SimUser } from '../model/users.ts';
import { Fields, fail, intParam, invalid, listPage, listParams, ok, sortList } from '../reply.ts';
import {
	requireUser,
	route,
	type AgentContext,
	type AgentRequest,
	type Handler,
	type Route
} from '../routing.ts';

/**
 * The agent's /user controller (token): the account's users, paged, sorted and filtered, and their
 * administration. Choices where the contract is open: administrators are users with an admin flag
 * (provider, reseller, account or desktop admin), others get 499 ACCESS; no seat left is 499 LIMIT;
 * the invitation carries an activation code and a temporary password; the resend cooldown is the
 * sign-up one.
 */

/** A row of the users list, as insert_user and edit_user answer it too. */
function listUser(user: SimUser, accountId: string) {
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
		'CreateDate'
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
		sortList(list, sortKey, descending, (a, b) => (a.id < b.id ? -1 : 1));
		entry = { version: ctx.state.usersVersion, list };
		cache.set(key, entry);
		if (cache.size > 16) cache.delete(cache.keys().next().value as string);
	}
	return listPage(entry.list, { page, pageSize }, (u) => listUser(u, ctx.state.account.id));
};

const SEAT_OF: Record<number, 'adminUsers' | 'creativeUsers' | 'standardUsers'> = {
	[USER_TYPE.DesktopAdmin]: 'adminUsers',
	[USER_TYPE.DesktopCreativeUser]: 'creativeUsers',
	[USER_TYPE.DesktopStandardUser]: 'standardUsers'
};

async function requireAdmin(req: AgentRequest, ctx: AgentContext): Promise<SimUser> {
	const user = await requireUser(req, ctx);
	if (!isAdministrator(user.userType)) {
		throw fail('ACCESS', 'Only an administrator of the account can manage its users.');
	}
	return user;
}

/** The one desktop type in a user type, or 0. */
const desktopType = (userType: number) =>
	DESKTOP_USER_TYPE_VALUES.find((t) => (userType & t) !== 0) ?? 0;

function checkNames(f: Fields, partial = false) {
	const names = {
		firstName: f.string('firstname', 'First name', { max: LIMITS.name, optional: partial }),
		lastName: f.string('lastname', 'Last name', { max: LIMITS.name, optional: partial })
	};
	return names;
}

function readUserType(f: Fields): number {
	const userType = f.integer('userType', 'User type');
	if (Number.isInteger(userType) && desktopType(userType) === 0) {
		f.check(
			'userType',
			false,
			'User type must include Desktop admin (16), creative (32) or standard (64).'
		);
	}
	return userType;
}

function sendInvitation(ctx: AgentContext, user: SimUser, origin: string | null) {
	ctx.state.sendActivation(user.email, ctx.options.codeTtl, {
		subject: 'You are invited to the agent',
		text: (code) =>
			[
				`You were invited to use the agent as ${user.username}.`,
				`Activation code: ${code}. Temporary password: ${user.password}`,
				origin
					? `Activate: ${origin}/signup/confirm?email=${encodeURIComponent(user.email)}`
					: 'Activate on the console\'s "I already have a code" page.'
			].join('\n')
	});
}

const insertUser: Handler = async (req, ctx) => {
	await requireAdmin(req, ctx);
	const f = new Fields(req.body);
	const { firstName, lastName } = checkNames(f);
	const username = f.string('username', 'Username', { max: LIMITS.name });
	const email = f.string('email', 'E-mail', { max: LIMITS.email });
	const userType = readUserType(f);
	if (email) f.check('email', EMAIL_SHAPE.test(email), 'E-mail must look like name@example.com.');
	f.done();
	if (ctx.state.findByUsername(username) || ctx.state.findByUsername(email)) {
		throw fail('DUPLICATE', 'A user with this username or e-mail address already exists.');
	}
	const seat = SEAT_OF[desktopType(userType)]!;
	if (ctx.state.seatsLeft()[seat] <= 0) {
		throw fail('LIMIT', 'The plan has no seat left for this user type.');
	}
	const user = makeUser({
		firstName: firstName.trim(),
		lastName: lastName.trim(),
		username: username.trim(),
		email: email.trim(),
		userType: USER_TYPE.AccountUser | desktopType(userType),
		status: USER_STATUS.Pending,
		password: `Temp-${randomBytes(4).toString('hex')}1!`,
		createDate: ctx.state.clock.date().toISOString()
	});
	ctx.state.users.set(user.id, user);
	ctx.state.usersChanged();
	sendInvitation(ctx, user, originOf(req));
	return ok(listUser(user, ctx.state.account.id));
};

function originOf(req: AgentRequest): string | null {
	return req.origin ?? null;
}

function target(ctx: AgentContext, id: unknown): SimUser {
	const user = typeof id === 'string' ? ctx.state.users.get(id) : undefined;
	if (!user || user.deleted) throw fail('NOT_FOUND', 'There is no such user.', 404);
	return user;
}

/**
 * The status edit_user stores (a choice where the contract is open): Active and Inactive swap;
 * a pending user stays pending (only the invitation activates) and nobody becomes pending, so
 * those asks keep the old status, and the answer shows it.
 */
function statusAfterEdit(user: SimUser, asked: number | null): number {
	if (asked === null || user.status === USER_STATUS.Pending) return user.status;
	return asked === USER_STATUS.Active || asked === USER_STATUS.Inactive ? asked : user.status;
}

const editUser: Handler = async (req, ctx) => {
	const admin = await requireAdmin(req, ctx);
	const f = new Fields(req.body);
	const id = f.string('id', 'Id');
	const { firstName, lastName } = checkNames(f);
	const userType = readUserType(f);
	const askedStatus =
		req.body && typeof req.body === 'object' && 'status' in req.body
			? f.integer('status', 'Status', Object.values(USER_STATUS))
			: null;
	f.done();
	const user = target(ctx, id);
	const status = statusAfterEdit(user, askedStatus);
	if (status === USER_STATUS.Inactive && user.status !== USER_STATUS.Inactive) {
		if (user.id === admin.id) throw fail('ACCESS', 'You cannot deactivate yourself.');
		if (user.owner) throw fail('ACCESS', 'The account owner cannot be deactivated.');
	}
	if (user.owner && desktopType(userType) !== USER_TYPE.DesktopAdmin) {
		throw invalid({ userType: ['The account owner stays a Desktop admin.'] });
	}
	const type = desktopType(userType);
	if (type !== desktopType(user.userType)) {
		const seat = SEAT_OF[type]!;
		if (ctx.state.seatsLeft()[seat] <= 0)
			throw fail('LIMIT', 'The plan has no seat left for this user type.');
	}
	// What the agent stores: names trimmed and spaces collapsed; the account level flags kept.
	user.firstName = firstName.trim().replace(/\s+/g, ' ');
	user.lastName = lastName.trim().replace(/\s+/g, ' ');
	user.userType =
		(user.userType &
			~(USER_TYPE.DesktopAdmin | USER_TYPE.DesktopCreativeUser | USER_TYPE.DesktopStandardUser)) |
		type;
	user.status = status;
	ctx.state.usersChanged();
	return ok(listUser(user, ctx.state.account.id));
};

const deleteUser: Handler = async (req, ctx) => {
	const admin = await requireAdmin(req, ctx);
	const user = target(ctx, req.query.get('id'));
	if (user.id === admin.id) throw fail('ACCESS', 'You cannot delete yourself.');
	if (user.owner) throw fail('ACCESS', 'The account owner cannot be deleted.');
	user.deleted = true;
	ctx.state.activations.delete(user.email.toLowerCase());
	ctx.state.usersChanged();
	return ok();
};

const resendUserEmail: Handler = async (req, ctx) => {
	await requireAdmin(req, ctx);
	const f = new Fields(req.body);
	const id = f.string('id', 'Id');
	f.done();
	const user = target(ctx, id);
	if (user.status !== USER_STATUS.Pending) {
		throw fail('STATUS', 'Only a pending user has an invitation to send again.');
	}
	const last = ctx.state.activations.get(user.email.toLowerCase());
	const wait = last
		? Math.ceil((last.sentAt + ctx.options.resendCooldown * 1000 - ctx.state.clock.now()) / 1000)
		: 0;
	if (wait > 0) throw fail('SECURITY', `Wait ${wait} seconds before sending the invitation again.`);
	sendInvitation(ctx, user, originOf(req));
	return ok();
};

const packageInquiry: Handler = async (req, ctx) => {
	await requireUser(req, ctx);
	return ok(ctx.state.seatsLeft());
};

const generateMfaToken: Handler = async (req, ctx) => {
	const user = await requireUser(req, ctx);
	// One secret per enrolment: asking again before it ends gives the same one.
	let secret = ctx.state.mfaEnrolments.get(user.id);
	if (!secret) {
		secret = new Secret({ size: 20 }).base32;
		ctx.state.mfaEnrolments.set(user.id, secret);
	}
	return ok(secret);
};

const setMfa: Handler = async (req, ctx) => {
	const user = await requireUser(req, ctx);
	const body = req.body as Record<string, unknown> | null;
	const f = new Fields(body);
	const userCode = f.string('userCode', 'Code', { max: 6 });
	const enabled = body?.enabled;
	f.check('enabled', typeof enabled === 'boolean', 'enabled must be true or false.');
	f.done();
	const secret = enabled ? ctx.state.mfaEnrolments.get(user.id) : user.totpSecret;
	if (!secret) {
		throw fail(
			'MFA',
			enabled ? 'Start the enrolment first (generate_mfa_token).' : 'MFA is not on for this user.'
		);
	}
	const valid =
		new TOTP({ secret: Secret.fromBase32(secret) }).validate({
			token: userCode,
			timestamp: ctx.state.clock.now(),
			window: 1
		}) !== null;
	if (!valid)
		throw fail('TOTP', 'The code is not correct. Use the newest code from your authenticator app.');
	user.totpSecret = enabled ? secret : null;
	ctx.state.mfaEnrolments.delete(user.id);
	ctx.state.usersChanged();
	return ok();
};

export function userRoutes(): Route[] {
	return [
		route('GET', '/user/get_all_users', getAllUsers),
		route('POST', '/user/insert_user', insertUser),
		route('PUT', '/user/edit_user', editUser),
		route('DELETE', '/user/delete_user', deleteUser, false),
		route('POST', '/user/resend_user_email', resendUserEmail),
		route('GET', '/user/package_inquiry', packageInquiry),
		route('POST', '/user/generate_mfa_token', generateMfaToken, false),
		route('POST', '/user/set_mfa', setMfa)
	];
}
