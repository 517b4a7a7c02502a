/**
 * Whether the Content-Security-Policy a page was served with lets it reach an address: its
 * `connect-src`, else its `default-src` (CSP Level 3, "does url match source list"). The console's
 * own server writes the policy (scripts/static-server.ts), but a web server in front of a copy may
 * send one of its own; Settings and `agent-console doctor` both check the policy actually served.
 * No imports: the command-line package bundles this file without the console's messages.
 */

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443', ws: '80', wss: '443' };

/**
 * CSP's scheme-part match: a source for the plain scheme also allows its secure one, and a socket
 * is let through by its page scheme's source as well (CSP Level 3 checks a WebSocket as the
 * http(s) request it starts with; browsers differ on the rest, and a false alarm would send an
 * administrator after a policy that is fine).
 */
function schemeMatches(source: string, target: string): boolean {
	if (source === target) return true;
	if (source === 'http') return ['https', 'ws', 'wss'].includes(target);
	if (source === 'https') return target === 'wss';
	if (source === 'ws') return ['wss', 'http', 'https'].includes(target);
	if (source === 'wss') return target === 'https';
	return false;
}

function sourceMatches(source: string, url: URL, page: URL): boolean {
	const scheme = url.protocol.slice(0, -1);
	const lower = source.toLowerCase();
	if (lower === "'self'") {
		const pageScheme = page.protocol.slice(0, -1);
		const portOf = (u: URL, s: string) => u.port || DEFAULT_PORTS[s];
		if (url.origin === page.origin) return true;
		return (
			url.hostname === page.hostname &&
			portOf(url, scheme) === portOf(page, pageScheme) &&
			(scheme === 'https' || scheme === 'wss' || (pageScheme === 'http' && scheme === 'ws'))
		);
	}
	if (lower === '*') return ['http', 'https', 'ws', 'wss'].includes(scheme);
	if (/^[a-z][a-z0-9+.-]*:$/.test(lower)) return schemeMatches(lower.slice(0, -1), scheme);
	const parts = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[^:/]+)(?::(\d+|\*))?(?:\/.*)?$/.exec(
		lower
	);
	if (!parts) return false;
	const [, sourceScheme, host = '', port] = parts;
	if (sourceScheme) {
		if (!schemeMatches(sourceScheme, scheme)) return false;
	} else if (!['http', 'https', 'ws', 'wss'].includes(scheme)) return false;
	const hostname = url.hostname.toLowerCase();
	if (host.startsWith('*.')) {
		if (!hostname.endsWith(host.slice(1))) return false;
	} else if (host !== '*' && host !== hostname) return false;
	const urlPort = url.port || DEFAULT_PORTS[scheme];
	if (port === '*') return true;
	if (port) return port === urlPort;
	return urlPort === DEFAULT_PORTS[scheme];
}

/** The sources of one directive of one policy; null when the policy does not have it. */
function directive(policy: string, name: string): string[] | null {
	for (const part of policy.split(';')) {
		const [key, ...sources] = part.trim().split(/\s+/);
		if (key?.toLowerCase() === name) return sources;
	}
	return null;
}

/**
 * Whether `policy` (the header's value; several policies joined by commas must each allow it) lets
 * a page of `pageOrigin` open `url`, by fetch or by WebSocket (both are `connect-src`).
 */
export function connectSrcAllows(policy: string, url: string, pageOrigin: string): boolean {
	let target: URL;
	let page: URL;
	try {
		target = new URL(url);
		page = new URL(pageOrigin);
	} catch {
		return false;
	}
	return policy.split(',').every((one) => {
		const sources = directive(one, 'connect-src') ?? directive(one, 'default-src');
		if (sources === null) return true;
		return sources.some((source) => sourceMatches(source, target, page));
	});
}

/** The agent's address as the console opens it: its calls, and its sockets. */
export function agentAddresses(agentUrl: string): string[] {
	const url = new URL(agentUrl);
	const ws = new URL(agentUrl);
	ws.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
	return [url.origin, ws.href.replace(/\/$/, '')];
}
