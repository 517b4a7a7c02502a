/**
 * Which `Host` headers a server on this computer answers: the development agent and the console's
 * static server. A page on a name its owner points at 127.0.0.1 (DNS rebinding) is same-origin
 * with that name, so the browser lets it read the answers; it still sends its own name as `Host`.
 * Answering only localhost names, loopback addresses and the names the server was started with
 * keeps such a page away from the agent, its control surface and the console's config.
 */

/** A listen address that is every interface, so names no host of its own. */
const WILDCARD = new Set(['', '0.0.0.0', '::', '[::]']);

/** What a refused request is told, in words. */
export const MISDIRECTED =
	'Misdirected request: this server answers only for localhost, loopback addresses and the host names it was started with (--allow-host).';

/** The host name of a `Host` header (or a configured name), normalised; null if it is not one. */
function hostnameOf(value: string): string | null {
	// Only what a host and port can hold: no user info, path or query to confuse the parser.
	if (!/^[\w.:[\]-]+$/.test(value)) return null;
	try {
		return new URL(`http://${value}`).hostname.replace(/\.$/, '').toLowerCase();
	} catch {
		return null;
	}
}

/** localhost and *.localhost (always this computer), 127.0.0.0/8 and [::1]. */
function isLocal(hostname: string): boolean {
	return (
		hostname === 'localhost' ||
		hostname.endsWith('.localhost') ||
		/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) ||
		hostname === '[::1]'
	);
}

/**
 * The check for one server: `host` is its listen address (named unless it is a wildcard),
 * `allowHosts` the extra names it answers (a port, if given, is ignored). Any port is accepted:
 * a proxy in front may use another.
 */
export function hostCheck(options: {
	host?: string;
	allowHosts?: readonly string[];
}): (hostHeader: string | undefined) => boolean {
	const configured = [options.host ?? '', ...(options.allowHosts ?? [])]
		.map((name) => name.trim())
		.filter((name) => !WILDCARD.has(name))
		// A bare IPv6 address, as given to listen(), needs its brackets to be read as a host.
		.map((name) => hostnameOf(/^[\da-f]*:[\da-f:]*$/i.test(name) ? `[${name}]` : name))
		.filter((name): name is string => name !== null);
	const names = new Set(configured);
	return (hostHeader) => {
		const hostname = hostHeader === undefined ? null : hostnameOf(hostHeader);
		return hostname !== null && (isLocal(hostname) || names.has(hostname));
	};
}

/** Whether a name can be given as an extra host (for refusing a typo when the server starts). */
export function isHostName(value: string): boolean {
	return hostnameOf(value) !== null;
}
