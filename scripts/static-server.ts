import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join, posix } from 'node:path';
import sirv from 'sirv';
import { hostCheck, MISDIRECTED } from '../simulator/host-check.ts';

export type StaticServerOptions = {
	root: string;
	host: string;
	port: number;
	/** The sub-path the build was made for (`BASE_PATH`), e.g. `/admin`; empty for the root. */
	base?: string;
	/** Replaces fields of the built config.json, e.g. the agent address for `npm start -- --agent`. */
	configOverrides?: Record<string, unknown>;
	/** Host names answered besides localhost's, loopback addresses and `host` (see host-check.ts). */
	allowHosts?: readonly string[];
};

type ConfigFile = { agentUrl?: string; allowedAgentHosts?: string[]; frameAncestors?: string[] };

// No `[::1]`: a CSP source cannot name an IPv6 literal (Chromium drops it with an error), and
// `localhost` reaches an agent listening on ::1 anyway.
const LOOPBACK_SOURCES = ['localhost', '127.0.0.1'].flatMap((host) =>
	['http', 'https', 'ws', 'wss'].map((scheme) => `${scheme}://${host}:*`)
);

/**
 * The Content-Security-Policy of the console: scripts only from itself, no inline script, and
 * network access only to itself and the agent addresses it may use (any loopback port, plus the
 * hosts the runtime config allows). Framing only from the config's `frameAncestors`.
 */
export function contentSecurityPolicy(config: ConfigFile): string {
	const connect = new Set(["'self'", ...LOOPBACK_SOURCES]);
	const extra = [...(config.allowedAgentHosts ?? [])];
	if (config.agentUrl) {
		try {
			extra.push(new URL(config.agentUrl).host);
		} catch {
			// An unreadable agentUrl is refused by the app as well.
		}
	}
	for (const host of extra) {
		if (!/^[\w.:-]+$/.test(host)) continue;
		for (const scheme of ['http', 'https', 'ws', 'wss']) connect.add(`${scheme}://${host}`);
	}
	const ancestors = (config.frameAncestors ?? []).filter((o) => /^https?:\/\/[\w.[\]:-]+$/.test(o));
	return [
		"default-src 'self'",
		"script-src 'self'",
		// The agent's sockets, shared by the console's tabs, live in a worker of this origin.
		"worker-src 'self'",
		// Svelte sets element styles for transitions; no script can be injected through styles.
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data:",
		`connect-src ${[...connect].join(' ')}`,
		`frame-ancestors 'self'${ancestors.length ? ' ' + ancestors.join(' ') : ''}`,
		"form-action 'self'",
		"base-uri 'none'",
		"object-src 'none'"
	].join('; ');
}

export function securityHeaders(config: ConfigFile): Record<string, string> {
	return {
		'content-security-policy': contentSecurityPolicy(config),
		'referrer-policy': 'no-referrer',
		'x-content-type-options': 'nosniff',
		// A page that opened the console (or that it opens) gets no handle on its window, so cannot
		// send it elsewhere later; the provider pop-up hands its answer back by BroadcastChannel.
		'cross-origin-opener-policy': 'same-origin',
		'permissions-policy': 'camera=(), microphone=(), geolocation=()'
	};
}

/** Serves the built console: SPA fallback for deep links, security headers on every answer. */
export async function startStaticServer(
	options: StaticServerOptions
): Promise<{ server: Server; url: string }> {
	const configPath = join(options.root, 'config.json');
	const fileConfig = JSON.parse(await readFile(configPath, 'utf8')) as Record<string, unknown>;
	const config = { ...fileConfig, ...options.configOverrides } as ConfigFile &
		Record<string, unknown>;
	const configText = JSON.stringify(config, null, '\t');
	const headers = securityHeaders(config);

	const files = (single: boolean) =>
		sirv(options.root, {
			single,
			dev: false,
			etag: true,
			// The build writes .br and .gz beside each asset (scripts/compress.ts).
			brotli: true,
			gzip: true,
			setHeaders(res, pathname) {
				res.setHeader(
					'cache-control',
					pathname.startsWith('/_app/immutable/')
						? 'public, max-age=31536000, immutable'
						: 'no-cache'
				);
			}
		});
	// Pages fall back to index.html; the app's own files (`/_app/`) never do: a missing one is a 404,
	// not the app page cached for a year as if it were that file.
	const pages = files(true);
	const appFiles = files(false);

	const base = (options.base ?? '').replace(/\/+$/, '');
	const allowedHost = hostCheck(options);
	const server = createServer((req, res) => {
		for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
		if (!allowedHost(req.headers.host)) {
			res.statusCode = 421;
			res.setHeader('content-type', 'text/plain; charset=utf-8');
			res.setHeader('connection', 'close');
			res.end(MISDIRECTED);
			return;
		}
		if (req.method !== 'GET' && req.method !== 'HEAD') {
			res.statusCode = 405;
			res.setHeader('allow', 'GET, HEAD');
			res.end('Method not allowed');
			return;
		}
		// sirv trusts a Range header blindly (`bytes=5-3` throws and ends the process). A console has
		// nothing worth fetching in parts, so every answer is the whole file, as RFC 9110 allows.
		delete req.headers.range;
		delete req.headers['if-range'];
		res.setHeader('accept-ranges', 'none');
		const query = req.url?.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
		let path: string;
		try {
			path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
		} catch {
			path = '';
		}
		if (!path.startsWith('/')) {
			res.statusCode = 400;
			res.end('Bad request');
			return;
		}
		if (base) {
			// Everything lives under the base path; the bare host goes there.
			if (path === '/' || path === base) {
				res.statusCode = 302;
				res.setHeader('location', `${base}/`);
				res.end();
				return;
			}
			if (!path.startsWith(`${base}/`)) {
				res.statusCode = 404;
				res.end('Not found');
				return;
			}
			path = path.slice(base.length);
		}
		// One spelling per file: `/config.json/`, `//config.json`, `/config.json%2F` and `/x/../`
		// name the same file to sirv or the disk, so they are answered as the plain path is (the
		// config with its overrides), and sirv is handed only the plain path.
		path = posix.normalize(path);
		if (path.length > 1) path = path.replace(/\/+$/, '');
		// `?` and `#` stay escaped, or sirv would read them as the end of the path.
		req.url = encodeURI(path).replace(/[?#]/g, encodeURIComponent) + query;
		if (path === '/config.json') {
			res.setHeader('content-type', 'application/json; charset=utf-8');
			res.setHeader('cache-control', 'no-cache');
			res.end(req.method === 'HEAD' ? undefined : configText);
			return;
		}
		// sirv lists the files when it starts and reads one without a handler for a read that fails:
		// a file gone from disk since (a build made again under a running server) would end the
		// process. Its answer is cut off instead, and the server goes on.
		res.once('pipe', (source) => source.once('error', () => res.destroy()));
		// A missing asset is a 404, not the app page: only page routes fall back to index.html.
		(path.startsWith('/_app/') ? appFiles : pages)(req, res, () => {
			res.statusCode = 404;
			res.end('Not found');
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', (error: NodeJS.ErrnoException) => {
			reject(
				error.code === 'EADDRINUSE'
					? new Error(
							`Port ${options.port} is already in use: stop what runs there or pass --port.`
						)
					: error
			);
		});
		server.listen(options.port, options.host, () => resolve());
	});
	const address = server.address();
	const port = typeof address === 'object' && address ? address.port : options.port;
	return { server, url: `http://localhost:${port}` };
}
