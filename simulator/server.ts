import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { APP_ORIGIN_HEADER, NOTIFICATION_TYPE } from '../src/lib/contract.ts';
import { maskCredentials } from '../src/lib/mask.ts';
import { Planter, UNPLANTED_PATHS } from './plant.ts';
import { SimClock, type ClockTimer } from './clock.ts';
import { agentRoutes, matchRoute, type AgentContext } from './agent.ts';
import type { RouteMatch } from './routing.ts';
import { control } from './control.ts';
import { faultedReply, takeFault, type Fault } from './faults.ts';
import { CHANNELS, type ChannelName as Channel } from '../src/lib/contract.ts';
import { Activity } from './activity.ts';
import { LiveHub } from './live.ts';
import { hostCheck, MISDIRECTED } from './host-check.ts';
import { OidcProvider } from './oidc.ts';
import { DEFAULT_OPTIONS, type SimulatorOptions } from './options.ts';
import { AgentFailure, invalid, type Reply } from './reply.ts';
import { SimState } from './model/state.ts';
import { TokenIssuer } from './tokens.ts';

export type SimulatorInternals = {
	options: SimulatorOptions;
	state: SimState;
	tokens: TokenIssuer;
	live: LiveHub;
	/** The background work on the drives' files, and sync passes. */
	work: Activity;
	oidc: OidcProvider;
	faults: Fault[];
	/** Real time plus an offset that tests move forward (`POST /__sim/clock`). */
	clock: SimClock;
	reset: () => void;
};

export type Simulator = SimulatorInternals & {
	/** http://host:port, no trailing slash. */
	url: string;
	port: number;
	/** Stops the agent: both sockets, every connection and the listener (even while it is away after Exit). */
	close: () => Promise<void>;
};

export class PortInUseError extends Error {}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isOriginAllowed(options: SimulatorOptions, origin: string | undefined): boolean {
	if (!origin) return false;
	return options.allowOrigins.includes('*') || options.allowOrigins.includes(origin);
}

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
	const declared = Number(req.headers['content-length'] ?? 0);
	if (declared > limit) throw new BodyTooLarge();
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req) {
		size += (chunk as Buffer).length;
		if (size > limit) throw new BodyTooLarge();
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks);
}

function send(res: ServerResponse, reply: Reply) {
	if (res.headersSent || res.destroyed) return;
	for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
	let payload: string | undefined = reply.text;
	if (payload === undefined && reply.body !== undefined) {
		payload = JSON.stringify(reply.body);
		res.setHeader('content-type', 'application/json; charset=utf-8');
	} else if (payload !== undefined) {
		res.setHeader('content-type', reply.contentType ?? 'text/plain; charset=utf-8');
	}
	res.statusCode = reply.status;
	res.setHeader('content-length', payload === undefined ? 0 : Buffer.byteLength(payload));
	res.end(payload);
}

export async function startSimulator(
	overrides: Partial<SimulatorOptions> = {}
): Promise<Simulator> {
	const options: SimulatorOptions = {
		...DEFAULT_OPTIONS,
		...overrides,
		allowOrigins: [...(overrides.allowOrigins ?? DEFAULT_OPTIONS.allowOrigins)],
		allowHosts: [...(overrides.allowHosts ?? DEFAULT_OPTIONS.allowHosts)]
	};
	// Against DNS rebinding: a page on another name that resolves here is refused (421).
	const allowedHost = hostCheck(options);
	// What reset() returns to: the control surface and tests may change options at run time.
	const initial = structuredClone(options);
	const clock = new SimClock();
	const state = new SimState(options.users, options.seed, clock);
	const tokens = new TokenIssuer(options.tokenTtl, clock);
	const live = new LiveHub();
	const work = new Activity(state, {
		notify: (type, data) => live.notify(type, data),
		state: (frame) => live.broadcast('statechange', frame)
	});
	live.onStep = () => work.step();
	const planter = new Planter();
	live.shape = (frame) => (options.plantCredentials ? planter.plant(frame) : frame);
	const oidc = new OidcProvider(options.oidcClientId);
	const faults: Fault[] = [];
	const routes = agentRoutes(options.providerSlug);
	const connections = new Set<Socket>();
	let down = false;
	let downTimer: ClockTimer | null = null;

	const log = (line: string) => {
		if (options.log) console.log(`[agent] ${new Date().toISOString().slice(11, 23)} ${line}`);
	};

	const internals: SimulatorInternals = {
		options,
		state,
		tokens,
		live,
		work,
		oidc,
		faults,
		clock,
		reset: () => {
			clock.reset();
			clock.clearTimeout(downTimer);
			downTimer = null;
			Object.assign(options, structuredClone(initial));
			tokens.ttlSeconds = options.tokenTtl;
			state.reset();
			tokens.revokeAll();
			live.reset();
			work.reset();
			live.disconnectAll();
			live.setActivity(options.eventsPerSecond);
			faults.length = 0;
			down = false;
		}
	};

	/** Exit: close both sockets with 1000, stop answering for a while, then come back. */
	const exit = (then?: () => void) => {
		setTimeout(() => {
			const before = state.status;
			live.disconnectAll(1000, 'Agent exiting');
			down = true;
			for (const socket of connections) socket.destroy();
			log(`exit: away for ${options.restartSeconds} s`);
			downTimer = clock.setTimeout(() => {
				downTimer = null;
				down = false;
				state.status = before;
				then?.();
				log('exit: back');
			}, options.restartSeconds * 1000);
		}, 50);
	};

	const agentContext: AgentContext = {
		state,
		tokens,
		options,
		oidc,
		exit,
		activity: (running) => live.setActivity(running ? options.eventsPerSecond : 0),
		work,
		notify: (type, data) => live.notify(type, data)
	};

	/** Logs the request once its answer is out, with the token masked. */
	function logWhenDone(res: ServerResponse, method: string, url: URL) {
		const started = performance.now();
		res.on('finish', () => {
			log(
				`${method} ${maskCredentials(url.pathname + url.search)} ${res.statusCode} ${Math.round(performance.now() - started)} ms`
			);
		});
	}

	/** CORS headers for allowed origins; answers a preflight. True when the request is done. */
	function cors(req: IncomingMessage, res: ServerResponse, method: string): boolean {
		const origin = req.headers.origin;
		const allowed = isOriginAllowed(options, origin);
		if (allowed && origin) {
			res.setHeader('access-control-allow-origin', origin);
			res.setHeader('vary', 'Origin');
			// The console compares the agent's clock with its own to explain a rejected TOTP code.
			res.setHeader('access-control-expose-headers', 'Date');
		}
		if (method !== 'OPTIONS') return false;
		// A preflight from an origin that is not allowed gets no CORS headers: the browser blocks it.
		if (allowed) {
			res.setHeader('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS');
			res.setHeader(
				'access-control-allow-headers',
				req.headers['access-control-request-headers'] ?? 'content-type'
			);
			res.setHeader('access-control-max-age', '600');
		}
		send(res, { status: 204 });
		return true;
	}

	/** The development control surface under /__sim/. */
	async function controlSurface(
		req: IncomingMessage,
		res: ServerResponse,
		method: string,
		path: string,
		url: URL
	) {
		if (!options.control) return send(res, { status: 404 });
		// Changes only as JSON: a browser must then ask the CORS list first, so no other site can
		// post a plain-text or form request that adds its origin, revokes tokens or resets the agent.
		// The one form is the development identity provider's own sign-in page.
		if (
			method !== 'GET' &&
			method !== 'HEAD' &&
			path !== '/__sim/oidc/authorize' &&
			!/^application\/json\s*(;|$)/i.test(String(req.headers['content-type'] ?? ''))
		) {
			return send(res, {
				status: 415,
				body: { error: 'The control surface takes changes as application/json only.' }
			});
		}
		let body: unknown;
		try {
			const raw = BODY_METHODS.has(method) ? await readBody(req, 1024 * 1024) : Buffer.alloc(0);
			const text = raw.toString('utf8');
			if (String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
				body = new URLSearchParams(text);
			} else {
				body = text ? JSON.parse(text) : undefined;
			}
		} catch (error) {
			if (error instanceof BodyTooLarge) {
				res.on('finish', () => req.socket?.destroy());
				return send(res, {
					status: 413,
					headers: { connection: 'close' },
					body: { error: 'body too large' }
				});
			}
			return send(res, { status: 400, body: { error: 'body is not valid JSON' } });
		}
		send(res, await control(internals, method, path, url.searchParams, body));
	}

	/** The request's JSON body, for the routes that take one; 499 VALIDATION keyed `body` if bad. */
	async function jsonBody(req: IncomingMessage, method: string, match: RouteMatch) {
		if (!BODY_METHODS.has(method)) return undefined;
		const raw = (await readBody(req, options.maxBodyBytes)).toString('utf8');
		if (!match.needsBody) return undefined;
		if (!raw.trim()) throw invalid({ body: ['A JSON request body is required.'] });
		try {
			return JSON.parse(raw) as unknown;
		} catch {
			throw invalid({ body: ['The request body is not valid JSON.'] });
		}
	}

	/** Runs the route's handler; every failure becomes the agent's answer for it. */
	async function route(
		req: IncomingMessage,
		method: string,
		path: string,
		url: URL,
		match: RouteMatch
	): Promise<Reply> {
		try {
			const body = await jsonBody(req, method, match);
			return await match.handler(
				{
					method,
					path,
					params: match.params,
					// Query names are case-insensitive to the agent, as ASP.NET binds them.
					query: new URLSearchParams([...url.searchParams].map(([k, v]) => [k.toLowerCase(), v])),
					body,
					origin: typeof req.headers.origin === 'string' ? req.headers.origin : null
				},
				agentContext
			);
		} catch (error) {
			if (error instanceof AgentFailure) return error.toReply();
			if (error instanceof BodyTooLarge) return { status: 413, headers: { connection: 'close' } };
			log(`unexpected error: ${(error as Error)?.message ?? String(error)}`);
			return { status: 500 };
		}
	}

	const headerText = (value: string | string[] | undefined) =>
		(Array.isArray(value) ? value[0] : value)?.slice(0, 200) || undefined;

	/** The AppNotification the agent sends after every non-GET call, failed ones included. */
	function notify(req: IncomingMessage, method: string, path: string) {
		if (method === 'GET') return;
		live.notify(NOTIFICATION_TYPE.AppNotification, {
			Operation: path.split('/').filter(Boolean).slice(1).join('/'),
			EndpointAddress: path,
			HttpMethod: method,
			// A client may name itself (the console sends X-App-Origin: agent-console).
			Origin: headerText(req.headers[APP_ORIGIN_HEADER]) ?? req.headers.origin ?? null
		});
	}

	async function handle(req: IncomingMessage, res: ServerResponse) {
		const method = (req.method ?? 'GET').toUpperCase();
		let url: URL;
		try {
			url = new URL(req.url ?? '/', 'http://agent.invalid');
		} catch {
			return send(res, { status: 400 });
		}
		logWhenDone(res, method, url);
		if (!allowedHost(req.headers.host))
			return send(res, {
				status: 421,
				headers: { connection: 'close' },
				body: { error: MISDIRECTED }
			});
		if (cors(req, res, method)) return;

		const path = url.pathname.toLowerCase().replace(/\/+$/, '') || '/';
		if (path === '/__sim' || path.startsWith('/__sim/'))
			return controlSurface(req, res, method, path, url);
		// A socket path asked for without the upgrade.
		if ((CHANNELS as readonly string[]).includes(path.slice(1))) return send(res, { status: 400 });

		const match = matchRoute(routes, method, path);
		if (!match) return send(res, { status: 404 });
		if ('allow' in match)
			return send(res, { status: 405, headers: { allow: match.allow.join(', ') } });

		const fault = takeFault(faults, method, path);
		if (fault?.delayMs) {
			await clock.delay(fault.delayMs);
			if (res.destroyed) return;
		}
		if (fault?.body === 'reset') return void req.socket.destroy();

		let reply = await faultedReply(fault, () => route(req, method, path, url, match));
		if (options.plantCredentials && reply.body !== undefined && !UNPLANTED_PATHS.test(path))
			reply = { ...reply, body: planter.plant(reply.body) };
		send(res, reply);
		// A body over the limit is not read to its end: close the connection once the answer is out.
		if (reply.status === 413) res.on('finish', () => req.socket?.destroy());
		notify(req, method, path);
	}

	// Slow headers or bodies are cut off (408) instead of holding a connection forever; the agent's
	// own answers may still take as long as a fault's delay says.
	const server = createServer(
		{
			headersTimeout: options.requestTimeoutMs,
			requestTimeout: options.requestTimeoutMs,
			connectionsCheckingInterval: Math.min(1000, options.requestTimeoutMs)
		},
		(req, res) => {
			handle(req, res).catch((error: unknown) => {
				log(`unexpected error: ${(error as Error)?.message ?? String(error)}`);
				send(res, { status: error instanceof BodyTooLarge ? 413 : 500 });
				if (error instanceof BodyTooLarge) res.on('finish', () => req.socket?.destroy());
			});
		}
	);
	server.on('connection', (socket) => {
		if (down) {
			socket.destroy();
			return;
		}
		connections.add(socket);
		socket.on('close', () => connections.delete(socket));
	});
	server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
		const status =
			error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
		if (socket.writable)
			socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
		else socket.destroy();
	});
	server.on('upgrade', (req, socket, head) => {
		socket.on('error', () => socket.destroy());
		if (down) return socket.destroy();
		if (!allowedHost(req.headers.host)) {
			socket.end(
				'HTTP/1.1 421 Misdirected Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'
			);
			return;
		}
		let path: string;
		try {
			path = new URL(req.url ?? '/', 'http://agent.invalid').pathname
				.toLowerCase()
				.replace(/\/+$/, '');
		} catch {
			return socket.destroy();
		}
		const channel = path.slice(1) as Channel;
		if (!CHANNELS.includes(channel)) {
			socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
			return;
		}
		// Browsers always send Origin; other clients (tests, tools) may not, and are let in.
		const origin = req.headers.origin;
		live.upgrade(
			req,
			socket,
			head,
			channel,
			origin === undefined || isOriginAllowed(options, origin)
		);
		log(`WS ${path} ${origin ?? '-'}`);
	});

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
	const url = `http://${host}:${port}`;
	await oidc.init(`${url}/__sim/oidc`);
	live.setActivity(options.eventsPerSecond);

	return {
		...internals,
		url,
		port,
		close: async () => {
			clock.clearTimeout(downTimer);
			work.reset();
			live.close();
			for (const socket of connections) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		}
	};
}
