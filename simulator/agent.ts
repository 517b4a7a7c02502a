import { TOTP, Secret } from 'otpauth';
import type { SimulatorOptions } from './options.ts';
import type { OidcProvider } from './oidc.ts';
import {
	AgentFailure,
	EMAIL_SHAPE,
	Fields,
	fail,
	invalid,
	ok,
	passwordProblems,
	unauthorized,
	type Reply
} from './reply.ts';
import { AUTH_PROVIDER, USER_STATUS, USER_TYPE, newUserId, type SimUser } from './seed.ts';
import { AGENT_STATUS } from '../src/lib/api/labels.ts';
import type { SimState } from './state.ts';
import type { TokenIssuer } from './tokens.ts';

/** What the agent's endpoints can reach; `exit` plays the agent restarting. */
export type AgentContext = {
	state: SimState;
	tokens: TokenIssuer;
	options: SimulatorOptions;
	oidc: OidcProvider;
	exit: () => void;
};

export type AgentRequest = {
	method: string;
	/** Lower-cased: the agent's routes are case-insensitive. */
	path: string;
	params: string[];
	query: URLSearchParams;
	body: unknown;
};

type Handler = (req: AgentRequest, ctx: AgentContext) => Reply | Promise<Reply>;
type Route = { method: string; pattern: RegExp; handler: Handler; needsBody: boolean };

const DESKTOP_TYPES = [
	USER_TYPE.DesktopAdmin,
	USER_TYPE.DesktopCreativeUser,
	USER_TYPE.DesktopStandardUser
] as const;

export const COMMAND = { Start: 0, Dispose: 1, Pause: 2, Resume: 4, Exit: 8 } as const;

/** The largest page the simulator serves; larger requests are clamped and say so in `options`. */
export const MAX_PAGE_SIZE = 500;

async function requireUser(req: AgentRequest, ctx: AgentContext): Promise<SimUser> {
	const claims = await ctx.tokens.verify(req.query.get('token'));
	const user = claims ? ctx.state.users.get(claims.sub) : undefined;
	if (!user || user.deleted || user.status !== USER_STATUS.Active) throw unauthorized();
	return user;
}

function profile(user: SimUser, ctx: AgentContext, jwtToken: string) {
	return {
		accountName: ctx.state.account.name,
		accountId: ctx.state.account.id,
		userId: user.id,
		firstName: user.firstName,
		lastName: user.lastName,
		username: user.username,
		userType: user.userType,
		jwtToken,
		owner: user.owner,
		migration: user.migration,
		subscriptionType: ctx.state.account.subscriptionType,
		mfa: user.totpSecret !== null || user.sms,
		authProvider: user.authProvider
	};
}

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

async function signIn(user: SimUser, ctx: AgentContext): Promise<string> {
	if (ctx.state.status === AGENT_STATUS.Created || ctx.state.status === AGENT_STATUS.Disposed) {
		ctx.state.status = AGENT_STATUS.Started;
	}
	return ctx.tokens.issue(user, ctx.state.account.id);
}

function checkActive(user: SimUser) {
	if (user.status === USER_STATUS.Pending) {
		throw fail(
			'PENDING',
			'This account is not activated yet. Enter the code from the activation e-mail.'
		);
	}
	if (user.status === USER_STATUS.Inactive) {
		throw fail(
			'INACTIVE_USER',
			'This account has been deactivated. Ask an administrator to reactivate it.'
		);
	}
}

const login: Handler = async (req, ctx) => {
	const f = new Fields(req.body);
	const username = f.string('username', 'Username', { max: 256 });
	const password = f.string('password', 'Password', { max: 256 });
	const type = f.integer('type', 'User type', DESKTOP_TYPES);
	f.done();
	const user = ctx.state.findByUsername(username);
	if (!user || user.password !== password || (user.userType & type) === 0) throw unauthorized();
	checkActive(user);
	if (user.authProvider !== AUTH_PROVIDER.Default) {
		throw fail('AUTH', 'This account signs in with its identity provider, not with a password.');
	}
	if (user.totpSecret || user.sms) {
		const session = ctx.state.newMfaSession(user, ctx.options.mfaTtl);
		return ok({ jwtToken: '', challenge: session.kind === 'totp' ? 1 : 2, session: session.id });
	}
	return ok({ jwtToken: await signIn(user, ctx), challenge: 0, session: null });
};

const MAX_MFA_FAILURES = 5;

const mfaRespond: Handler = async (req, ctx) => {
	const f = new Fields(req.body);
	const userCode = f.string('userCode', 'Code', { max: 16 });
	const sessionId = f.string('session', 'Session', { max: 512 });
	f.done();
	const session = ctx.state.mfaSessions.get(sessionId);
	const user = session ? ctx.state.users.get(session.userId) : undefined;
	if (!session || !user || session.expiresAt < ctx.state.clock.now()) {
		if (session) ctx.state.mfaSessions.delete(sessionId);
		throw fail('SESSION', 'The sign-in session has expired. Sign in again.');
	}
	const good =
		session.kind === 'totp'
			? new TOTP({ secret: Secret.fromBase32(user.totpSecret ?? '') }).validate({
					token: userCode.trim(),
					window: 1
				}) !== null
			: userCode.trim() === session.smsCode;
	if (!good) {
		session.failures += 1;
		if (session.failures >= MAX_MFA_FAILURES) {
			ctx.state.mfaSessions.delete(sessionId);
			throw fail('SESSION_MAXOUT', 'Too many wrong codes. Sign in again.');
		}
		throw fail('TOTP', 'The code is not correct. Use the newest code from your authenticator app.');
	}
	ctx.state.mfaSessions.delete(sessionId);
	return ok({ jwtToken: await signIn(user, ctx), challenge: 0, session: null });
};

const logout: Handler = async (req, ctx) => {
	const f = new Fields(req.body);
	const jwtToken = f.string('jwtToken', 'Token', { max: 4096 });
	f.done();
	const claims = await ctx.tokens.verify(jwtToken);
	if (claims) {
		ctx.tokens.revoke(claims);
		if (ctx.state.status === AGENT_STATUS.Started) ctx.state.status = AGENT_STATUS.Created;
	}
	return ok();
};

const forgotPassword: Handler = (req, ctx) => {
	const f = new Fields(req.body);
	const username = f.string('username', 'Username', { max: 256 });
	f.done();
	const user = ctx.state.findByUsername(username);
	if (user) {
		ctx.state.mail({
			to: user.email,
			kind: 'password-reset',
			subject: 'Reset your password',
			code: null,
			text: 'Someone asked to reset the password of this account. Follow the link to choose a new one.'
		});
	}
	// Same answer whether or not the account exists.
	return ok();
};

function checkEmail(f: Fields, email: string) {
	if (email) f.check('email', EMAIL_SHAPE.test(email), 'Enter a valid e-mail address.');
}

const signup: Handler = (req, ctx) => {
	const f = new Fields(req.body);
	const name = f.string('name', 'Name', { max: 50 });
	const email = f.string('email', 'E-mail', { max: 50 });
	const password = f.string('password', 'Password', { max: 256 });
	checkEmail(f, email);
	for (const problem of password ? passwordProblems(password) : [])
		f.check('password', false, problem);
	f.done();
	if (ctx.state.findByUsername(email)) {
		throw fail('DUPLICATE', 'An account with this e-mail address already exists.');
	}
	const [firstName, ...rest] = name.trim().split(/\s+/);
	const user: SimUser = {
		id: newUserId(),
		firstName: firstName ?? name,
		lastName: rest.join(' '),
		username: email,
		email,
		password,
		userType: USER_TYPE.AccountAdmin | USER_TYPE.DesktopAdmin,
		status: USER_STATUS.Pending,
		owner: false,
		totpSecret: null,
		sms: false,
		migration: false,
		authProvider: AUTH_PROVIDER.Default,
		createDate: ctx.state.clock.date().toISOString(),
		department: '',
		deleted: false
	};
	ctx.state.users.set(user.id, user);
	ctx.state.usersChanged();
	ctx.state.sendActivation(email, ctx.options.codeTtl);
	return ok();
};

const confirmSignup: Handler = (req, ctx) => {
	const f = new Fields(req.body);
	const email = f.string('email', 'E-mail', { max: 50 });
	const token = f.string('token', 'Code', { max: 4 });
	f.done();
	const user = ctx.state.findByUsername(email);
	const activation = ctx.state.activations.get(email.toLowerCase());
	if (!user || user.status !== USER_STATUS.Pending || !activation) return ok(false);
	if (activation.expiresAt < ctx.state.clock.now()) {
		throw fail('TOKEN', 'This activation code has expired. Ask for a new one.');
	}
	// Codes are upper case; the agent compares them exactly, so clients must normalise.
	if (activation.code !== token) return ok(false);
	user.status = USER_STATUS.Active;
	ctx.state.usersChanged();
	ctx.state.activations.delete(email.toLowerCase());
	return ok(true);
};

const resendConfirmation: Handler = (req, ctx) => {
	const f = new Fields(req.body);
	const email = f.string('email', 'E-mail', { max: 50 });
	f.done();
	const user = ctx.state.findByUsername(email);
	if (!user || user.status !== USER_STATUS.Pending) return ok();
	const last = ctx.state.activations.get(email.toLowerCase());
	const wait = last
		? Math.ceil((last.sentAt + ctx.options.resendCooldown * 1000 - ctx.state.clock.now()) / 1000)
		: 0;
	if (wait > 0) throw fail('SECURITY', `Wait ${wait} seconds before asking for another code.`);
	ctx.state.sendActivation(user.email, ctx.options.codeTtl);
	return ok();
};

async function identity(req: AgentRequest, ctx: AgentContext) {
	const f = new Fields(req.body);
	const idToken = f.string('idToken', 'ID token', { max: 8192 });
	f.done();
	const claims = await ctx.oidc.verifyIdToken(idToken);
	if (!claims) throw fail('TOKEN', 'The identity token is not valid or has expired.');
	return claims;
}

const providerSignup: Handler = async (req, ctx) => {
	const claims = await identity(req, ctx);
	if (ctx.state.findByUsername(claims.email)) {
		throw fail('DUPLICATE', 'An account with this e-mail address already exists.');
	}
	const user: SimUser = {
		id: newUserId(),
		firstName: claims.givenName,
		lastName: claims.familyName,
		username: claims.email,
		email: claims.email,
		password: '',
		userType: USER_TYPE.AccountAdmin | USER_TYPE.DesktopAdmin,
		status: USER_STATUS.Active,
		owner: false,
		totpSecret: null,
		sms: false,
		migration: false,
		authProvider: AUTH_PROVIDER.Google,
		createDate: ctx.state.clock.date().toISOString(),
		department: '',
		deleted: false
	};
	ctx.state.users.set(user.id, user);
	ctx.state.usersChanged();
	return ok(await signIn(user, ctx));
};

const providerLogin: Handler = async (req, ctx) => {
	const claims = await identity(req, ctx);
	const user = ctx.state.findByUsername(claims.email);
	if (!user || user.authProvider !== AUTH_PROVIDER.Google) {
		throw fail('NOT_FOUND', 'No account is linked to this identity. Sign up first.');
	}
	checkActive(user);
	return ok(await signIn(user, ctx));
};

const getUser: Handler = async (req, ctx) => {
	const user = await requireUser(req, ctx);
	return ok(profile(user, ctx, req.query.get('token') ?? ''));
};

const updateUser: Handler = async (req, ctx) => {
	const user = await requireUser(req, ctx);
	const f = new Fields(req.body);
	const accountName = f.string('accountName', 'Account name', { max: 100 });
	const firstName = f.string('firstName', 'First name', { max: 50 });
	const lastName = f.string('lastName', 'Last name', { max: 50 });
	f.done();
	const isAdmin = user.owner || (user.userType & USER_TYPE.AccountAdmin) !== 0;
	if (accountName !== ctx.state.account.name && !isAdmin) {
		throw fail('ACCESS', 'Only an account administrator can rename the account.');
	}
	ctx.state.account.name = accountName.trim();
	user.firstName = firstName.trim();
	user.lastName = lastName.trim();
	ctx.state.usersChanged();
	return ok(profile(user, ctx, req.query.get('token') ?? ''));
};

const changePassword: Handler = async (req, ctx) => {
	const user = await requireUser(req, ctx);
	const f = new Fields(req.body);
	const password = f.string('password', 'New password', { max: 256 });
	const currentPassword = f.string('currentPassword', 'Current password', { max: 256 });
	for (const problem of password ? passwordProblems(password) : [])
		f.check('password', false, problem);
	f.check(
		'password',
		!password || password !== currentPassword,
		'The new password must differ from the current one.'
	);
	f.done();
	if (currentPassword !== user.password) throw fail('AUTH', 'The current password is not correct.');
	user.password = password;
	return ok();
};

const SORT_FIELDS: Record<string, (u: SimUser) => string | number> = {
	createdate: (u) => u.createDate,
	username: (u) => u.username.toLowerCase(),
	email: (u) => u.email.toLowerCase(),
	firstname: (u) => u.firstName.toLowerCase(),
	lastname: (u) => u.lastName.toLowerCase(),
	usertype: (u) => u.userType,
	status: (u) => u.status
};

function intParam(
	query: URLSearchParams,
	name: string,
	fallback: number,
	min: number,
	max: number
): number {
	const raw = query.get(name);
	if (raw === null || raw === '') return fallback;
	const n = Number(raw);
	if (!Number.isInteger(n) || n < min || n > max) {
		throw invalid({ [name]: [`${name} must be a whole number from ${min} to ${max}.`] });
	}
	return n;
}

// Sorting 100,000 users per page click would dominate the response time; keep recent orderings.
const listCache = new WeakMap<SimState, Map<string, { version: number; list: SimUser[] }>>();

const getAllUsers: Handler = async (req, ctx) => {
	await requireUser(req, ctx);
	const q = req.query;
	const page = intParam(q, 'page', 1, 1, 1_000_000);
	const requestedSize = intParam(q, 'pagesize', 50, 1, 1_000_000);
	const pageSize = Math.min(requestedSize, MAX_PAGE_SIZE);
	const sortField = (q.get('sortfield') || 'CreateDate').toLowerCase();
	// Own keys only: `__proto__` or `constructor` is an unknown field like any other.
	const sortKey = Object.hasOwn(SORT_FIELDS, sortField) ? SORT_FIELDS[sortField] : undefined;
	if (!sortKey) {
		throw invalid({
			sortfield: [`sortfield must be one of ${Object.keys(SORT_FIELDS).join(', ')}.`]
		});
	}
	const descendingRaw = (q.get('descending') ?? 'true').toLowerCase();
	if (descendingRaw !== 'true' && descendingRaw !== 'false') {
		throw invalid({ descending: ['descending must be true or false.'] });
	}
	const descending = descendingRaw === 'true';
	const userStatus = intParam(q, 'userStatus', 7, 1, 7);
	const userType = intParam(q, 'userType', 0, 0, 127);
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

const agentStatus: Handler = (_req, ctx) => ok(ctx.state.status);

const checkUpdate: Handler = (_req, ctx) => ok({ ...ctx.state.update });

const command: Handler = async (req, ctx) => {
	const cmd = Number(req.params[0]);
	switch (cmd) {
		case COMMAND.Start: {
			await requireUser(req, ctx);
			ctx.state.status = AGENT_STATUS.Started;
			return ok();
		}
		case COMMAND.Dispose:
			ctx.state.status = AGENT_STATUS.Disposed;
			ctx.tokens.revokeAll();
			return ok();
		case COMMAND.Pause:
			ctx.state.status = AGENT_STATUS.Paused;
			return ok();
		case COMMAND.Resume:
			ctx.state.status = AGENT_STATUS.Started;
			return ok();
		case COMMAND.Exit:
			ctx.exit();
			return ok();
		default:
			throw new AgentFailure(400, 'VALIDATION', {
				cmd: [`Unknown command ${req.params[0]}. Use 0, 1, 2, 4 or 8.`]
			});
	}
};

export function agentRoutes(providerSlug: string): Route[] {
	const slug = providerSlug.replace(/[^a-z0-9-]/g, '');
	const r = (
		method: string,
		path: string,
		handler: Handler,
		needsBody = method !== 'GET'
	): Route => ({
		method,
		pattern: new RegExp(`^${path}$`),
		handler,
		needsBody
	});
	return [
		r('POST', '/authentication/login', login),
		r('POST', '/authentication/logout', logout),
		r('POST', '/authentication/mfa_respond', mfaRespond),
		r('POST', '/authentication/forgot_password', forgotPassword),
		r('POST', '/authentication/signup', signup),
		r('POST', '/authentication/confirm_signup', confirmSignup),
		r('POST', '/authentication/resend_confirmation_email', resendConfirmation),
		r('POST', `/authentication/${slug}_signup`, providerSignup),
		r('POST', `/authentication/${slug}_login`, providerLogin),
		r('GET', '/authentication/user', getUser),
		r('PUT', '/authentication/update_user', updateUser),
		r('POST', '/authentication/reset_password', changePassword),
		r('GET', '/user/get_all_users', getAllUsers),
		r('GET', '/management/agent_status', agentStatus),
		r('GET', '/management/check_update', checkUpdate),
		r('POST', '/management/command/(-?\\d+)', command, false)
	];
}

export type RouteMatch = { handler: Handler; params: string[]; needsBody: boolean };

/** The route for a request, 'method' when the path exists with other methods, or null. */
export function matchRoute(
	routes: Route[],
	method: string,
	path: string
): RouteMatch | { allow: string[] } | null {
	const allow: string[] = [];
	for (const route of routes) {
		const m = route.pattern.exec(path);
		if (!m) continue;
		if (route.method === method)
			return { handler: route.handler, params: m.slice(1), needsBody: route.needsBody };
		allow.push(route.method);
	}
	return allow.length ? { allow } : null;
}
