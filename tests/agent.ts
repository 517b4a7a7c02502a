import type { Simulator } from '../simulator/index.ts';

/**
 * The development agent as the tests drive it: the console's storage keys, the control surface,
 * a token as a sign-in gets one. Shared by the Playwright suite (`tests/e2e`) and the other
 * engines' journeys (`tests/engines`), so it imports neither runner.
 */

export const AGENT_URL_KEY = 'agent-console:agent-url';
export const tokenKey = (agentUrl: string) => `agent-console:token:${agentUrl}`;

/** Calls the simulator's control surface. */
export async function control(
	sim: Simulator,
	path: string,
	body?: unknown,
	method = body === undefined ? 'GET' : 'POST'
) {
	const res = await fetch(`${sim.url}/__sim/${path}`, {
		method,
		headers: { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body)
	});
	return res.json() as Promise<unknown>;
}

/** Sends a frame (as JSON) on one of the development agent's channels, `count` times. */
export const push = (
	sim: Simulator,
	channel: 'notification' | 'statechange',
	frame: unknown,
	count = 1
) => control(sim, 'push', { channel, frame, count });

/** Signs in through the agent's API, as the console's sign-in does, and answers the token. */
export async function agentToken(
	sim: Pick<Simulator, 'url'>,
	username = 'admin@example.com',
	type = 16
) {
	const res = await fetch(`${sim.url}/authentication/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ username, password: 'Passw0rd!', type })
	});
	return ((await res.json()) as { jwtToken: string }).jwtToken;
}

/** A loopback port with nothing listening on it. */
export async function closedPort(): Promise<number> {
	const { createServer } = await import('node:net');
	return new Promise((resolve) => {
		const server = createServer();
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 1;
			server.close(() => resolve(port));
		});
	});
}
