import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { agentAddresses, connectSrcAllows } from '../src/lib/api/connect-src.ts';
import { runtimeConfigSchema } from '../src/lib/api/schemas/config.ts';
import { AGENT_STATUS, APP_ORIGIN_HEADER } from '../src/lib/api/schemas/shell-contract.ts';
import { isLoopbackHost } from '../src/lib/loopback.ts';
import { securityHeaders } from './static-server.ts';

/**
 * `agent-console doctor`: what stands between a browser on the console's origin and the agent, each
 * check in a line with its next step. The same checks a browser can make are on the Settings page
 * (src/routes/settings/connection-test.ts); these are made from outside a browser, so they can
 * also send the CORS preflight as one would and read the headers the console is served with.
 */

export type Check = {
	/** true passed, false failed, null could not be told or is only worth knowing. */
	ok: boolean | null;
	text: string;
	next?: string;
};

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

const STATUS_PATH = '/management/agent_status';

/** One HTTP request, with the headers a browser would send (fetch would drop `Origin`). */
export function call(
	url: string,
	options: { method?: string; headers?: Record<string, string>; timeoutMs?: number } = {}
): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const target = new URL(url);
		const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
		const req = send(
			target,
			{
				method: options.method ?? 'GET',
				headers: options.headers,
				timeout: options.timeoutMs ?? 3000
			},
			(res) => {
				const chunks: Buffer[] = [];
				let size = 0;
				res.on('data', (chunk: Buffer) => {
					// A status answer is a number: what is past 64 KiB is not read.
					if ((size += chunk.length) <= 65536) chunks.push(chunk);
				});
				res.on('end', () =>
					resolve({
						status: res.statusCode ?? 0,
						headers: res.headers,
						body: Buffer.concat(chunks).toString('utf8')
					})
				);
				res.on('error', reject);
			}
		);
		req.on('timeout', () =>
			req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }))
		);
		req.on('error', reject);
		req.end();
	});
}

/** Why a request got no answer, in words. */
function failureWords(error: unknown): string {
	const code = (error as NodeJS.ErrnoException).code;
	if (code === 'ECONNREFUSED') return 'connection refused';
	if (code === 'ETIMEDOUT') return 'no answer within 3 s';
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'no such host';
	return (error as Error).message;
}

export type Probe =
	| { kind: 'answered'; status: number; statusName: string; allowsOrigin: boolean }
	| { kind: 'not-agent'; detail: string }
	| { kind: 'silent'; reason: string };

/** The agent's status probe, as the console's page sends it from `origin`. */
export async function probeAgent(agent: string, origin: string): Promise<Probe> {
	let answer: Answer;
	try {
		answer = await call(new URL(STATUS_PATH, agent).href, { headers: { origin } });
	} catch (error) {
		return { kind: 'silent', reason: failureWords(error) };
	}
	let value: unknown;
	try {
		value = JSON.parse(answer.body);
	} catch {
		value = undefined;
	}
	if (answer.status < 200 || answer.status > 299 || typeof value !== 'number')
		return {
			kind: 'not-agent',
			detail: `it answered ${answer.status} with ${JSON.stringify(answer.body.slice(0, 60))}`
		};
	const name = Object.entries(AGENT_STATUS).find(([, v]) => v === value)?.[0] ?? 'unknown';
	const allowOrigin = answer.headers['access-control-allow-origin'];
	return {
		kind: 'answered',
		status: value,
		statusName: name,
		allowsOrigin: allowOrigin === origin || allowOrigin === '*'
	};
}

type AddressSpace = 'loopback' | 'local' | 'public';

/** Chromium's address spaces (Local Network Access) of an IP address. */
export function addressSpace(ip: string): AddressSpace {
	const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.\d+\.\d+$/i.exec(ip);
	if (v4) {
		const [a, b] = [Number(v4[1]), Number(v4[2])];
		if (a === 127) return 'loopback';
		if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'local';
		if (a === 169 && b === 254) return 'local';
		return 'public';
	}
	const v6 = ip.toLowerCase();
	if (v6 === '::1') return 'loopback';
	if (/^f[cd]/.test(v6) || /^fe[89ab]/.test(v6)) return 'local';
	return 'public';
}

/** The address space a host name resolves to; null when it does not resolve. */
async function spaceOf(hostname: string): Promise<AddressSpace | null> {
	const host = hostname.replace(/^\[|\]$/g, '');
	if (isLoopbackHost(host) || host.endsWith('.localhost')) return 'loopback';
	if (isIP(host)) return addressSpace(host);
	try {
		return addressSpace((await lookup(host)).address);
	} catch {
		return null;
	}
}

/** An http(s) origin with nothing after it, or null. */
export function originOf(text: string): string | null {
	try {
		const url = new URL(text);
		if (!['http:', 'https:'].includes(url.protocol)) return null;
		if (url.username || url.password || url.search || url.hash) return null;
		if (url.pathname !== '/' && url.pathname !== '') return null;
		return url.origin;
	} catch {
		return null;
	}
}

type ConfigCheck = { check: Check; config: Record<string, unknown> | null };

/** config.json: JSON, the shape the console reads, an agent address the console will use. */
export function checkConfig(text: string, where: string): ConfigCheck {
	const next = `Next: fix ${where}; the fields it may hold are agentUrl, allowedAgentHosts, identityProvider, frameAncestors and basePath.`;
	const said = where.replace(/^the /, 'The ');
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return {
			check: { ok: false, text: `${said} is not JSON.`, next },
			config: null
		};
	}
	const parsed = runtimeConfigSchema.safeParse(value);
	if (!parsed.success) {
		const issues = parsed.error.issues
			.map((issue) => `${issue.path.join('.') || 'the file'}: ${issue.message}`)
			.join('; ');
		return {
			check: {
				ok: false,
				text: `${said} is not what the console reads: ${issues}.`,
				next
			},
			config: null
		};
	}
	const config = parsed.data;
	if (config.agentUrl !== undefined) {
		const agent = originOf(config.agentUrl);
		const allowed = (config.allowedAgentHosts ?? []).map((h) => h.toLowerCase());
		const host = agent ? new URL(agent) : null;
		if (!host)
			return {
				check: {
					ok: false,
					text: `${said}: agentUrl "${config.agentUrl}" is not an address like http://localhost:29123.`,
					next
				},
				config: null
			};
		if (
			!isLoopbackHost(host.hostname) &&
			!allowed.includes(host.hostname) &&
			!allowed.includes(host.host)
		)
			return {
				check: {
					ok: false,
					text: `${said}: agentUrl ${agent} is not on this device and its host is not in allowedAgentHosts, so the console refuses it.`,
					next: `Next: add "${host.host}" to allowedAgentHosts in ${where}.`
				},
				config: null
			};
	}
	const badAncestor = (config.frameAncestors ?? []).find(
		(o) => originOf(o) !== o.replace(/\/$/, '')
	);
	if (badAncestor)
		return {
			check: {
				ok: false,
				text: `${said}: frameAncestors holds "${badAncestor}", not an origin like https://portal.example.com.`,
				next
			},
			config: null
		};
	return {
		check: {
			ok: true,
			text: `${said} is valid: the console's default agent is ${config.agentUrl ?? 'http://localhost:29123'}.`
		},
		config: value as Record<string, unknown>
	};
}

export type DoctorOptions = {
	/** The agent to check; the config's agentUrl when not given. */
	agent?: string;
	/** The origin the console is opened at. */
	origin: string;
	/** This package's build, used when nothing answers at `origin`. */
	root: string;
};

/** Runs every check; each is a line with its next step. */
export async function doctor(options: DoctorOptions): Promise<Check[]> {
	const checks: Check[] = [];
	const { origin } = options;

	// What is served at the origin, when a console runs there; else what this package would serve.
	let served: { config: string; policy: string | null } | null = null;
	try {
		const answer = await call(`${origin}/config.json`);
		if (answer.status === 200)
			served = {
				config: answer.body,
				policy: (answer.headers['content-security-policy'] as string | undefined) ?? null
			};
	} catch {
		// Nothing there: this package's own files are checked.
	}
	const where = served ? `${origin}/config.json` : 'the config.json of this package';
	const configText = served
		? served.config
		: await readFile(join(options.root, 'config.json'), 'utf8').catch(() => '');
	const { check: configCheck, config } = checkConfig(configText, where);
	checks.push(configCheck);

	const agentText =
		options.agent ?? (config?.agentUrl as string | undefined) ?? 'http://localhost:29123';
	const agent = originOf(agentText);
	if (!agent) {
		checks.push({
			ok: false,
			text: `"${agentText}" is not an agent address.`,
			next: 'Next: pass --agent with an address like http://localhost:29123.'
		});
		return checks;
	}

	const probe = await probeAgent(agent, origin);
	if (probe.kind === 'answered')
		checks.push({
			ok: true,
			text: `The agent at ${agent} answers its status probe: ${probe.status} (${probe.statusName}).`
		});
	else if (probe.kind === 'silent')
		checks.push({
			ok: false,
			text: `Nothing answers at ${agent} (${probe.reason}).`,
			next: 'Next: start the agent, or pass --agent with the address it listens on.'
		});
	else
		checks.push({
			ok: false,
			text: `Something answers at ${agent}, but not as the agent does: ${probe.detail}.`,
			next: 'Next: check the port; the agent answers GET /management/agent_status with a number.'
		});

	if (probe.kind === 'silent') {
		checks.push({
			ok: null,
			text: `Not checked whether the agent allows the origin ${origin}: it does not answer.`
		});
	} else {
		let allowed = false;
		let reason: string;
		try {
			const answer = await call(new URL(STATUS_PATH, agent).href, {
				method: 'OPTIONS',
				headers: {
					origin,
					'access-control-request-method': 'POST',
					'access-control-request-headers': `content-type,${APP_ORIGIN_HEADER}`
				}
			});
			const allowOrigin = answer.headers['access-control-allow-origin'];
			allowed = answer.status < 300 && (allowOrigin === origin || allowOrigin === '*');
			reason = allowOrigin
				? `it allows ${allowOrigin}`
				: `its answer (${answer.status}) allows no origin`;
		} catch (error) {
			reason = failureWords(error);
		}
		checks.push(
			allowed
				? {
						ok: true,
						text: `The agent allows the origin ${origin} (the CORS preflight a browser sends).`
					}
				: {
						ok: false,
						text: `The agent refuses the origin ${origin}: to the CORS preflight a browser sends, ${reason}.`,
						next: `Next: add ${origin} to the agent's allowed origins (the development agent: --allow-origin ${origin}).`
					}
		);
	}

	const policy =
		served?.policy ??
		(served
			? null
			: securityHeaders({
					...(config ?? {}),
					agentUrl: agent,
					allowedAgentHosts: [new URL(agent).host]
				})['content-security-policy']);
	const headersWhere = served ? `served at ${origin}` : `this package serves with --agent ${agent}`;
	if (policy === null || policy === undefined) {
		checks.push({
			ok: null,
			text: `The console at ${origin} is served with no Content-Security-Policy: nothing there limits what the page may reach.`,
			next: 'Next: send the headers of docs/DEPLOYMENT.md, which also keep other addresses out.'
		});
	} else if (agentAddresses(agent).every((address) => connectSrcAllows(policy, address, origin))) {
		checks.push({
			ok: true,
			text: `The headers ${headersWhere} let the page reach ${agent} (connect-src).`
		});
	} else {
		checks.push({
			ok: false,
			text: `The headers ${headersWhere} keep the page from reaching ${agent}: its Content-Security-Policy's connect-src leaves it out.`,
			next: `Next: serve the console with agent-console --agent ${agent}, or add "${new URL(agent).host}" to allowedAgentHosts in config.json and to connect-src in your web server's headers.`
		});
	}

	const [pageSpace, agentSpace] = await Promise.all([
		spaceOf(new URL(origin).hostname),
		spaceOf(new URL(agent).hostname)
	]);
	if (pageSpace === null || agentSpace === null) {
		checks.push({
			ok: null,
			text: `Could not tell whether the browser will ask for local-network access: ${pageSpace === null ? new URL(origin).hostname : new URL(agent).hostname} does not resolve here.`
		});
	} else if (pageSpace === 'public' && agentSpace !== 'public') {
		checks.push(
			origin.startsWith('https:')
				? {
						ok: null,
						text: `The browser will ask for local-network access: ${origin} is a public origin and the agent is on this device or its network.`,
						next: 'Next: tell the users to answer Allow, or serve the console from this device or the local network.'
					}
				: {
						ok: false,
						text: `The browser will refuse ${origin} access to the agent without asking: a public origin over plain HTTP cannot be granted local-network access.`,
						next: 'Next: serve the console over HTTPS, or from this device or the local network.'
					}
		);
	} else {
		checks.push({
			ok: true,
			text: `No local-network permission will be asked: ${origin} is ${pageSpace === 'loopback' ? 'on this device' : pageSpace === 'local' ? 'on the local network' : 'public, as is the agent'}.`
		});
	}
	return checks;
}

const MARKS = { true: 'ok  ', false: 'FAIL', null: 'note' } as const;

/** One line a check, ending with its next step. */
export function formatChecks(checks: readonly Check[]): string {
	return checks
		.map(
			(c) => `${MARKS[String(c.ok) as keyof typeof MARKS]}  ${c.text}${c.next ? ` ${c.next}` : ''}`
		)
		.join('\n');
}
