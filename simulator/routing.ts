import type { SimulatorOptions } from './options.ts';
import type { OidcProvider } from './oidc.ts';
import { unauthorized, type Reply } from './reply.ts';
import { USER_STATUS } from '../src/lib/contract.ts';
import type { SimUser } from './model/users.ts';
import type { Activity } from './activity.ts';
import type { SimState } from './model/state.ts';
import type { TokenIssuer } from './tokens.ts';
import type { TransferBoard } from './transfers.ts';

/**
 * What the agent's endpoints can reach. `exit` plays the agent stopping, and coming back after
 * `restartSeconds` (`then` runs as it returns); `activity` starts or stops its background work;
 * `work` moves the drives' files (sync passes); `notify` sends a frame on /notification;
 * `transfers` holds the current transfers.
 */
export type AgentContext = {
	state: SimState;
	tokens: TokenIssuer;
	options: SimulatorOptions;
	oidc: OidcProvider;
	exit: (then?: () => void) => void;
	activity: (running: boolean) => void;
	work: Activity;
	notify: (type: number, data: unknown) => void;
	transfers: TransferBoard;
};

export type AgentRequest = {
	method: string;
	/** Lower-cased: the agent's routes are case-insensitive. */
	path: string;
	params: string[];
	query: URLSearchParams;
	body: unknown;
	/** The caller's page origin (browsers send it), to build links back to the console. */
	origin?: string | null;
};

export type Handler = (req: AgentRequest, ctx: AgentContext) => Reply | Promise<Reply>;
export type Route = { method: string; pattern: RegExp; handler: Handler; needsBody: boolean };

/** A route of the agent: a method, a path (a regular expression, lower case) and its handler. */
export function route(
	method: string,
	path: string,
	handler: Handler,
	needsBody = method !== 'GET'
): Route {
	return { method, pattern: new RegExp(`^${path}$`), handler, needsBody };
}

/** The signed-in user of a `?token=` call; 401 without a body otherwise, as the agent answers. */
export async function requireUser(req: AgentRequest, ctx: AgentContext): Promise<SimUser> {
	const claims = await ctx.tokens.verify(req.query.get('token'));
	const user = claims ? ctx.state.users.get(claims.sub) : undefined;
	if (!user || user.deleted || user.status !== USER_STATUS.Active) throw unauthorized();
	return user;
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
