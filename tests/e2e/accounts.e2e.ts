import type { Page } from '@playwright/test';
import type { Simulator } from '../../simulator/index.ts';
import { expect, outbox, signInWithForm, signInWithToken, test, visit } from './fixtures.ts';

/** The users page, signed in as the administrator. */
async function openUsers(page: Page, agent: Simulator) {
	await signInWithToken(page, agent);
	await page.goto('/users');
	await expect(page.getByTestId('users-range')).toContainText('Showing');
}

/** Closes the open user's panel, if one is open, as its Close button does. */
async function closeUser(page: Page) {
	const panel = page.getByTestId('user-panel');
	if (await panel.isVisible()) await panel.getByRole('button', { name: 'Close' }).click();
	await expect(panel).toHaveCount(0);
}

async function openUser(page: Page, name: string, search: string) {
	await closeUser(page);
	await page.getByLabel(/^Search by/).fill(search);
	await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(search)}`));
	await page.getByRole('button', { name }).first().click();
	return page.getByTestId('user-panel');
}

const confirmDialog = (page: Page) => page.getByTestId('confirm-dialog');

test.describe('a user account, by an administrator', () => {
	// One users page; the steps that change accounts come after the ones that read them.
	test('opens accounts, says what can be done, and does it with the agent', async ({
		page,
		agent
	}) => {
		test.setTimeout(120_000);
		await openUsers(page, agent);

		await test.step('yourself and the owner cannot be deactivated, and the panel says why', async () => {
			const me = await openUser(page, 'Alex Admin', 'admin@example.com');
			await expect(me.getByTestId('user-account')).toContainText(
				'You cannot deactivate yourself: another administrator can.'
			);
			await expect(me.getByRole('button', { name: 'Deactivate…' })).toHaveCount(0);
		});

		await test.step('a user of an identity provider has no password to reset', async () => {
			const panel = await openUser(page, 'Gale Google', 'google.user@');
			await expect(panel.getByTestId('user-account')).toContainText('no password to reset here');
			await expect(panel.getByRole('button', { name: /password reset/ })).toHaveCount(0);
		});

		await test.step('a password reset e-mail, confirmed, lands in the agent outbox', async () => {
			const panel = await openUser(page, 'Casey Creative', 'creative@');
			await panel.getByRole('button', { name: 'Send a password reset e-mail…' }).click();
			await expect(confirmDialog(page)).toContainText('cannot confirm delivery');
			await confirmDialog(page).getByRole('button', { name: 'Send the e-mail' }).click();
			await expect(panel.getByTestId('user-account')).toContainText(
				'Asked the agent to send a password reset e-mail to creative@example.com.'
			);
			const mails = await outbox(agent, 'creative@example.com');
			expect(mails.map((m) => m.kind)).toEqual(['password-reset']);
		});

		await test.step('an agent that keeps the old status is said so, not read as done', async () => {
			// Casey's panel is open. Another administrator made Casey pending meanwhile: the agent
			// keeps a pending status.
			const panel = page.getByTestId('user-panel');
			agent.state.findByUsername('creative@example.com')!.status = 4;
			await panel.getByRole('button', { name: 'Deactivate…' }).click();
			await confirmDialog(page).getByRole('button', { name: 'Deactivate' }).click();
			await expect(panel.getByTestId('user-account')).toContainText(
				'The agent kept the status of Casey Creative (creative@example.com) as Pending: it did not deactivate them.'
			);
			await expect(page.getByTestId('users-outcome')).toHaveCount(0);
		});

		await test.step('deactivate, then reactivate, each confirmed; the agent stores both', async () => {
			const panel = await openUser(page, 'Sam Standard', 'standard@');
			const sam = () => agent.state.findByUsername('standard@example.com')!;

			// Cancel sends nothing.
			await panel.getByRole('button', { name: 'Deactivate…' }).click();
			await expect(confirmDialog(page)).toContainText('can no longer sign in');
			await confirmDialog(page).getByRole('button', { name: 'Cancel' }).click();
			await expect(confirmDialog(page)).toHaveCount(0);
			expect(sam().status).toBe(1);

			await panel.getByRole('button', { name: 'Deactivate…' }).click();
			await confirmDialog(page).getByRole('button', { name: 'Deactivate' }).click();
			await expect(page.getByTestId('users-outcome')).toContainText(
				'Deactivated Sam Standard (standard@example.com). They can no longer sign in.'
			);
			expect(sam().status).toBe(2);
			await expect(panel).toContainText('Inactive');

			await panel.getByRole('button', { name: 'Reactivate…' }).click();
			await expect(confirmDialog(page)).toContainText('can sign in again');
			await confirmDialog(page).getByRole('button', { name: 'Reactivate' }).click();
			await expect(page.getByTestId('users-outcome')).toContainText(
				'Reactivated Sam Standard (standard@example.com). They can sign in again.'
			);
			expect(sam().status).toBe(1);
			await expect(panel.getByRole('button', { name: 'Deactivate…' })).toBeVisible();
		});

		await test.step('search by name finds whom the username search cannot, and says how', async () => {
			const listed = [...agent.state.users.values()].filter((u) => !u.deleted);
			const expected = listed.filter((u) =>
				['sasha', 'sms'].every((w) => `${u.firstName} ${u.lastName}`.toLowerCase().includes(w))
			);
			expect(expected.length).toBeGreaterThan(0);

			await closeUser(page);
			await page.getByLabel('Search in').selectOption({ label: 'Names' });
			await expect(page).toHaveURL(/[?&]by=1\b/);
			await page.getByLabel('Search by name').fill('Sasha sms');
			await expect(page).toHaveURL(/[?&]q=Sasha/);
			await expect(page.getByTestId('users-total')).toHaveText(
				`${expected.length} ${expected.length === 1 ? 'user' : 'users'} match`
			);
			await expect(page.getByRole('button', { name: 'Sasha Sms' })).toBeVisible();
			await expect(page.getByTestId('name-search-note')).toHaveText(
				`The agent searches usernames only, so this console looked for the name itself, in all ${listed.length} users the agent lists.`
			);

			// The same words as a username: the agent finds nobody, and no note is needed.
			await page.getByLabel('Search in').selectOption({ label: 'Usernames' });
			await expect(page.getByLabel('Search by username')).toHaveValue('Sasha sms');
			await expect(page.getByTestId('users-empty')).toBeVisible();
			await expect(page.getByTestId('name-search-note')).toHaveCount(0);
		});
	});
});

// One signed-out tab: an inactive user is refused, then a user who is no administrator signs in.
test('someone who is not an administrator: refused while inactive, read-only on the users page', async ({
	page
}) => {
	test.setTimeout(45_000);

	await test.step('sign-in names the action an administrator has: Reactivate', async () => {
		await page.goto('/login');
		await signInWithForm(page, 'inactive@example.com', 'Desktop standard');
		await expect(page.getByRole('alert')).toContainText('Ask an administrator to reactivate it.');
		await expect(page.getByTestId('inactive-advice')).toHaveText(
			'An administrator can do it in this console: Users, open your account, Reactivate.'
		);
	});

	await test.step('someone who cannot change users is told so on the users page', async () => {
		await signInWithForm(page, 'standard@example.com', 'Desktop standard');
		await expect(page.getByRole('button', { name: 'standard@example.com' })).toBeVisible();
		await visit(page, '/users');
		await expect(page.getByTestId('users-range')).toContainText('Showing');
		await expect(page.getByTestId('users-read-only')).toHaveText(
			'You can look people up here. Only an administrator can invite, change, deactivate or delete users.'
		);
		await page.locator('tbody tr').first().getByRole('button').click();
		await expect(page.getByTestId('user-panel')).toBeVisible();
		await expect(page.getByTestId('user-account')).toHaveCount(0);
	});
});
