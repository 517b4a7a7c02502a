import { expect, signInWithForm, signInWithToken, test, control } from './fixtures.ts';

test.describe('profile', () => {
	const cases = [
		{
			username: 'admin@example.com',
			type: 16,
			expect: {
				'User type': 'Account admin, Desktop admin',
				Subscription: 'Yearly',
				'Signs in with': 'Hosted user directory'
			},
			badges: ['Account owner: yes', 'Multi-factor sign-in: no', 'Migrated account: no']
		},
		{
			username: 'creative@example.com',
			type: 32,
			expect: { 'User type': 'Account user, Desktop creative' },
			badges: ['Account owner: no']
		}
	];
	for (const c of cases) {
		test(`shows every field in words for ${c.username}`, async ({ page, agent }) => {
			await signInWithToken(page, agent, c.username, c.type);
			await page.goto('/profile');
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
		});
	}

	test('shows the identity provider and migration of a provider account', async ({
		page,
		agent
	}) => {
		const { idToken } = (await control(agent, 'id-token', {
			email: 'google.user@example.com'
		})) as { idToken: string };
		const jwt = (await (
			await fetch(`${agent.url}/authentication/google_login`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ idToken })
			})
		).json()) as string;
		await page.context().addInitScript(({ key, token }) => sessionStorage.setItem(key, token), {
			key: `agent-console:token:${agent.url}`,
			token: jwt
		});
		await page.goto('/profile');
		await expect(page.getByTestId('profile-details')).toContainText('Google');
		await expect(page.getByRole('list', { name: 'Account flags' })).toContainText(
			'Migrated account: yes'
		);
	});

	test('edits names: a validation error, then the agent stored value', async ({ page, agent }) => {
		await signInWithToken(page, agent);
		await page.goto('/profile');
		const first = page.getByLabel('First name');
		await expect(first).toHaveValue('Alex');
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
		await expect(page.getByLabel('First name')).toHaveValue('Alexa');
	});

	test('shows the agent refusal for a non-admin renaming the account', async ({ page, agent }) => {
		await signInWithToken(page, agent, 'standard@example.com', 64);
		await page.goto('/profile');
		await page.getByLabel('Account name').fill('Mine now');
		await page.getByRole('button', { name: 'Save changes' }).click();
		await expect(page.getByRole('alert')).toHaveText(
			'Only an account administrator can rename the account.'
		);
		await expect(page.getByLabel('Account name')).toHaveValue('Mine now');
	});

	test('changes the password with a wrong then the right current one, then signs in with it', async ({
		page,
		agent
	}) => {
		await signInWithToken(page, agent);
		await page.goto('/profile');
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
});

test.describe('unsaved input and the end of a session', () => {
	test('an expiring session keeps typed input on screen and says so', async ({ page }) => {
		await page.clock.install();
		await page.goto('/login?next=/profile');
		await signInWithForm(page, 'admin@example.com');
		await page.getByLabel('First name').fill('Half-typed name');
		// The token lasts an hour: the page's clock skips past it.
		await page.clock.fastForward('01:00:05');
		await expect(page.getByTestId('session-ended-unsaved')).toContainText('Your session expired.');
		await expect(page.getByTestId('session-ended-unsaved')).toContainText(
			'changes that are not saved'
		);
		await expect(page).toHaveURL('/profile');
		await expect(page.getByLabel('First name')).toHaveValue('Half-typed name');
		await page.getByRole('button', { name: 'Sign in again' }).click();
		await expect(page).toHaveURL('/login?next=%2Fprofile');
	});

	test('a 401 while saving keeps the input and explains', async ({ page, agent }) => {
		await signInWithToken(page, agent);
		await page.goto('/profile');
		await page.getByLabel('Last name').fill('Typed before revoke');
		await control(agent, 'revoke', {});
		await page.getByRole('button', { name: 'Save changes' }).click();
		await expect(page.getByTestId('session-ended-unsaved')).toContainText(
			'the agent no longer accepts it'
		);
		await expect(page.getByLabel('Last name')).toHaveValue('Typed before revoke');
	});

	test('without unsaved input the session end goes straight to sign-in', async ({
		page,
		agent
	}) => {
		await signInWithToken(page, agent);
		await page.goto('/profile');
		await expect(page.getByLabel('First name')).toHaveValue('Alex');
		await control(agent, 'revoke', {});
		await page.reload();
		await expect(page).toHaveURL('/login?next=%2Fprofile');
	});
});

test.describe('profile changed elsewhere', () => {
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

	test('the page shows the new profile when the agent says it changed', async ({ page, agent }) => {
		const token = await signInWithToken(page, agent);
		await page.goto('/profile');
		await expect(page.getByLabel('First name')).toHaveValue('Alex');
		await expect.poll(() => agent.live.clientCount('notification')).toBe(1);
		await renameElsewhere(agent.url, token, 'Alexandra');
		await expect(page.getByTestId('profile-details')).toContainText('Alexandra');
		await expect(page.getByLabel('First name')).toHaveValue('Alexandra');
	});

	test('an edit in progress is kept, and the page says the profile changed under it', async ({
		page,
		agent
	}) => {
		const token = await signInWithToken(page, agent);
		await page.goto('/profile');
		await expect(page.getByLabel('First name')).toHaveValue('Alex');
		await expect.poll(() => agent.live.clientCount('notification')).toBe(1);
		await page.getByLabel('Last name').fill('Typed-here');
		await renameElsewhere(agent.url, token, 'Alexandra');
		await expect(page.getByTestId('profile-details')).toContainText('Alexandra');
		await expect(page.getByLabel('Last name')).toHaveValue('Typed-here');
		await expect(page.getByLabel('First name')).toHaveValue('Alex');
		await expect(page.getByTestId('changed-elsewhere')).toBeVisible();
		await page.getByRole('button', { name: 'Use the new values instead' }).click();
		await expect(page.getByLabel('First name')).toHaveValue('Alexandra');
		await expect(page.getByLabel('Last name')).toHaveValue('Admin');
		await expect(page.getByTestId('changed-elsewhere')).toBeHidden();
	});
});
