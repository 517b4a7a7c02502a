import { request, type RequestOptions } from './client.ts';
import { emptySchema } from './schemas/agent.ts';
import {
	confirmResultSchema,
	jwtStringSchema,
	loginResultSchema,
	userProfileSchema
} from './schemas/authentication.ts';

type Options = Pick<RequestOptions, 'signal' | 'agentUrl'>;

const post = (body: unknown, options: Options): RequestOptions => ({
	...options,
	method: 'POST',
	body
});

/** A sign-in: its answer is the token (or the MFA session) the console needs, not masked. */
const signIn = (body: unknown, options: Options): RequestOptions => ({
	...post(body, options),
	keepCredentials: true
});

/** Username, password and desktop user type (16, 32 or 64). */
export function login(
	body: { username: string; password: string; type: number },
	options: Options = {}
) {
	return request(loginResultSchema, '/authentication/login', signIn(body, options));
}

export function mfaRespond(body: { userCode: string; session: string }, options: Options = {}) {
	return request(loginResultSchema, '/authentication/mfa_respond', signIn(body, options));
}

/** The agent takes the token in the body here, not in the query. */
export function logout(jwtToken: string, options: Options = {}) {
	return request(emptySchema, '/authentication/logout', post({ jwtToken }, options));
}

export function forgotPassword(body: { username: string }, options: Options = {}) {
	return request(emptySchema, '/authentication/forgot_password', post(body, options));
}

export function signup(
	body: { name: string; email: string; password: string },
	options: Options = {}
) {
	return request(emptySchema, '/authentication/signup', post(body, options));
}

/** True when the account is activated. */
export function confirmSignup(body: { email: string; token: string }, options: Options = {}) {
	return request(confirmResultSchema, '/authentication/confirm_signup', post(body, options));
}

export function resendConfirmationEmail(body: { email: string }, options: Options = {}) {
	return request(emptySchema, '/authentication/resend_confirmation_email', post(body, options));
}

/** `{slug}_login`: the agent answers the JWT as a bare JSON string. */
export function providerLogin(slug: string, idToken: string, options: Options = {}) {
	return request(
		jwtStringSchema,
		`/authentication/${encodeURIComponent(slug)}_login`,
		signIn({ idToken }, options)
	);
}

export function providerSignup(slug: string, idToken: string, options: Options = {}) {
	return request(
		jwtStringSchema,
		`/authentication/${encodeURIComponent(slug)}_signup`,
		signIn({ idToken }, options)
	);
}

export function user(options: Options = {}) {
	return request(userProfileSchema, '/authentication/user', { ...options, auth: true });
}

/** Account name, first and last name; the agent answers the stored profile. */
export function updateUser(
	body: { accountName: string; firstName: string; lastName: string },
	options: Options = {}
) {
	return request(userProfileSchema, '/authentication/update_user', {
		...options,
		method: 'PUT',
		body,
		auth: true
	});
}

/** Change password: the current one is checked by the agent. */
export function resetPassword(
	body: { password: string; currentPassword: string },
	options: Options = {}
) {
	return request(emptySchema, '/authentication/reset_password', {
		...post(body, options),
		auth: true
	});
}

/** Switches the account's billing period (1 Monthly, 2 Yearly); the owner's call. */
export function updateSubscription(subscriptionType: 1 | 2, options: Options = {}) {
	return request(emptySchema, '/authentication/update_subscription', {
		...options,
		method: 'PUT',
		auth: true,
		body: { subscriptionType }
	});
}
