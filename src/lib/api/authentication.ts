import { request, type RequestOptions } from './client.ts';
import { emptySchema } from './schemas/agent.ts';
import { userProfileSchema } from './schemas/authentication.ts';

type Options = Pick<RequestOptions, 'signal' | 'agentUrl'>;

/** The signed-in user's profile. */
export function user(options: Options = {}) {
	return request(userProfileSchema, '/authentication/user', { ...options, auth: true });
}

/** The agent takes the token in the body here, not in the query. */
export function logout(jwtToken: string, options: Options = {}) {
	return request(emptySchema, '/authentication/logout', {
		...options,
		method: 'POST',
		body: { jwtToken }
	});
}
