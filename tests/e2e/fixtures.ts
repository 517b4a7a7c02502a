import type { ChildProcess } from 'node:child_process';
import { test as base, expect, type Page } from '@playwright/test';
import { startSimulator, type Simulator } from '../../simulator/index.ts';
import { E2E_ORIGIN } from '../../playwright.config.ts';
import { AGENT_URL_KEY, agentToken, control, tokenKey } from '../agent.ts';

export { expect };
export { AGENT_URL_KEY, closedPort, control, push, tokenKey } from '../agent.ts';

type TestFixtures = {
	/** The worker's simulator, reset to its seeded state, and the console pointed at it. */
	agent: Simulator;
	/** Uncaught page errors; the test fails if any happened. */
	pageErrors: Error[];
	/** Content-Security-Policy violations in any page of the test; the test fails on any. */
	cspViolations: string[];
};

export const test = base.extend<TestFixtures, { sim: Simulator }>({
	sim: [
		// eslint-disable-next-line no-empty-pattern -- Playwright fixtures take an object pattern.
		async ({}, use) => {
			const sim = await startSimulator({
				port: 0,
				log: false,
				eventsPerSecond: 0,
				allowOrigins: [E2E_ORIGIN]
			});
			await use(sim);
			await sim.close();
		},
		{ scope: 'worker' }
	],
	agent: [
		async ({ sim, context }, use) => {
			sim.reset();
			// Points the console at this worker's simulator, unless the test changed the address since.
			await context.addInitScript(
				({ key, url }) => {
					try {
						if (!localStorage.getItem(key)) localStorage.setItem(key, url);
					} catch {
						// A frame on another site, where the browser blocks storage.
					}
				},
				{ key: AGENT_URL_KEY, url: sim.url }
			);
			await use(sim);
		},
		{ auto: true }
	],
	cspViolations: [
		async ({ context }, use) => {
			const violations: string[] = [];
			await context.addInitScript(() => {
				document.addEventListener('securitypolicyviolation', (event) => {
					console.error(
						`csp-violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`
					);
				});
			});
			context.on('console', (message) => {
				const text = message.text();
				// Also the browser's own complaints about the policy itself (an invalid source).
				if (
					text.startsWith('csp-violation:') ||
					/invalid source|Unrecognized Content-Security-Policy directive/i.test(text)
				)
					violations.push(text);
			});
			await use(violations);
			expect(violations, 'Content-Security-Policy violations').toEqual([]);
		},
		{ auto: true }
	],
	pageErrors: [
		async ({ page }, use) => {
			const errors: Error[] = [];
			page.on('pageerror', (error) => errors.push(error));
			await use(errors);
			expect(errors, 'uncaught errors in the page').toEqual([]);
		},
		{ auto: true }
	]
});

/** Signs in through the agent's API and hands the token to the console, as a sign-in would. */
export async function signInWithToken(
	page: Page,
	sim: Simulator,
	username = 'admin@example.com',
	type = 16
) {
	const jwtToken = await agentToken(sim, username, type);
	await page.context().addInitScript(
		({ key, token }) => {
			// Once per tab, as a sign-in would: a later sign-out must stay signed out.
			try {
				if (sessionStorage.getItem('e2e:seeded')) return;
				sessionStorage.setItem('e2e:seeded', '1');
				sessionStorage.setItem(key, token);
			} catch {
				// A frame on another site, where the browser blocks storage.
			}
		},
		{ key: tokenKey(sim.url), token: jwtToken }
	);
	return jwtToken;
}

/** Stops a script started in a process group of its own (tsx's node process with it). */
export function stopProcess(child: ChildProcess) {
	return new Promise<void>((resolve) => {
		if (child.exitCode !== null) return resolve();
		child.once('exit', () => resolve());
		if (child.pid) process.kill(-child.pid, 'SIGTERM');
	});
}

/** Signs in through the form, with the keyboard, as a person would. */
export async function signInWithForm(
	page: Page,
	username: string,
	userType = 'Desktop admin',
	password = 'Passw0rd!'
) {
	await page.getByLabel('Username').fill(username);
	await page.getByLabel('Password', { exact: true }).fill(password);
	await page.getByLabel('Sign in as').selectOption({ label: userType });
	await page.getByLabel('Password', { exact: true }).press('Enter');
}

/** The simulator's outbox, newest last. */
export async function outbox(sim: Simulator, to: string) {
	const res = (await control(sim, `outbox?to=${encodeURIComponent(to)}`)) as {
		messages: { kind: string; code: string | null }[];
	};
	return res.messages;
}

/**
 * Clicks the first channel's Retry now, as a user would once the agent is back. The channel's own
 * countdown may reconnect it first, and the button goes with the outage: then the channel must be
 * live already, and there is nothing left to click.
 */
export async function retryNow(page: Page) {
	const retry = page.getByRole('button', { name: 'Retry now' }).first();
	await retry.click({ timeout: 5_000 }).catch(async (error: unknown) => {
		if (await retry.isVisible()) throw error;
		await expect(page.getByTestId('notification-status')).toHaveText('Live');
	});
}

/** One chunk of events as the console keeps it in IndexedDB: its key names the agent and the user. */
type StoredChunk = { agent: string; entries: unknown[] };

/** Every chunk of events the console keeps in the browser's IndexedDB, of every agent and user. */
export const storedChunks = (page: Page) =>
	page.evaluate(
		() =>
			new Promise<StoredChunk[]>((resolve, reject) => {
				const open = indexedDB.open('agent-console-timeline');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const db = open.result;
					if (!db.objectStoreNames.contains('chunks')) return resolve([]);
					const all = db.transaction('chunks').objectStore('chunks').getAll();
					all.onsuccess = () => resolve(all.result as StoredChunk[]);
					all.onerror = () => reject(all.error);
				};
			})
	);

/**
 * How long to wait for what the console keeps to reach IndexedDB: a trickle waits for the hub's
 * batch (1 s) and then for the store's write (5 s), on top of the machine's own delays.
 */
export const KEPT = { timeout: 20_000 };

/**
 * Events kept for this agent in the browser's IndexedDB (in chunks), as the console stores them,
 * for every user (a chunk's key is the agent's address, a space and the user's).
 */
export const stored = async (page: Page, agent: string) =>
	(await storedChunks(page))
		.filter((c) => c.agent.startsWith(`${agent} `))
		.reduce((n, c) => n + c.entries.length, 0);

/**
 * Browser notifications, allowed, recorded as "title: body" in `window.shown` instead of shown; the
 * tab counts as hidden while `window.hide` is true, and `hide` fires visibilitychange as a browser
 * does. Call before the page loads.
 */
export async function fakeNotifications(page: Page) {
	await page.addInitScript(() => {
		const shown: string[] = [];
		(window as unknown as { shown: string[] }).shown = shown;
		class FakeNotification {
			static permission = 'granted';
			static requestPermission = async () => 'granted';
			onclick: (() => void) | null = null;
			constructor(title: string, options: { body?: string }) {
				shown.push(`${title}: ${options.body ?? ''}`);
			}
			close() {}
		}
		Object.defineProperty(window, 'Notification', { value: FakeNotification });
		Object.defineProperty(document, 'hidden', {
			get: () => (window as unknown as { hide?: boolean }).hide === true
		});
		Object.defineProperty(document, 'visibilityState', {
			get: () => ((window as unknown as { hide?: boolean }).hide === true ? 'hidden' : 'visible')
		});
	});
	return {
		shown: () => page.evaluate(() => (window as unknown as { shown: string[] }).shown),
		// As a browser does: the change is announced.
		hide: (hidden: boolean) =>
			page.evaluate((h) => {
				(window as unknown as { hide: boolean }).hide = h;
				document.dispatchEvent(new Event('visibilitychange'));
			}, hidden)
	};
}

/** Waits until both channels say they are live, so a frame pushed on either one arrives. */
export async function bothLive(page: Page) {
	await expect(page.getByTestId('notification-status')).toHaveText('Live');
	await expect(page.getByTestId('statechange-status')).toHaveText('Live');
}

/** Signs in and opens the events page (with `search`), once both channels are live. */
export async function openEvents(page: Page, sim: Simulator, search = '') {
	await signInWithToken(page, sim);
	await page.goto(`/events${search}`);
	await bothLive(page);
}

/**
 * Follows a link to `path` inside the console, as a click on one does: the console's router shows
 * the page without loading the console again. For the walks through every route, where a fresh
 * load of each route (a browser context, the page's scripts, the worker and its sockets) was most
 * of the cost. The router changes the address once the page's data is there and draws the page
 * in the same turn; a frame later it is on the screen, and the parts it draws after that
 * (`AfterPaint`) soon after.
 */
export async function visit(page: Page, path: string) {
	// A page that has not loaded the console yet loads it there.
	if (page.url() === 'about:blank') {
		await page.goto(path);
		return;
	}
	await page.evaluate((path) => {
		// Inside the element the console runs in, where its router hears the click.
		const root = document.querySelector('body > div') ?? document.body;
		const link = Object.assign(document.createElement('a'), { href: path, textContent: path });
		root.append(link);
		link.click();
		link.remove();
	}, path);
	await page.waitForURL((url) => url.pathname + url.search === path);
	await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
	// The parts a link's page draws a frame later (AfterPaint) are there too.
	await expect(page.locator('[data-after-paint]')).toHaveCount(0);
}
