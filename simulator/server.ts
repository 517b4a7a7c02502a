import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { APP_ORIGIN_HEADER, CHANNELS, NOTIFICATION_TYPE } from '../src/lib/contract.ts';
import type { ChannelName } from '../src/lib/contract.ts';
import { maskCredentials } from '../src/lib/mask.ts';
import { createAgent, type Agent, type AgentParts } from './agent.ts';
import { controlRequest } from './control.ts';
import { faultedReply, takeFault } from './faults.ts';
import { hostCheck, MISDIRECTED } from './host-check.ts';
import {
	BODY_METHODS,
	BodyTooLarge,
	cors,
	endSocket,
	finish,
	headerText,
	isOriginAllowed,
	readBody,
	requestUrl,
	routePath,
	send
} from './http.ts';
import { DEFAULT_OPTIONS, type SimulatorOptions } from './options.ts';
import { UNPLANTED_PATHS } from './plant.ts';
import { AgentFailure, invalid, type Reply } from './reply.ts';
import { matchRoute, type RouteMatch } from './routing.ts';

/** The development agent listening on a port, as `npm run sim` and the tests start it. */
export type Simulator = AgentParts & {
	/** http://host:port, no trailing slash. */
	url: string;
	port: number;
	/** Stops the agent: both sockets, every connection and the listener (even while it is away after Exit). */
	close: () => Promise<void>;
};

export class PortInUseError extends Error {}

/** The agent and what the server adds: which Host headers it answers (against DNS rebinding). */
type Served = { agent: Agent; allowedHost: (host: string | undefined) => boolean };

const isChannel = (name: string): name is ChannelName =>
	(CHANNELS as readonly string[]).includes(name);

export async function startSimulator(
	overrides: Partial<SimulatorOptions> = {}
): Promise<Simulator> {
	const options: SimulatorOptions = {
		...DEFAULT_OPTIONS,
		...overrides,
		allowOrigins: [...(overrides.allowOrigins ?? DEFAULT_OPTIONS.allowOrigins)],
		allowHosts: [...(overrides.allowHosts ?? DEFAULT_OPTIONS.allowHosts)]
	};
	const connections = new Set<Socket>();
	const dropConnections = () => {
		for (const socket of connections) socket.destroy();
	};
	const agent = createAgent(options, dropConnections);
	// Against DNS rebinding: a page on another name that resolves here is refused (421).
	const served: Served = { agent, allowedHost: hostCheck(options) };

	// Slow headers or bodies are cut off (408) instead of holding a connection forever; the agent's
	// own answers may still take as long as a fault's delay says.
	const server = createServer(
		{
			headersTimeout: options.requestTimeoutMs,
			requestTimeout: options.requestTimeoutMs,
			connectionsCheckingInterval: Math.min(1000, options.requestTimeoutMs)
		},
		(req, res) => void answer(served, req, res)
	);
	server.on('connection', (socket) => {
		// Away after Exit: nothing connects.
		if (agent.down) return socket.destroy();
		connections.add(socket);
		socket.on('close', () => connections.delete(socket));
	});
	server.on('clientError', clientError);
	server.on('upgrade', (req, socket, head) => upgrade(served, req, socket, head));

	const { url, port } = await listen(server, options);
	await agent.oidc.init(`${url}/__sim/oidc`);
	agent.live.setActivity(options.eventsPerSecond);

	return {
		...agent.parts,
		url,
		port,
		close: async () => {
			agent.stop();
			dropConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		}
	};
}

/** Listens on the options' host and port (0: any free one). A port in use is said plainly. */
async function listen(
	server: Server,
	options: SimulatorOptions
): Promise<{ url: string; port: number }> {
	await new Promise<void>((resolve, reject) => {
		server.once('error', (error: NodeJS.ErrnoException) => {
			if (error.code === 'EADDRINUSE') {
				reject(
					new PortInUseError(
						`Port ${options.port} on ${options.host} is already in use: a real agent (or another simulator) may be running there. Stop it, or choose another port with --port.`
					)
				);
			} else reject(error);
		});
		server.listen(options.port, options.host, () => resolve());
	});
	const address = server.address();
	const port = typeof address === 'object' && address ? address.port : options.port;
	const host = options.host.includes(':') ? `[${options.host}]` : options.host;
	return { url: `http://${host}:${port}`, port };
}

/** One request, start to end: whatever goes wrong is an answer, never a dropped connection. */
async function answer({ agent, allowedHost }: Served, req: IncomingMessage, res: ServerResponse) {
	try {
		await handle({ agent, allowedHost }, req, res);
	} catch (error) {
		agent.log(`unexpected error: ${(error as Error)?.message ?? String(error)}`);
		finish(req, res, { status: error instanceof BodyTooLarge ? 413 : 500 });
	}
}

async function handle({ agent, allowedHost }: Served, req: IncomingMessage, res: ServerResponse) {
	const method = (req.method ?? 'GET').toUpperCase();
	const url = requestUrl(req);
	if (!url) return send(res, { status: 400 });
	logWhenDone(agent, res, method, url);
	if (!allowedHost(req.headers.host))
		return send(res, {
			status: 421,
			headers: { connection: 'close' },
			body: { error: MISDIRECTED }
		});
	if (cors(req, res, method, agent.options.allowOrigins)) return;

	const path = routePath(url);
	if (path === '/__sim' || path.startsWith('/__sim/')) {
		const reply = agent.options.control
			? await controlRequest(agent, req, method, path, url.searchParams)
			: { status: 404 };
		return finish(req, res, reply);
	}
	// A socket path asked for without the upgrade.
	if (isChannel(path.slice(1))) return send(res, { status: 400 });

	const match = matchRoute(agent.routes, method, path);
	if (!match) return send(res, { status: 404 });
	if ('allow' in match)
		return send(res, { status: 405, headers: { allow: match.allow.join(', ') } });
	await call(agent, req, res, { method, path, url, match });
}

type Call = { method: string; path: string; url: URL; match: RouteMatch };

/** A call of the agent's API: its fault if one waits, the handler, then the AppNotification. */
async function call(agent: Agent, req: IncomingMessage, res: ServerResponse, c: Call) {
	const fault = takeFault(agent.faults, c.method, c.path);
	if (fault?.delayMs) {
		await agent.clock.delay(fault.delayMs);
		if (res.destroyed) return;
	}
	if (fault?.body === 'reset') return void req.socket.destroy();
	let reply = await faultedReply(fault, () => runHandler(agent, req, c));
	if (agent.options.plantCredentials && reply.body !== undefined && !UNPLANTED_PATHS.test(c.path))
		reply = { ...reply, body: agent.planter.plant(reply.body) };
	finish(req, res, reply);
	notify(agent, req, c.method, c.path);
}

/** Runs the route's handler; every failure becomes the agent's answer for it. */
async function runHandler(agent: Agent, req: IncomingMessage, c: Call): Promise<Reply> {
	try {
		const body = await jsonBody(req, c.method, c.match, agent.options.maxBodyBytes);
		return await c.match.handler(
			{
				method: c.method,
				path: c.path,
				params: c.match.params,
				// Query names are case-insensitive to the agent, as ASP.NET binds them.
				query: new URLSearchParams([...c.url.searchParams].map(([k, v]) => [k.toLowerCase(), v])),
				body,
				origin: typeof req.headers.origin === 'string' ? req.headers.origin : null
			},
			agent.context
		);
	} catch (error) {
		if (error instanceof AgentFailure) return error.toReply();
		if (error instanceof BodyTooLarge) return { status: 413, headers: { connection: 'close' } };
		agent.log(`unexpected error: ${(error as Error)?.message ?? String(error)}`);
		return { status: 500 };
	}
}

/** The request's JSON body, for the routes that take one; 499 VALIDATION keyed `body` if bad. */
async function jsonBody(req: IncomingMessage, method: string, match: RouteMatch, limit: number) {
	if (!BODY_METHODS.has(method)) return undefined;
	const raw = (await readBody(req, limit)).toString('utf8');
	if (!match.needsBody) return undefined;
	if (!raw.trim()) throw invalid({ body: ['A JSON request body is required.'] });
	try {
		return JSON.parse(raw) as unknown;
	} catch {
		throw invalid({ body: ['The request body is not valid JSON.'] });
	}
}

/** The AppNotification the agent sends after every non-GET call, failed ones included. */
function notify(agent: Agent, req: IncomingMessage, method: string, path: string) {
	if (method === 'GET') return;
	agent.live.notify(NOTIFICATION_TYPE.AppNotification, {
		Operation: path.split('/').filter(Boolean).slice(1).join('/'),
		EndpointAddress: path,
		HttpMethod: method,
		// A client may name itself (the console sends X-App-Origin: agent-console).
		Origin: headerText(req.headers[APP_ORIGIN_HEADER]) ?? req.headers.origin ?? null
	});
}

/** Logs the request once its answer is out, with the token masked. */
function logWhenDone(agent: Agent, res: ServerResponse, method: string, url: URL) {
	const started = performance.now();
	res.on('finish', () => {
		agent.log(
			`${method} ${maskCredentials(url.pathname + url.search)} ${res.statusCode} ${Math.round(performance.now() - started)} ms`
		);
	});
}

/** A request Node could not parse, or one too slow: 400 or 408, then the connection closes. */
function clientError(error: NodeJS.ErrnoException, socket: Duplex) {
	if (!socket.writable) return socket.destroy();
	endSocket(
		socket,
		error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request'
	);
}

/** A WebSocket upgrade to one of the two channels. */
function upgrade(
	{ agent, allowedHost }: Served,
	req: IncomingMessage,
	socket: Duplex,
	head: Buffer
) {
	socket.on('error', () => socket.destroy());
	if (agent.down) return socket.destroy();
	if (!allowedHost(req.headers.host)) return endSocket(socket, '421 Misdirected Request');
	const url = requestUrl(req);
	if (!url) return socket.destroy();
	const path = routePath(url);
	const channel = path.slice(1);
	if (!isChannel(channel)) return endSocket(socket, '404 Not Found');
	// Browsers always send Origin; other clients (tests, tools) may not, and are let in.
	const origin = req.headers.origin;
	const allowed = origin === undefined || isOriginAllowed(agent.options.allowOrigins, origin);
	agent.live.upgrade(req, socket, head, channel, allowed);
	agent.log(`WS ${path} ${origin ?? '-'}`);
}
