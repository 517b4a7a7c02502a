import type { Browser } from '@playwright/test';

/** What the bench's sections share: signing in, a signed-in context, the paint wait, percentiles. */

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
