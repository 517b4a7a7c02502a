import type { Simulator } from '../simulator/index.ts';

/**
 * What `npm start` and the packaged command (`agent-console`) both read from their options and say
 * in their banner, so the two stay one behaviour.
 */

/** An origin as CSP `frame-ancestors` takes it (http or https, a host, a port at most); null if not. */
export function frameAncestorOrigin(text: string): string | null {
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return null;
	}
	if (!['http:', 'https:'].includes(url.protocol) || url.origin !== text.replace(/\/$/, ''))
		return null;
	return url.origin;
}

/** The origins a browser will show for the console: the agent must allow each (CORS). */
export function servedOrigins(host: string, port: number): string[] {
	const loopbackNames = ['localhost', '127.0.0.1'];
	const names = ['0.0.0.0', '::', '127.0.0.1', 'localhost', '::1'].includes(host)
		? loopbackNames
		: [host.includes(':') ? `[${host}]` : host, ...loopbackNames];
	return [...new Set(names)].map((name) => `http://${name}:${port}`);
}

const USER_TYPE_WORDS: Record<number, string> = {
	16: 'Desktop admin',
	32: 'Desktop creative',
	64: 'Desktop standard'
};

/** The development agent's demo accounts, for the banner. */
export function demoLines(sim: Simulator): string[] {
	return [
		`  Demo accounts (password for all: ${sim.state.demo[0]?.password ?? ''}); choose the user type shown:`,
		...sim.state.demo.map((d) =>
			`    ${d.username.padEnd(26)} ${(USER_TYPE_WORDS[d.type] ?? String(d.type)).padEnd(18)} ${d.note}`.trimEnd()
		),
		`  TOTP secret of mfa@example.com: ${sim.state.demo.find((d) => d.totpSecret)?.totpSecret ?? ''}`,
		`  Sign-up codes and other e-mails: ${sim.url}/__sim/outbox`
	];
}
