import { TOTP, Secret } from 'otpauth';
import {
	AGENT_STATUS,
	AUTH_PROVIDER,
	CHALLENGE,
	DESKTOP_USER_TYPE_VALUES,
	LIMITS,
	SUBSCRIPTION_TYPE,
	USER_STATUS,
	USER_TYPE
} from '../../src/lib/contract.ts';
import { EMAIL_SHAPE, Fields, fail, ok, passwordProblems, unauthorized } from '../reply.ts';
import {
	route,
	requireUser,
	type AgentContext,
	type AgentRequest,
	type Handler,
	type Route
} from '../routing.ts';
import { makeUser, type SimUser } from '../model/users.ts';

/** The agent's /authentication controller: sign-in, MFA, sign-up, identity provider, profile. */

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

export async function signIn(user: SimUser, ctx: AgentContext): Promise<string> {
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
	const type = f.integer('type', 'User type', DESKTOP_USER_TYPE_VALUES);
	f.done();
	const user = ctx.state.findByUsername(username);
	if (!user || user.password !== password || (user.userType & type) === 0) throw unauthorized();
	checkActive(user);
	if (user.authProvider !== AUTH_PROVIDER.Default) {
		throw fail('AUTH', 'This account signs in with its identity provider, not with a password.');
	}
	if (user.totpSecret || user.sms) {
		const session = ctx.state.newMfaSession(user, ctx.options.mfaTtl);
		const challenge = session.kind === 'totp' ? CHALLENGE.Totp : CHALLENGE.Sms;
		return ok({ jwtToken: '', challenge, session: session.id });
	}
	return ok({ jwtToken: await signIn(user, ctx), challenge: CHALLENGE.None, session: null });
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
		throw fail(
			'TOTP',
			session.kind === 'totp'
				? 'The code is not correct. Use the newest code from your authenticator app.'
				: 'The code is not correct. Use the code from the newest text message.'
		);
	}
	ctx.state.mfaSessions.delete(sessionId);
	return ok({ jwtToken: await signIn(user, ctx), challenge: CHALLENGE.None, session: null });
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
	const name = f.string('name', 'Name', { max: LIMITS.name });
	const email = f.string('email', 'E-mail', { max: LIMITS.email });
	const password = f.string('password', 'Password', { max: 256 });
	checkEmail(f, email);
	for (const problem of password ? passwordProblems(password) : [])
		f.check('password', false, problem);
	f.done();
	if (ctx.state.findByUsername(email)) {
		throw fail('DUPLICATE', 'An account with this e-mail address already exists.');
	}
	const [firstName, ...rest] = name.trim().split(/\s+/);
	const user = makeUser({
		firstName: firstName ?? name,
		lastName: rest.join(' '),
		username: email,
		password,
		userType: USER_TYPE.AccountAdmin | USER_TYPE.DesktopAdmin,
		status: USER_STATUS.Pending,
		createDate: ctx.state.clock.date().toISOString()
	});
	ctx.state.users.set(user.id, user);
	ctx.state.usersChanged();
	ctx.state.sendActivation(email, ctx.options.codeTtl);
	return ok();
};

const confirmSignup: Handler = (req, ctx) => {
	const f = new Fields(req.body);
	const email = f.string('email', 'E-mail', { max: LIMITS.email });
	const token = f.string('token', 'Code', { max: LIMITS.activationCode });
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
	const email = f.string('email', 'E-mail', { max: LIMITS.email });
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
	const user = makeUser({
		firstName: claims.givenName,
		lastName: claims.familyName,
		username: claims.email,
		userType: USER_TYPE.AccountAdmin | USER_TYPE.DesktopAdmin,
		authProvider: AUTH_PROVIDER.Google,
		createDate: ctx.state.clock.date().toISOString()
	});
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
	const accountName = f.string('accountName', 'Account name', { max: LIMITS.accountName });
	const firstName = f.string('firstName', 'First name', { max: LIMITS.name });
	const lastName = f.string('lastName', 'Last name', { max: LIMITS.name });
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

/** The account's billing period: 1 Monthly, 2 Yearly. Owners only (a choice: the contract is open). */
const updateSubscription: Handler = async (req, ctx) => {
	const user = await requireUser(req, ctx);
	const f = new Fields(req.body);
	const subscriptionType = f.integer(
		'subscriptionType',
		'Subscription type',
		Object.values(SUBSCRIPTION_TYPE)
	);
	f.done();
	if (!user.owner) throw fail('ACCESS', 'Only the account owner can change the plan.');
	ctx.state.account.subscriptionType = subscriptionType;
	return ok();
};

export function authenticationRoutes(providerSlug: string): Route[] {
	const slug = providerSlug.replace(/[^a-z0-9-]/g, '');
	return [
		route('POST', '/authentication/login', login),
		route('POST', '/authentication/logout', logout),
		route('POST', '/authentication/mfa_respond', mfaRespond),
		route('POST', '/authentication/forgot_password', forgotPassword),
		route('POST', '/authentication/signup', signup),
		route('POST', '/authentication/confirm_signup', confirmSignup),
		route('POST', '/authentication/resend_confirmation_email', resendConfirmation),
		route('POST', `/authentication/${slug}_signup`, providerSignup),
		route('POST', `/authentication/${slug}_login`, providerLogin),
		route('GET', '/authentication/user', getUser),
		route('PUT', '/authentication/update_user', updateUser),
		route('POST', '/authentication/reset_password', changePassword),
		route('PUT', '/authentication/update_subscription', updateSubscription)
	];
}
