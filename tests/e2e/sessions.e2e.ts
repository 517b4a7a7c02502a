import type { Page } from '@playwright/test';
import type { Simulator } from '../../simulator/index.ts';
import { KEPT, expect, push, signInWithForm, stored, test, tokenKey, visit } from './fixtures.ts';

/** Signs in through the agent's API, as `username`, and returns the token. */
async function apiToken(sim: Simulator, username: string, type: number) {
	const res = await fetch(`${sim.url}/authentication/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ username, password: 'Passw0rd!', type })
	});
	return ((await res.json()) as { jwtToken: string }).jwtToken;
}

/** Whether the agent still accepts a token. */
const accepted = async (sim: Simulator, token: string) =>
	(await fetch(`${sim.url}/authentication/user?token=${encodeURIComponent(token)}`)).status === 200;

/** Opens a tab signed in with its own token, as a sign-in in that tab would leave it. */
async function tabWithToken(page: Page, sim: Simulator, token: string, path: string) {
	await page.goto('/settings');
	await page.evaluate(({ key, token }) => sessionStorage.setItem(key, token), {
		key: tokenKey(sim.url),
		token
	});
	await page.goto(path);
}

const signOut = async (page: Page) => {
	await page.locator('[aria-controls="user-menu"]').click();
	await page.locator('#user-menu').getByRole('button', { name: 'Sign out' }).click();
	await expect(page).toHaveURL(/\/login/);
};

/** The console's keys left in this tab's session storage. */
const sessionKeys = (page: Page) =>
	page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('agent-console:')));

test.describe('sessions', () => {
	test('signing out in one tab signs out the other tabs and ends every tab’s token at the agent', async ({
		page,
		agent
	}) => {
		const first = await apiToken(agent, 'admin@example.com', 16);
		const second = await apiToken(agent, 'admin@example.com', 16);
		await tabWithToken(page, agent, first, '/profile');
		const other = await page.context().newPage();
		await tabWithToken(other, agent, second, '/profile');
		await expect(other.getByRole('heading', { name: 'Profile' })).toBeVisible();
		expect(await accepted(agent, second)).toBe(true);

		await signOut(page);
		await expect(other).toHaveURL(/\/login/);
		await expect(other.getByText('You signed out in another tab.')).toBeVisible();
		await expect.poll(() => accepted(agent, first)).toBe(false);
		await expect.poll(() => accepted(agent, second)).toBe(false);
	});

	// One tab, signing in and out as one user and another.
	test('a sign-out leaves nothing of its user in the tab, and another user starts with an empty timeline', async ({
		page,
		agent
	}) => {
		test.setTimeout(60_000);

		await test.step('after a sign-out the tab keeps nothing of its user in session storage', async () => {
			await page.goto('/login');
			await signInWithForm(page, 'admin@example.com');
			await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
			await visit(page, '/profile');
			await page.getByRole('button', { name: 'Turn on' }).click();
			await expect(page.getByTestId('mfa-enrol')).toBeVisible();
			expect(await sessionKeys(page)).toEqual(
				expect.arrayContaining([expect.stringMatching(/^agent-console:mfa-enrolment:/)])
			);
			await signOut(page);
			// Only why the session ended, for the sign-in page to say after a reload: no user's data.
			expect(await sessionKeys(page)).toEqual(['agent-console:session-ended']);
			expect(await page.evaluate(() => sessionStorage.getItem('agent-console:session-ended'))).toBe(
				'You signed out.'
			);
			await expect(page.getByLabel('Username')).toHaveValue('');
		});

		await test.step('another user of the agent starts with an empty timeline, and the first keeps theirs', async () => {
			await signInWithForm(page, 'admin@example.com');
			await expect(page.getByRole('button', { name: 'admin@example.com' })).toBeVisible();
			await visit(page, '/events');
			await expect(page.getByTestId('statechange-status')).toHaveText('Live');
			await push(agent, 'statechange', { Path: '/admin/secret-plan.psd', State: 4 });
			await expect(page.getByTestId('timeline')).toContainText('/admin/secret-plan.psd');
			await expect.poll(() => stored(page, agent.url), KEPT).toBeGreaterThan(0);
			await signOut(page);

			// Back where the last user was: the events.
			await signInWithForm(page, 'standard@example.com', 'Desktop standard');
			await expect(page).toHaveURL('/events');
			await expect(page.getByTestId('statechange-status')).toHaveText('Live');
			await expect(page.getByTestId('timeline-empty')).toContainText(
				'events this browser kept for another user of this agent are not shown'
			);
			await expect(page.getByText('/admin/secret-plan.psd')).toHaveCount(0);
			await signOut(page);

			await signInWithForm(page, 'admin@example.com');
			await expect(page).toHaveURL('/events');
			await expect(page.getByTestId('timeline')).toContainText('/admin/secret-plan.psd');
		});
	});
});
