/** Which agent addresses the console may talk to: loopback only, unless the runtime config allows more. */

import { isLoopbackHost } from './loopback.ts';
import { m } from './paraglide/messages.js';

export type AgentUrlCheck =
	| { ok: true; url: string }
	| {
			ok: false;
			reason: 'invalid' | 'scheme' | 'path' | 'not-loopback' | 'ipv6-literal';
			message: string;
	  };

/**
 * Normalises an address to its origin (`http://localhost:29123`) and checks it. `allowedHosts` are
 * extra host names (or host:port) from the runtime config.
 */
export function checkAgentUrl(input: string, allowedHosts: readonly string[] = []): AgentUrlCheck {
	const text = input.trim();
	let url: URL;
	try {
		url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
	} catch {
		return {
			ok: false,
			reason: 'invalid',
			message: m.words_url_invalid()
		};
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		return {
			ok: false,
			reason: 'scheme',
			message: m.words_url_scheme()
		};
	}
	if (
		url.username ||
		url.password ||
		(url.pathname !== '/' && url.pathname !== '') ||
		url.search ||
		url.hash
	) {
		return {
			ok: false,
			reason: 'path',
			message: m.words_url_path()
		};
	}
	// A Content-Security-Policy cannot name an IPv6 literal, so the browser would block the agent.
	if (url.hostname.startsWith('[')) {
		return {
			ok: false,
			reason: 'ipv6-literal',
			message: m.words_url_ipv6({
				host: url.hostname,
				port: url.port || (url.protocol === 'https:' ? '443' : '80')
			})
		};
	}
	const allowed = allowedHosts.map((h) => h.toLowerCase());
	if (
		!isLoopbackHost(url.hostname) &&
		!allowed.includes(url.hostname) &&
		!allowed.includes(url.host)
	) {
		return {
			ok: false,
			reason: 'not-loopback',
			message: m.words_url_not_loopback({ host: url.hostname })
		};
	}
	return { ok: true, url: url.origin };
}
