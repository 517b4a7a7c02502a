import { E2E_ORIGIN } from '../../playwright.config.ts';
import { agentToken } from '../agent.ts';
import {
	closedPort,
	control,
	expect,
	signInWithToken,
	test,
	tokenKey,
	visit,
	AGENT_URL_KEY
} from './fixtures.ts';

test('nobody signed in: security headers, the not-found page, and the status badge on every page', async ({
	page,
	agent
}) => {
	test.setTimeout(120_000);
	await test.step('the server sends the security headers', async () => {
		const response = await page.goto('/settings');
		const headers = response?.headers() ?? {};
		expect(headers['referrer-policy']).toBe('no-referrer');
		expect(headers['cross-origin-opener-policy']).toBe('same-origin');
		// Read as directives, so neither their order nor a longer source list can hide a change.
		const policy = new Map(
			(headers['content-security-policy'] ?? '').split(';').map((directive) => {
				const [name = '', ...sources] = directive.trim().split(/\s+/);
				return [name, sources] as const;
			})
		);
		expect(policy.get('script-src')).toEqual(["'self'"]);
		expect(policy.get('worker-src')).toEqual(["'self'"]);
		expect(policy.get('default-src')).toEqual(["'self'"]);
		expect(policy.get('object-src')).toEqual(["'none'"]);
		expect(policy.get('base-uri')).toEqual(["'none'"]);
		expect(policy.get('frame-ancestors')?.[0]).toBe("'self'");
		expect(policy.get('connect-src')).not.toContain('*');
	});

	await test.step('the not-found page does not repeat the address, so a link cannot put words in its mouth', async () => {
		// A number no port of the agent's address (shown on the page) can contain.
		await page.goto('/Your-account-is-locked-call-555-0199');
		await expect(page.getByRole('heading', { name: 'There is no such page' })).toBeVisible();
		await expect(page.getByRole('link', { name: 'Go to the overview' })).toBeVisible();
		await expect(page.locator('body')).not.toContainText(/locked|555-0199/i);
		expect(await page.title()).not.toMatch(/locked|555-0199/i);
	});

	const cases = [
		[0, 'Running, nobody signed in'],
		[1, 'Running'],
		[2, 'Stopped'],
		[4, 'Paused'],
		[8, 'Needs a new sign-in'],
		[99, 'Unknown status (99)']
	] as const;
	for (const [status, label] of cases)
		await test.step(`shows ${label} for status ${status} on every page`, async () => {
			await control(agent, 'status', { status });
			await page.goto('/');
			await expect(page.getByTestId('agent-status').getByRole('status')).toHaveText(label);
			await visit(page, '/settings');
			await expect(page.getByTestId('agent-status').getByRole('status')).toHaveText(label);
		});

	// Last: from here on the console looks for the agent where nothing answers.
	await test.step('shows Unreachable when nothing answers at the address', async () => {
		const port = await closedPort();
		await page.addInitScript(({ key, url }) => localStorage.setItem(key, url), {
			key: AGENT_URL_KEY,
			url: `http://127.0.0.1:${port}`
		});
		await page.goto('/');
		await expect(page).toHaveURL(/\/login/);
		await expect(page.getByTestId('agent-status')).toContainText('Unreachable');
		await expect(page.getByTestId('agent-problem')).toContainText(
			`The agent at http://127.0.0.1:${port} is unreachable, or this page's origin (${E2E_ORIGIN}) is not allowed by the agent.`
		);
	});
});

test('signed in: deep links, the not-found page, the keyboard, and the status badge on Check now', async ({
	page,
	agent
}) => {
	test.setTimeout(120_000);
	await signInWithToken(page, agent);

	await test.step('deep links are served by the fallback and render their page', async () => {
		await page.goto('/settings');
		await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
		await page.reload();
		await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
		await page
			.getByRole('navigation', { name: 'Main' })
			.getByRole('link', { name: 'Overview' })
			.click();
		await expect(page).toHaveURL('/');
		await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
	});

	await test.step('an unknown path shows the console own not-found page', async () => {
		const response = await page.goto('/no/such/page');
		expect(response?.status()).toBe(200);
		await expect(page.getByRole('heading', { name: 'There is no such page' })).toBeVisible();
		await page.getByRole('link', { name: 'Go to the overview' }).click();
		await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
	});

	await test.step('skip link and navigation work with the keyboard alone', async () => {
		await page.goto('/');
		await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
		await page.keyboard.press('Tab');
		await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
		await page.keyboard.press('Enter');
		await expect(page).toHaveURL(/#main$/);
		await page.goto('/');
		const settings = page
			.getByRole('navigation', { name: 'Main' })
			.getByRole('link', { name: 'Settings' });
		await settings.focus();
		await page.keyboard.press('Enter');
		await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
		await expect(page.getByLabel('Address', { exact: true })).toBeFocused();
	});

	await test.step('follows a status change on Check now without a reload', async () => {
		await visit(page, '/');
		await expect(page.getByTestId('agent-status').getByRole('status')).toHaveText('Running');
		await control(agent, 'status', { status: 4 });
		await page.getByRole('button', { name: 'Check now' }).click();
		await expect(page.getByTestId('agent-status')).toContainText('Paused');
		await control(agent, 'status', { status: 1 });
	});

	await test.step('recovers from a dropped connection on Check now', async () => {
		await control(agent, 'faults', { path: '/management/agent_status', body: 'reset', count: 20 });
		await page.goto('/');
		await expect(page.getByTestId('agent-status')).toContainText('Unreachable');
		await expect(page.getByText(/next try at/)).toBeVisible();
		await control(agent, 'faults', undefined, 'DELETE');
		await page.getByRole('button', { name: 'Check now' }).click();
		await expect(page.getByTestId('agent-status').getByRole('status')).toHaveText('Running');
	});

	await test.step('shows a status object raw, and a non-agent answer as Not an agent', async () => {
		await control(agent, 'faults', {
			path: '/management/agent_status',
			body: 'json',
			json: { state: 'Running' },
			count: 50
		});
		await page.goto('/');
		await expect(page.getByTestId('agent-status')).toContainText('Status object');
		await expect(page.getByText('{"state":"Running"}')).toBeVisible();
		await control(agent, 'faults', undefined, 'DELETE');
		await control(agent, 'faults', { path: '/management/agent_status', body: 'html', count: 50 });
		await page.getByRole('button', { name: 'Check now' }).click();
		await expect(page.getByTestId('agent-status')).toContainText('Not an agent');
		await control(agent, 'faults', undefined, 'DELETE');
	});
});

test('the overview: the address, the update check, the session and its end', async ({
	page,
	agent
}) => {
	test.setTimeout(90_000);
	const token = await signInWithToken(page, agent);

	await test.step('explains a failed update check and retries it', async () => {
		await control(agent, 'faults', { path: '/management/check_update', status: 500 });
		await page.goto('/');
		await expect(page.getByTestId('overview-update')).toContainText(
			'The agent hit an unexpected error (500)'
		);
		await page.getByTestId('overview-update').getByRole('button', { name: 'Try again' }).click();
		await expect(page.getByTestId('overview-update')).toContainText('Up to date');
	});

	await test.step('shows the address, the update check and an update when there is one', async () => {
		await expect(page.getByTestId('overview-address')).toHaveText(agent.url);
		await expect(page.getByTestId('overview-update')).toContainText('Up to date');
		await expect(page.getByTestId('overview-update')).toContainText('Version 3.4.2');
		await control(agent, 'update', { isUpdateRequired: true, newVersion: '3.5.0' });
		await page.reload();
		await expect(page.getByTestId('overview-update')).toContainText('Update available: 3.5.0');
	});

	await test.step('shows the session expiry, and signing out ends the session on the agent', async () => {
		await expect(page.getByTestId('overview-session')).toContainText(
			'Signed in as admin@example.com'
		);
		await expect(page.getByTestId('overview-session')).toContainText(
			/The session expires in (59 minutes|60 minutes|1 hour)/
		);
		await page.getByRole('button', { name: 'admin@example.com' }).click();
		await expect(page.locator('#user-menu')).toContainText('Session expires in');
		await page.locator('#user-menu').getByRole('button', { name: 'Sign out' }).click();
		await expect(page).toHaveURL('/login?next=%2F');
		await expect(page.getByText('You signed out.')).toBeVisible();
		const check = await fetch(`${agent.url}/authentication/user?token=${token}`);
		expect(check.status).toBe(401);
		expect(
			await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.includes('token')))
		).toEqual([]);
	});

	await test.step('a token the agent no longer accepts ends the session with the reason', async () => {
		// A new session, as a sign-in leaves it, that the agent then no longer accepts.
		const next = await agentToken(agent);
		await page.evaluate(({ key, token }) => sessionStorage.setItem(key, token), {
			key: tokenKey(agent.url),
			token: next
		});
		await control(agent, 'revoke', {});
		await page.goto('/');
		await expect(page).toHaveURL(/\/login/);
		await expect(page.getByText('Your session ended')).toBeVisible();
	});
});

test('the theme: light, dark and system, remembered, following the system and other tabs', async ({
	page,
	context
}) => {
	test.setTimeout(60_000);
	const html = page.locator('html');
	await page.emulateMedia({ colorScheme: 'light' });

	await test.step('switches light, dark and system, and remembers the choice', async () => {
		await page.goto('/');
		await expect(html).not.toHaveClass(/dark/);
		await page.getByRole('button', { name: /System theme/ }).click();
		await expect(page.getByRole('button', { name: /Light theme/ })).toBeVisible();
		await page.getByRole('button', { name: /Light theme/ }).click();
		await expect(html).toHaveClass(/dark/);
		await page.reload();
		await expect(html).toHaveClass(/dark/);
		await expect(page.getByRole('button', { name: /Dark theme/ })).toBeVisible();
	});

	await test.step("system follows the operating system as it changes, and another tab's choice applies here", async () => {
		// No choice made yet, as on a first visit.
		await page.evaluate(() => localStorage.removeItem('agent-console:theme'));
		await page.reload();
		await expect(page.getByRole('button', { name: /System theme/ })).toBeVisible();
		await expect(html).not.toHaveClass(/dark/);
		await page.emulateMedia({ colorScheme: 'dark' });
		await expect(html).toHaveClass(/dark/);
		await page.emulateMedia({ colorScheme: 'light' });
		await expect(html).not.toHaveClass(/dark/);
		// Another tab chooses dark: this one follows without a reload.
		const other = await context.newPage();
		await other.goto('/settings');
		await other.getByRole('button', { name: /System theme/ }).click();
		await other.getByRole('button', { name: /Light theme/ }).click();
		await expect(page.getByRole('button', { name: /Dark theme/ })).toBeVisible();
		await expect(html).toHaveClass(/dark/);
	});
});
