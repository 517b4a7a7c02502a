import type { Page } from '@playwright/test';
import type { Simulator } from '../../simulator/index.ts';
import { E2E_ORIGIN } from '../../playwright.config.ts';
import {
	AGENT_URL_KEY,
	bothLive,
	closedPort,
	control,
	retryNow,
	expect,
	signInWithForm,
	signInWithToken,
	test,
	visit
} from './fixtures.ts';

/**
 * The failure catalogue: one case per way the agent can go wrong, on the page where it hurts. Each
 * checks a message in words, the next step, that the page is still there (its heading), and (through
 * the fixtures) that nothing was thrown in the page. Forms also check that the input is kept.
 * The cases of one page run in one loaded console, each planting its fault and opening the page.
 */

type Fault = {
	path: string;
	method?: string;
	status?: number;
	count?: number;
	delayMs?: number;
	body?: 'empty' | 'malformed' | 'truncated' | 'html' | 'text' | 'json' | 'reset';
	json?: unknown;
	text?: string;
};
const fault = (sim: Simulator, f: Fault) => control(sim, 'faults', { count: 5, ...f });

const USERS = '/user/get_all_users';

/** Plants `f` on the users list (none other left) and opens the list, read afresh. */
async function usersPageWith(page: Page, sim: Simulator, f: Omit<Fault, 'path'>) {
	await control(sim, 'faults', undefined, 'DELETE');
	// The list is read when the page is opened: from another page, as a link would.
	await visit(page, '/profile');
	await fault(sim, { path: USERS, ...f });
	await visit(page, '/users');
	await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
}

const alert = (page: Page) => page.getByRole('alert').first();

type Case = { name: string; fault: Omit<Fault, 'path'>; message: RegExp; next: string };

/** The list with the case's fault: the message in words, and the next step offered. */
async function saysWhatFailed(page: Page, sim: Simulator, c: Case) {
	await usersPageWith(page, sim, c.fault);
	await expect(alert(page)).toContainText(c.message);
	const next = page
		.getByRole('button', { name: c.next })
		.or(page.getByRole('link', { name: c.next }));
	await expect(next.first()).toBeVisible();
}

const cases: Case[] = [
	{
		name: '500 without a body',
		fault: { status: 500 },
		message: /unexpected error \(500\)/,
		next: 'Try again'
	},
	{
		name: '499 with messages',
		fault: {
			status: 499,
			body: 'json',
			json: {
				type: 'ACCESS',
				status: 499,
				errors: { ACCESS: ['Only account admins may list users.'] }
			}
		},
		message: /Only account admins may list users\./,
		next: 'Try again'
	},
	{
		name: '499 without a body',
		fault: { status: 499 },
		message: /error without details \(499\)/,
		next: 'Try again'
	},
	{
		name: '499 with a code this console does not know',
		fault: {
			status: 499,
			body: 'json',
			json: { type: 'QUOTA_EXCEEDED', status: 499, errors: {} }
		},
		message: /The agent reported QUOTA_EXCEEDED\./,
		next: 'Try again'
	},
	{
		name: '400',
		fault: { status: 400 },
		message: /did not understand the request \(400\)/,
		next: 'Try again'
	},
	{
		name: '403',
		fault: { status: 403 },
		message: /refused this request \(403\)/,
		next: 'Try again'
	},
	{
		name: '404',
		fault: { status: 404 },
		message: /does not offer this \(404\)/,
		next: 'Change agent address'
	},
	{
		name: '405',
		fault: { status: 405 },
		message: /does not accept this kind of request here \(405\)/,
		next: 'Try again'
	},
	{
		name: '413',
		fault: { status: 413 },
		message: /too large for the agent \(413\)/,
		next: 'Try again'
	},
	{
		name: 'an HTML error page',
		fault: { status: 200, body: 'html' },
		message: /form this console does not understand/,
		next: 'Change agent address'
	},
	{
		name: 'an empty 200',
		fault: { status: 200, body: 'empty' },
		message: /form this console does not understand/,
		next: 'Change agent address'
	},
	{
		name: 'a body of the wrong shape',
		fault: { status: 200, body: 'json', json: { users: [] } },
		message: /form this console does not understand/,
		next: 'Change agent address'
	},
	{
		name: 'a truncated body',
		fault: { body: 'truncated' },
		message: /form this console does not understand/,
		next: 'Change agent address'
	},
	{
		name: 'a bare value where an object belongs',
		fault: { status: 200, body: 'json', json: 42 },
		message: /form this console does not understand/,
		next: 'Change agent address'
	}
];

test('failure catalogue: users list', async ({ page, agent }) => {
	test.setTimeout(300_000);
	await signInWithToken(page, agent);
	await page.goto('/profile');
	await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
	for (const c of cases) await test.step(c.name, () => saysWhatFailed(page, agent, c));

	await test.step('a contract error shows what did not match, and the body with tokens masked', async () => {
		await usersPageWith(page, agent, {
			status: 200,
			body: 'json',
			json: { data: 'x', total: 'many', echo: '?token=eyJhbGciOi.eyJzdWIiOiJ4In0.sig' }
		});
		await alert(page).getByText('Details').click();
		await expect(alert(page)).toContainText('data: expected array');
		await expect(alert(page)).not.toContainText('eyJhbGciOi');
	});
	await test.step('an answer with far more rows than asked shows one page and says so', async () => {
		const data = Array.from({ length: 5000 }, (_, i) => ({
			id: `u${i}`,
			firstname: 'Row',
			lastname: String(i),
			username: `user${i}`,
			email: `user${i}@example.com`,
			userType: 64,
			status: 1,
			owner: false,
			mfa: false,
			createDate: '2026-01-01T00:00:00Z'
		}));
		await usersPageWith(page, agent, {
			status: 200,
			body: 'json',
			json: { data, total: 5000, options: { page: 1, pageSize: 25 } }
		});
		await expect(page.getByTestId('users-odd-answer')).toContainText(
			'The agent sent 5,000 rows for a page of 25; the first 25 are shown.'
		);
		await expect(page.getByTestId('users-range')).toContainText('Showing 1 to 25 of 5,000');
		await expect(page.getByText('user24@example.com')).toBeVisible();
		await expect(page.getByText('user25@example.com')).toHaveCount(0);
	});
	await test.step('an absurd total: the pager stops at the last page it can ask for, and says so', async () => {
		const data = [{ id: 'u1', username: 'one@example.com', email: 'one@example.com', status: 1 }];
		await usersPageWith(page, agent, {
			status: 200,
			body: 'json',
			json: { data, total: 9e15 }
		});
		await expect(page.getByTestId('users-odd-answer')).toContainText(
			'more than the pager can reach: it goes up to page 1,000,000'
		);
		await expect(page.getByRole('link', { name: 'Last page' })).toHaveAttribute(
			'href',
			/page=1000000/
		);
		await usersPageWith(page, agent, { status: 200, body: 'json', json: { data, total: -3 } });
		await expect(page.getByTestId('users-odd-answer')).toContainText(
			'The agent reported a total of -3 users, which cannot be right'
		);
		await expect(page.getByTestId('users-range')).toContainText('Showing 1 to 1 of 1');
	});
	// Last of the answers: the console may ask after the agent once it has seen one.
	await test.step('a connection reset', () =>
		saysWhatFailed(page, agent, {
			name: 'a connection reset',
			fault: { body: 'reset' },
			message: /is unreachable, or this page's origin/,
			next: 'Change agent address'
		}));
	await test.step('401 mid-session: back to sign-in with the reason, then back to the same view', async () => {
		await control(agent, 'faults', undefined, 'DELETE');
		await visit(page, '/users?page=2');
		await expect(page.getByTestId('users-range')).toContainText('Showing 26 to 50');
		await control(agent, 'revoke', {});
		await page.getByRole('link', { name: 'Next page' }).click();
		await expect(page).toHaveURL(/\/login\?next=%2Fusers%3Fpage%3D3/);
		await expect(page.getByText(/no longer accepts it/)).toBeVisible();
		await signInWithForm(page, 'admin@example.com');
		await expect(page).toHaveURL(/\/users\?page=3/);
		await expect(page.getByTestId('users-range')).toContainText('Showing 51 to 75');
	});
	await test.step('slow past the timeout: says so and retries', async () => {
		await page.clock.install();
		const sent = page.waitForRequest((r) => r.url().includes('/user/get_all_users'));
		await usersPageWith(page, agent, { delayMs: 60_000, count: 1 });
		await sent;
		// The console's own 10-second limit, skipped on the page's clock.
		await page.clock.fastForward(10_500);
		await expect(alert(page)).toContainText(/did not answer within 10 seconds/);
		await page.getByRole('button', { name: 'Try again' }).click();
		await expect(page.getByTestId('users-range')).toContainText('Showing 1 to');
	});
});

test('failure catalogue: forms keep what was typed, and the console says what failed', async ({
	page,
	agent
}) => {
	test.setTimeout(150_000);
	await page.goto('/login');
	await test.step('sign-in: 499 with an unknown code', async () => {
		await fault(agent, {
			path: '/authentication/login',
			status: 499,
			count: 1,
			body: 'json',
			json: { type: 'MAINTENANCE', status: 499 }
		});
		await signInWithForm(page, 'admin@example.com');
		await expect(page.getByText('The agent reported MAINTENANCE.')).toBeVisible();
		await expect(page.getByLabel('Username')).toHaveValue('admin@example.com');
	});

	await test.step('sign-in: blocked by CORS', async () => {
		await control(agent, 'cors', { allowOrigins: [] });
		await signInWithForm(page, 'admin@example.com');
		await expect(
			page.getByText(/this page's origin \(http:\/\/localhost:\d+\) is not allowed/).first()
		).toBeVisible();
		await expect(page.getByLabel('Username')).toHaveValue('admin@example.com');
		await control(agent, 'cors', { allowOrigins: [E2E_ORIGIN] });
	});

	await test.step('forgot password: an HTML error page', async () => {
		await fault(agent, {
			path: '/authentication/forgot_password',
			status: 502,
			body: 'html',
			count: 1
		});
		await visit(page, '/forgot-password');
		await page.getByLabel('Username').fill('admin@example.com');
		await page.getByRole('button', { name: 'Send instructions' }).click();
		await expect(page.getByText(/could not be reached through a proxy \(502\)/)).toBeVisible();
		await expect(page.getByLabel('Username')).toHaveValue('admin@example.com');
	});

	await test.step('sign-in: 500 without a body', async () => {
		await visit(page, '/login');
		await fault(agent, { path: '/authentication/login', status: 500, count: 1 });
		await signInWithForm(page, 'admin@example.com');
		await expect(page.getByText(/unexpected error \(500\)/)).toBeVisible();
		await expect(page.getByLabel('Username')).toHaveValue('admin@example.com');
		// The next attempt goes through.
		await page.getByLabel('Password', { exact: true }).fill('Passw0rd!');
		await page.getByRole('button', { name: 'Sign in' }).click();
		await expect(page).toHaveURL(/\/$/);
	});

	await test.step('profile: saving answers 500; the edit stays', async () => {
		await visit(page, '/profile');
		await page.getByLabel('First name').fill('Kept');
		await fault(agent, { path: '/authentication/update_user', status: 500, count: 1 });
		await page.getByRole('button', { name: 'Save changes' }).click();
		await expect(page.getByText(/unexpected error \(500\)/)).toBeVisible();
		await expect(page.getByLabel('First name')).toHaveValue('Kept');
	});

	await test.step('profile: the profile itself cannot be read', async () => {
		// Leaving the unsaved edit above: the console asks first.
		page.once('dialog', (dialog) => void dialog.accept());
		await visit(page, '/');
		await fault(agent, {
			path: '/authentication/user',
			status: 200,
			body: 'json',
			json: ['not', 'a', 'profile']
		});
		await visit(page, '/profile');
		await expect(alert(page)).toContainText(/form this console does not understand/);
		await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
		await control(agent, 'faults', undefined, 'DELETE');
	});

	await test.step('a part that cannot be fetched (server gone, or the console updated): says so and offers a reload', async () => {
		await visit(page, '/');
		await visit(page, '/profile');
		await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
		// From now on, none of the console's own files can be fetched.
		await page.route('**/_app/immutable/**', (route) => route.abort('connectionrefused'));
		await page.getByTestId('agent-status').click();
		await expect(page.getByTestId('agent-menu-failed')).toContainText(
			"The agent's menu did not load"
		);
		const banner = page.getByTestId('load-failure');
		await expect(banner).toContainText('Part of this page did not load');
		// The page goes on working: the pill closes its menu, the profile stays.
		await page.keyboard.press('Escape');
		await expect(page.getByTestId('agent-menu-failed')).toBeHidden();
		await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();

		await page.unroute('**/_app/immutable/**');
		await banner.getByRole('button', { name: 'Reload the page' }).click();
		await expect(banner).toBeHidden();
		await page.getByTestId('agent-status').click();
		await expect(page.locator('#agent-menu')).toBeVisible();
		await expect(page.getByTestId('agent-menu-failed')).toHaveCount(0);
	});

	await test.step('sign-in: agent down', async () => {
		const port = await closedPort();
		await page.evaluate(({ key, url }) => localStorage.setItem(key, url), {
			key: AGENT_URL_KEY,
			url: `http://127.0.0.1:${port}`
		});
		// The console reads its agent's address when it loads.
		await page.goto('/login');
		await signInWithForm(page, 'admin@example.com');
		await expect(
			page.getByText(/is unreachable, or this page's origin \(http:\/\/localhost:\d+\)/).first()
		).toBeVisible();
		await expect(page.getByLabel('Username')).toHaveValue('admin@example.com');
		await expect(
			page
				.getByRole('link', { name: /Change the agent address|Change agent address|Settings/ })
				.first()
		).toBeVisible();
	});
});

test.describe('failure catalogue: live channels', () => {
	// Between attempts the status counts down; during one it says it is connecting.
	const RETRYING = /(Reconnecting in \d+ s|Connecting) \(attempt \d+\)/;

	/** The agent's sockets as `mode` from now on; the ones open are dropped. */
	const sockets = (sim: Simulator, mode: string) =>
		control(sim, 'sockets', { mode, action: 'drop' });

	/** The sockets back to normal, and both channels live again before the next case. */
	async function liveAgain(page: Page, sim: Simulator) {
		await control(sim, 'sockets', { mode: 'normal' });
		for (const name of ['notification', 'statechange']) {
			const status = page.getByTestId(`${name}-status`);
			const retry = page
				.getByRole('region')
				.filter({ has: status })
				.getByRole('button', { name: 'Retry now' });
			// Its own countdown may reconnect it first: then there is nothing left to click.
			await retry.click({ timeout: 2_000 }).catch(async (error: unknown) => {
				if (await retry.isVisible()) throw error;
			});
			await expect(status).toHaveText('Live', { timeout: 15_000 });
		}
	}

	test('a socket that never opens, closes at once, or is refused', async ({ page, agent }) => {
		test.setTimeout(120_000);
		await page.clock.install();
		await control(agent, 'sockets', { mode: 'hang' });
		await signInWithToken(page, agent);
		await page.goto('/events');
		await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();

		await test.step('a socket that never opens', async () => {
			// The sockets live in a worker shared by the tabs: the page sees its channel connecting.
			await expect(page.getByTestId('notification-status')).toContainText('Connecting');
			// The 5-second limit for a socket to open runs in the worker's hub, on real time: the
			// page's clock does not reach it, so the next line waits for it.
			await page.clock.fastForward(5_500);
			await expect(page.getByTestId('notification-status')).toContainText(/^Disconnected\./);
			await expect(page.getByTestId('notification-status')).toContainText(RETRYING);
			await expect(page.getByTestId('gap').first()).toContainText('may be missing');
			await control(agent, 'sockets', { mode: 'normal' });
			await retryNow(page);
			await expect(page.getByTestId('notification-status')).toHaveText('Live', {
				timeout: 15_000
			});
		});

		await test.step('a socket that closes at once', async () => {
			await liveAgain(page, agent);
			await sockets(agent, 'close-at-once');
			await expect(page.getByTestId('statechange-status')).toContainText(RETRYING, {
				timeout: 15_000
			});
		});

		await test.step('a socket refused by the agent', async () => {
			await liveAgain(page, agent);
			await sockets(agent, 'refuse');
			await expect(page.getByTestId('notification-status')).toContainText(
				/^Disconnected\. (Reconnecting in \d+ s|Connecting) \(attempt \d+\)/,
				{ timeout: 15_000 }
			);
		});
	});

	test('a flood of malformed frames, then the agent restarts', async ({ page, agent }) => {
		test.setTimeout(60_000);
		await signInWithToken(page, agent);
		await page.goto('/events');
		await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
		await test.step('a flood of malformed frames is counted and the page stays usable', async () => {
			// Both: a frame pushed before its socket is connected is lost.
			await bothLive(page);
			await control(agent, 'push', { channel: 'notification', raw: '{"Type":', count: 3000 });
			await control(agent, 'push', { channel: 'statechange', raw: '<html>', count: 2000 });
			await expect(page.getByTestId('notification-counts')).toContainText('3,000 unreadable');
			await expect(page.getByTestId('statechange-counts')).toContainText('2,000 unreadable');
			await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'Unreadable frame' });
			await expect(page.getByTestId('timeline-counts')).toContainText('5,000 shown (filtered)');
		});

		await test.step('the agent restarts: the sockets say it closed them, then come back', async () => {
			await expect(page.getByTestId('notification-status')).toHaveText('Live');
			await fetch(`${agent.url}/management/command/8`, { method: 'POST' });
			await expect(page.getByTestId('notification-status')).toContainText(
				'The agent closed the connection.'
			);
			// The agent's restart is made due at once (its control surface is down with it).
			agent.clock.advance(agent.options.restartSeconds * 1000);
			await expect(page.getByTestId('notification-status')).toHaveText('Live', {
				timeout: 20_000
			});
			await expect(page.getByTestId('statechange-status')).toHaveText('Live', {
				timeout: 20_000
			});
		});
	});
});
