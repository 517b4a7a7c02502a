/**
 * Whether a host name is this device's loopback. Apart from the agent-address check that uses it,
 * as the development agent and the test servers load it: without the messages that check speaks,
 * which are over 2,000 modules to load in each such process.
 */

const IPV4_LOOPBACK = /^127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

export function isLoopbackHost(hostname: string): boolean {
	const host = hostname.toLowerCase();
	return host === 'localhost' || host === '[::1]' || IPV4_LOOPBACK.test(host);
}
