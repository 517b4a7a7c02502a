import type { Page } from '@playwright/test';
import { control, expect, signInWithForm, signInWithToken, test, visit } from './fixtures.ts';

/** What the profile shows of a user, in words. */
type Shown = { username: string; expect: Record<string, string>; badges: string[] };

const admin: Shown = {
	username: 'admin@example.com',
	expect: {
		'User type': 'Account admin, Desktop admin',
		Subscription: 'Yearly',
		'Signs in with': 'Hosted user directory'
	},
	badges: ['Account owner: yes', 'Multi-factor sign-in: no', 'Migrated account: no']
};
const creative: Shown = {
	username: 'creative@example.com',
	expect: { 'User type': 'Account user, Desktop creative' },
	badges: ['Account owner: no']
};

async function showsEveryField(page: Page, c: Shown) {
	const details = page.getByTestId('profile-details');
	await expect(details).toContainText(c.username);
	for (const [label, value] of Object.entries(c.expect)) {
		await expect(
			details.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]')
		).toHaveText(value);
	}
	for (const badge of c.badges)
		await expect(page.getByRole('list', { name: 'Account flags' })).toContainText(badge);
	await expect(details).toContainText(/Account ID[\s\S]*[0-9a-f-]{36}/);
	expect(await page.content()).not.toContain('eyJ');
}

const signOut = async (page: Page) => {
	await page.locator('[aria-controls="user-menu"]').click();
	await page.locator('#user-menu').getByRole('button', { name: 'Sign out' }).click();
	await expect(page).toHaveURL(/\/login/);
};

/** Another client of the agent renames the user; the agent announces it on /notification. */
async function renameElsewhere(agentUrl: string, token: string, firstName: string) {
	const res = await fetch(
		`${agentUrl}/authentication/update_user?token=${encodeURIComponent(token)}`,
		{
			method: 'PUT',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ accountName: 'Example Ltd', firstName, lastName: 'Admin' })
		}
	);
	expect(res.status).toBe(200);
}

// An expiring session over unsaved input on this page: signin-redirect.e2e.ts.
test.describe('profile', () => {
	// One tab: the administrator's profile, changed here and elsewhere, then other users' profiles.
	test('shows, edits and guards the profile, for each kind of user', async ({ page, agent }) => {
		test.setTimeout(180_000);
		const token = await signInWithToken(page, agent);
		const first = page.getByLabel('First name');

		await test.step(`shows every field in words for ${admin.username}`, async () => {
			await page.goto('/profile');
			await showsEveryField(page, admin);
		});

		await test.step('the page shows the new profile when the agent says it changed', async () => {
			await expect(first).toHaveValue('Alex');
			await expect.poll(() => agent.live.clientCount('notification')).toBe(1);
			await renameElsewhere(agent.url, token, 'Alexandra');
			await expect(page.getByTestId('profile-details')).toContainText('Alexandra');
			await expect(first).toHaveValue('Alexandra');
		});

		await test.step('an edit in progress is kept, and the page says the profile changed under it', async () => {
			await page.getByLabel('Last name').fill('Typed-here');
			await renameElsewhere(agent.url, token, 'Alexis');
			await expect(page.getByTestId('profile-details')).toContainText('Alexis');
			await expect(page.getByLabel('Last name')).toHaveValue('Typed-here');
			await expect(first).toHaveValue('Alexandra');
			await expect(page.getByTestId('changed-elsewhere')).toBeVisible();
			await page.getByRole('button', { name: 'Use the new values instead' }).click();
			await expect(first).toHaveValue('Alexis');
			await expect(page.getByLabel('Last name')).toHaveValue('Admin');
			await expect(page.getByTestId('changed-elsewhere')).toBeHidden();
		});

		await test.step('edits names: a validation error, then the agent stored value', async () => {
			await first.fill('');
			await page.getByRole('button', { name: 'Save changes' }).click();
			await expect(page.getByText('Enter a first name.')).toBeVisible();
			await first.fill('  Alexa  ');
			await page.getByLabel('Account name').fill('Acme Films');
			await first.press('Enter');
			await expect(page.getByText('Your changes are saved.')).toBeVisible();
			await expect(first).toHaveValue('Alexa');
			await expect(page.getByTestId('profile-details')).toContainText('Acme Films');
			await page.reload();
			await expect(first).toHaveValue('Alexa');
		});

		await test.step('changes the password with a wrong then the right current one, then signs in with it', async () => {
			await page.getByLabel('Current password').fill('nope');
			await page.getByLabel('New password', { exact: true }).fill('N3wpassword');
			await page.getByLabel('New password again').fill('N3wpassword');
			await page.getByRole('button', { name: 'Change password' }).click();
			await expect(page.getByText('The current password is not correct.')).toBeVisible();
			await page.getByLabel('Current password').fill('Passw0rd!');
			await page.getByRole('button', { name: 'Change password' }).click();
			await expect(page.getByText('Password changed.')).toBeVisible();
			await page.getByRole('button', { name: 'admin@example.com' }).click();
			await page.locator('#user-menu').getByRole('button', { name: 'Sign out' }).click();
			await signInWithForm(page, 'admin@example.com', 'Desktop admin', 'N3wpassword');
			await expect(page).toHaveURL('/profile');
		});

		await test.step('a 401 while saving keeps the input and explains', async () => {
			await page.getByLabel('Last name').fill('Typed before revoke');
			await control(agent, 'revoke', {});
			await page.getByRole('button', { name: 'Save changes' }).click();
			await expect(page.getByTestId('session-ended-unsaved')).toContainText(
				'the agent no longer accepts it'
			);
			await expect(page.getByLabel('Last name')).toHaveValue('Typed before revoke');
		});

		await test.step('without unsaved input the session end goes straight to sign-in', async () => {
			await page.getByRole('button', { name: 'Sign in again' }).click();
			await signInWithForm(page, 'admin@example.com', 'Desktop admin', 'N3wpassword');
			await expect(page).toHaveURL('/profile');
			await expect(first).toHaveValue('Alexa');
			await control(agent, 'revoke', {});
			await page.reload();
			await expect(page).toHaveURL('/login?next=%2Fprofile');
		});

		await test.step('shows the agent refusal for a non-admin renaming the account', async () => {
			await signInWithForm(page, 'standard@example.com', 'Desktop standard');
			await expect(page).toHaveURL('/profile');
			await page.getByLabel('Account name').fill('Mine now');
			await page.getByRole('button', { name: 'Save changes' }).click();
			await expect(page.getByRole('alert')).toHaveText(
				'Only an account administrator can rename the account.'
			);
			await expect(page.getByLabel('Account name')).toHaveValue('Mine now');
			// The refused name is still unsaved: signing out keeps it on screen until asked to go.
			await page.locator('[aria-controls="user-menu"]').click();
			await page.locator('#user-menu').getByRole('button', { name: 'Sign out' }).click();
			await page.getByRole('button', { name: 'Sign in again' }).click();
			await expect(page).toHaveURL(/\/login/);
		});

		await test.step(`shows every field in words for ${creative.username}`, async () => {
			await signInWithForm(page, 'creative@example.com', 'Desktop creative');
			await expect(page.getByRole('button', { name: 'creative@example.com' })).toBeVisible();
			await visit(page, '/profile');
			await showsEveryField(page, creative);
			await signOut(page);
		});

		await test.step('shows the identity provider and migration of a provider account', async () => {
			const { idToken } = (await control(agent, 'id-token', {
				email: 'google.user@example.com'
			})) as { idToken: string };
			await page.getByText('Paste an ID token instead').click();
			await page.getByLabel('ID token from Google').fill(idToken);
			await page.getByRole('button', { name: 'Continue with this token' }).click();
			await expect(page.getByRole('button', { name: 'google.user@example.com' })).toBeVisible();
			await visit(page, '/profile');
			await expect(page.getByTestId('profile-details')).toContainText('Google');
			await expect(page.getByRole('list', { name: 'Account flags' })).toContainText(
				'Migrated account: yes'
			);
		});
	});
});
