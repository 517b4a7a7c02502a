import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from '@playwright/test';

/**
 * What the bench's sections share: signing in, a signed-in context, the paint wait, percentiles,
 * the next-page measure, and the development agent in a process of its own.
 */

export function percentile(sorted: number[], p: number): number {
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export async function signIn(agentUrl: string): Promise<string> {
	const login = await fetch(`${agentUrl}/authentication/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ username: 'admin@example.com', password: 'Passw0rd!', type: 16 })
	});
	return ((await login.json()) as { jwtToken: string }).jwtToken;
}

/** A browser context signed in to the agent at `agentUrl`, as a sign-in would leave it. */
export async function signedInContext(browser: Browser, agentUrl: string) {
	const context = await browser.newContext();
	const token = await signIn(agentUrl);
	await context.addInitScript(
		({ url, token }) => {
			localStorage.setItem('agent-console:agent-url', url);
			sessionStorage.setItem(`agent-console:token:${url}`, token);
		},
		{ url: agentUrl, token }
	);
	return context;
}

/**
 * In the page (text, for the measuring scripts the page runs): the task after the next frame,
 * which runs once that frame is painted.
 */
export const AFTER_PAINT = `new Promise((resolve) =>
		requestAnimationFrame(() => {
			const channel = new MessageChannel();
			channel.port1.onmessage = resolve;
			channel.port2.postMessage(null);
		})
	)`;

/**
 * Runs in the page; a string because the TypeScript runner would otherwise wrap its functions in
 * a helper the page does not have. Clicks "Next page", waits until the first row changes, then for
 * the task after the next frame, which runs once that frame is painted.
 */
export const MEASURE_NEXT_PAGE = `(async () => {
	const firstRow = () => document.querySelector('tbody tr')?.textContent;
	const before = firstRow();
	const start = performance.now();
	document.querySelector('a[aria-label="Next page"]').click();
	await new Promise((resolve) => {
		const observer = new MutationObserver(() => {
			if (firstRow() === before) return;
			observer.disconnect();
			resolve();
		});
		observer.observe(document.body, { subtree: true, childList: true, characterData: true });
	});
	await ${AFTER_PAINT};
	return performance.now() - start;
})()`;

type Counts = Record<'notification' | 'statechange', number>;
type Stats = { sent: Counts; clients: Counts };

/**
 * The development agent in a process of its own, as the real agent is, below the browser's
 * priority (nice 10): the flood's sender is a load generator, and on two cores it would otherwise
 * take the time the page's main thread is measured on. Driven through its control surface.
 */
export async function agentProcess(allowOrigin: string) {
	const port = await new Promise<number>((resolve) => {
		const probe = createServer().listen(0, '127.0.0.1', () => {
			const { port } = probe.address() as AddressInfo;
			probe.close(() => resolve(port));
		});
	});
	const args = ['--import', 'tsx', 'simulator/cli.ts', '--port', String(port), '--quiet'];
	const child = spawn(
		'nice',
		[
			'-n',
			'10',
			process.execPath,
			...args,
			'--events-per-second',
			'0',
			'--allow-origin',
			allowOrigin
		],
		{ stdio: ['ignore', 'ignore', 'inherit'] }
	);
	const exited = new Promise((resolve) => child.once('exit', resolve));
	const url = `http://127.0.0.1:${port}`;
	const control = async <T>(path: string, body?: unknown): Promise<T> => {
		const res = await fetch(`${url}/__sim/${path}`, {
			method: body === undefined ? 'GET' : 'POST',
			headers: { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body)
		});
		return (await res.json()) as T;
	};
	for (let tries = 0; ; tries++) {
		try {
			await control('stats');
			break;
		} catch (error) {
			if (tries > 200) throw error;
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
	}
	return {
		url,
		stats: () => control<Stats>('stats'),
		flood: (perSecond: number, seconds: number) =>
			control<{ frames: number }>('flood', { perSecond, seconds }),
		close: () => (child.kill(), exited)
	};
}
