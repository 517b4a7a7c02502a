import type { Page } from '@playwright/test';
import { control, expect, signInWithForm, signInWithToken, test } from './fixtures.ts';

/**
 * Page changes without waiting: a link's data is read while the pointer rests on it, and a page
 * opened again shows its last answer at once while a fresh one loads. The development agent holds
 * an answer (a fault's delay on its clock) until the test lets it go, so what shows before the
 * answer is seen for certain, without waiting for any time.
 */

const USERS = '/user/get_all_users';
const PROFILE = '/authentication/user';
/** An answer held this long on the agent's clock comes only when the test moves the clock. */
const HELD_MS = 60_000;

const hold = (sim: Parameters<typeof control>[0], path: string, more: object = {}) =>
	control(sim, 'faults', { path, delayMs: HELD_MS, count: 1, ...more });
const navLink = (page: Page, name: string) =>
	page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
const isUsersRead = (url: string) => new URL(url).pathname === USERS;
const usernames = (page: Page) =>
	page
		.locator('tbody tr')
		.locator('td[data-label="Username and e-mail"], td[data-label="Username"]');

test.describe('instant page changes', () => {
	test('resting the pointer on a link reads its page before the click', async ({ page, agent }) => {
		await signInWithToken(page, agent);
		await page.goto('/');
		await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
		const reads: string[] = [];
		page.on('request', (request) => isUsersRead(request.url()) && reads.push(request.url()));
		await hold(agent, USERS);

		const read = page.waitForRequest((request) => isUsersRead(request.url()), {
			timeout: 10_000
		});
		await navLink(page, 'Users').hover();
		await read;
		await expect(page).toHaveURL('/');

		// The click uses the read under way: the agent is asked once.
		await navLink(page, 'Users').click();
		await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
		agent.clock.advance(HELD_MS);
		await expect(page.getByTestId('users-range')).toContainText('Showing 1 to');
		expect(reads).toHaveLength(1);
	});

	test('a page opened again shows its last answer at once, then the fresh one', async ({
		page,
		agent
	}) => {
		await signInWithToken(page, agent);
		await page.goto('/');
		await navLink(page, 'Users').click();
		await expect(page.getByTestId('users-range')).toContainText('Showing 1 to');
		const first = (await usernames(page).first().textContent()) ?? '';
		expect(first).not.toBe('');
		await navLink(page, 'Overview').click();
		await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();

		// The fresh answer is held, and differs: one user that was not there before.
		const fresh = {
			id: 'fresh-1',
			firstname: 'Fresh',
			lastname: 'Answer',
			username: 'fresh.answer@example.com',
			email: 'fresh.answer@example.com',
			userType: 16,
			status: 1,
			owner: false,
			mfa: false,
			createDate: '2026-01-02T03:04:05Z'
		};
		await hold(agent, USERS, { status: 200, body: 'json', json: { data: [fresh], total: 1 } });
		const read = page.waitForRequest((request) => isUsersRead(request.url()));
		await navLink(page, 'Users').click();
		await read;
		await expect(usernames(page).first()).toHaveText(first);
		await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'true');
		await expect(page.getByText('fresh.answer@example.com')).toHaveCount(0);

		agent.clock.advance(HELD_MS);
		await expect(usernames(page)).toHaveCount(1);
		await expect(usernames(page).first()).toContainText('fresh.answer@example.com');
		await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
	});

	test('after a sign-out, nothing of the last user shows, even for the same user', async ({
		page,
		agent
	}) => {
		await signInWithToken(page, agent);
		await page.goto('/profile');
		const details = page.getByTestId('profile-details');
		await expect(details).toContainText('admin@example.com');

		const signOutAndIn = async (username: string, userType: string) => {
			await page.locator('[aria-controls="user-menu"]').click();
			await page.locator('#user-menu').getByRole('button', { name: 'Sign out' }).click();
			await expect(page).toHaveURL(/\/login/);
			// Every profile read of the next session is held: what shows comes from no answer.
			await hold(agent, PROFILE, { count: 10 });
			await signInWithForm(page, username, userType);
			await expect(page).toHaveURL('/profile');
			await expect(page.getByRole('status').getByText('Loading your profile')).toBeVisible();
			await expect(page.getByText('admin@example.com')).toHaveCount(0);
			await expect(page.getByText(username)).toHaveCount(0);
			await expect(details).toHaveCount(0);
			agent.clock.advance(HELD_MS);
			await expect(details).toContainText(username);
			await control(agent, 'faults', undefined, 'DELETE');
		};
		// The same user again: a new session starts empty too.
		await signOutAndIn('admin@example.com', 'Desktop admin');
		await signOutAndIn('standard@example.com', 'Desktop standard');
	});
});
