import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { Simulator } from '../../simulator/index.ts';
import { control, expect, signInWithForm, signInWithToken, test, visit } from './fixtures.ts';

/** The users page, read afresh, newest first (the default sort). */
async function openUsers(page: Page) {
	// The list is read when the page is opened: from another page, as a link would.
	if (new URL(page.url()).pathname === '/users') await visit(page, '/profile');
	await visit(page, '/users');
	await expect(page.getByTestId('users-range')).toContainText('Showing');
}

const dialog = (page: Page) => page.getByTestId('invite-dialog');

async function fillInvite(page: Page, email: string, type = 'Desktop creative') {
	await page.getByRole('button', { name: 'Invite a user' }).click();
	await dialog(page).getByLabel('First name').fill('Nia');
	await dialog(page).getByLabel('Last name').fill('Okafor');
	await dialog(page).getByLabel('E-mail').fill(email);
	await dialog(page).getByLabel(type).check();
}

async function lastMail(agent: Simulator, to: string) {
	const res = (await control(agent, `outbox?to=${encodeURIComponent(to)}`)) as {
		messages: { code: string | null; text: string }[];
	};
	return res.messages.at(-1)!;
}

async function openUser(page: Page, name: string, search: string) {
	await page.getByLabel('Search by username').fill(search);
	await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(search)}`));
	await page.getByRole('button', { name }).first().click();
	return page.getByRole('dialog');
}

test('user administration: invite, refusals, edit, delete, filter, resend and the plan', async ({
	page,
	agent
}) => {
	test.setTimeout(135_000);
	const token = await signInWithToken(page, agent);
	await test.step('invite: limits and seats shown, the user appears as Pending, activates from the link, and signs in', async () => {
		await openUsers(page);
		await expect(page.getByTestId('seats-left')).toContainText('5 creative');
		await fillInvite(page, 'nia@example.test');
		await expect(dialog(page).getByTestId('seats-creative')).toHaveText('5 seats left');
		await expect(dialog(page).getByLabel('Username')).toHaveValue('nia@example.test');
		await expect(dialog(page)).toContainText('3 / 50');
		await dialog(page).getByRole('button', { name: 'Send the invitation' }).click();
		await expect(page.getByTestId('users-outcome')).toContainText('Invited Nia Okafor');
		await expect(page.getByTestId('seats-left')).toContainText('4 creative');
		const row = page.locator('tbody tr').first();
		await expect(row).toContainText('nia@example.test');
		await expect(row).toContainText('Pending');

		// The invitation's link, in another browser.
		const mail = await lastMail(agent, 'nia@example.test');
		const link = /Activate: (\S+)/.exec(mail.text)![1]!;
		const password = /Temporary password: (\S+)/.exec(mail.text)![1]!;
		const other = await page.context().browser()!.newContext();
		const newcomer = await other.newPage();
		await newcomer.addInitScript(
			({ url }) => localStorage.setItem('agent-console:agent-url', url),
			{ url: agent.url }
		);
		await newcomer.goto(new URL(link).pathname + new URL(link).search);
		await expect(newcomer.getByTestId('code-destination')).toContainText('n');
		await newcomer.getByLabel('Activation code').fill(mail.code!);
		await expect(newcomer).toHaveURL(/\/login/);
		await signInWithForm(newcomer, 'nia@example.test', 'Desktop creative', password);
		await expect(newcomer).toHaveURL('/');
		await other.close();
	});
	await test.step('an action the agent refuses (499 ACCESS) is said in words', async () => {
		await openUsers(page);
		await control(agent, 'faults', {
			path: '/user/insert_user',
			status: 499,
			body: 'json',
			json: {
				type: 'ACCESS',
				status: 499,
				errors: { ACCESS: ['Only an administrator can invite.'] }
			}
		});
		await fillInvite(page, 'refused@example.test');
		await dialog(page).getByRole('button', { name: 'Send the invitation' }).click();
		await expect(dialog(page).getByRole('alert')).toContainText(
			'Only an administrator can invite.'
		);
		await control(agent, 'faults', undefined, 'DELETE');
	});
	await test.step('an edit shows what the agent stored; delete needs the exact username; self and owner are protected', async () => {
		await openUsers(page);
		await fillInvite(page, 'edit@example.test');
		await dialog(page).getByRole('button', { name: 'Send the invitation' }).click();
		await expect(page.getByTestId('users-outcome')).toBeVisible();
		const panel = await openUser(page, 'Nia Okafor', 'edit@');
		await panel.getByRole('button', { name: 'Edit name and type' }).click();
		await panel.getByLabel('First name').fill('  Nia   Grace ');
		await panel.getByLabel('User type').selectOption({ label: 'Desktop standard' });
		await panel.getByRole('button', { name: 'Save' }).click();
		await expect(page.getByTestId('users-outcome')).toContainText(
			'The agent stored: Nia Grace Okafor, Desktop standard.'
		);

		await panel.getByRole('button', { name: 'Delete this user…' }).click();
		await expect(panel).toContainText("The agent also cancels this user's billing items.");
		await panel.getByLabel(/Type edit@example.test to confirm/).fill('edit@example');
		await panel.getByRole('button', { name: 'Delete the user' }).click();
		await expect(panel).toContainText('Type edit@example.test exactly to confirm.');
		await panel.getByLabel(/Type edit@example.test to confirm/).fill('edit@example.test');
		await panel.getByRole('button', { name: 'Delete the user' }).click();
		await expect(page.getByTestId('users-outcome')).toContainText('Deleted Nia Grace Okafor');
		await expect(page.getByTestId('users-empty')).toBeVisible();

		const me = await openUser(page, 'Alex Admin', 'admin@example.com');
		await expect(me.getByTestId('delete-user')).toHaveText(
			'You cannot delete yourself: another administrator can.'
		);
	});
	await test.step('a bulk delete with one failure reports each row, then retries the failed one', async () => {
		for (const n of [1, 2, 3]) {
			await fetch(`${agent.url}/user/insert_user?token=${token}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({
					firstname: 'Bulk',
					lastname: `Person ${n}`,
					username: `bulk${n}@example.test`,
					email: `bulk${n}@example.test`,
					userType: 64
				})
			});
		}
		await visit(page, '/users?q=bulk');
		await expect(page.getByTestId('users-range')).toHaveText('Showing 1 to 3 of 3');
		await page.getByLabel('Select every row on this page').check();
		const bulk = page.getByTestId('bulk');
		await expect(bulk).toContainText('3 selected');
		await control(agent, 'faults', { path: '/user/delete_user', status: 500, count: 1 });
		await bulk.getByRole('button', { name: 'Delete 3…' }).click();
		await bulk.getByLabel('Type 3 to confirm').fill('2');
		await bulk.getByRole('button', { name: 'Delete 3 users' }).click();
		await expect(bulk).toContainText('Type 3 to confirm.');
		await bulk.getByLabel('Type 3 to confirm').fill('3');
		await bulk.getByRole('button', { name: 'Delete 3 users' }).click();
		const results = bulk.getByTestId('bulk-results').getByRole('listitem');
		await expect(results).toHaveCount(3);
		await expect(results.filter({ hasText: '✗' })).toHaveCount(1);
		await expect(results.filter({ hasText: '✗' })).toContainText('(500)');
		await expect(page.getByTestId('users-outcome')).toContainText('Deleted: 2 of 3; 1 failed.');
		await bulk.getByRole('button', { name: 'Retry the failed ones' }).click();
		await expect(bulk.getByTestId('bulk-results').getByRole('listitem')).toHaveCount(1);
		await expect(bulk).toContainText('Deleted: 1 of 1.');
		await bulk.getByRole('button', { name: 'Done' }).click();
		await expect(page.getByTestId('users-empty')).toBeVisible();
	});
	await test.step('the user-type filter is in the URL and survives a reload', async () => {
		await openUsers(page);
		await page.getByLabel('User type').selectOption({ label: 'Desktop creative' });
		await expect(page).toHaveURL(/type=creative/);
		await page.reload();
		await expect(page.getByLabel('User type')).toHaveValue('32');
		// The rows come after the filter's control: every one, once there, of that type.
		const types = page.locator('td[data-label="User type"]');
		await expect(types.first()).toBeVisible();
		await expect
			.poll(async () =>
				(await types.allInnerTexts()).filter((t) => !t.includes('Desktop creative'))
			)
			.toEqual([]);
	});
	await test.step('resend during the cooldown, then after it', async () => {
		await openUsers(page);
		await fillInvite(page, 'wait@example.test');
		await dialog(page).getByRole('button', { name: 'Send the invitation' }).click();
		await expect(page.getByTestId('users-outcome')).toBeVisible();
		const panel = await openUser(page, 'Nia Okafor', 'wait@');
		await panel.getByRole('button', { name: 'Resend invitation' }).click();
		await expect(panel.getByTestId('resend')).toContainText(/Wait \d+ seconds/);
		await expect(
			panel.getByRole('button', { name: /Resend invitation \(in \d+ s\)/ })
		).toBeDisabled();
		await control(agent, 'clock', { advanceSeconds: 60 });
		await page.clock.install();
		await page.clock.fastForward(60_000);
		await panel.getByRole('button', { name: 'Resend invitation' }).click();
		await expect(panel.getByTestId('resend')).toContainText(
			'The invitation went to wait@example.test again'
		);
	});
	await test.step('a duplicate invite and a type with no seat left are refused in words', async () => {
		await control(agent, 'plan', { adminUsers: 0 });
		await openUsers(page);
		await fillInvite(page, 'admin@example.com');
		await expect(dialog(page).getByLabel('Desktop admin')).toBeDisabled();
		await expect(dialog(page).getByTestId('seats-admin')).toContainText('no seat left on the plan');
		await dialog(page).getByRole('button', { name: 'Send the invitation' }).click();
		await expect(dialog(page).getByRole('alert')).toContainText(
			'A user with this username or e-mail address already exists.'
		);
		// The agent's own count wins over the page's: a seat taken meanwhile.
		await control(agent, 'plan', { creativeUsers: 0 });
		await dialog(page).getByLabel('E-mail').fill('late@example.test');
		await dialog(page).getByRole('button', { name: 'Send the invitation' }).click();
		await expect(dialog(page).getByRole('alert')).toContainText('no seat left');
	});
	await test.step('the owner switches the plan after a confirmation; Cancel sends nothing', async () => {
		const sent: string[] = [];
		page.on('request', (r) => {
			if (r.url().includes('update_subscription')) sent.push(r.method());
		});
		await visit(page, '/profile');
		const plan = page.getByTestId('plan');
		await expect(plan).toContainText('Billed');
		const before = (await plan.innerText()).includes('monthly') ? 'Yearly' : 'Monthly';
		await plan.getByRole('button', { name: `Switch to ${before}…` }).click();
		await expect(page.getByTestId('confirm-dialog')).toContainText(`Switch the plan to ${before}?`);
		await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click();
		expect(sent).toEqual([]);
		await plan.getByRole('button', { name: `Switch to ${before}…` }).click();
		await page
			.getByTestId('confirm-dialog')
			.getByRole('button', { name: `Switch to ${before}` })
			.click();
		await expect(plan).toContainText(`The plan is now ${before}.`);
		await expect(plan).toContainText(`Billed ${before.toLowerCase()}`);
		expect(sent).toEqual(['PUT']);
	});
});

const totp = (secret: string, at = Date.now()) =>
	new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

test('MFA enrolment on the profile page, and what a standard user may do', async ({
	page,
	agent
}) => {
	test.setTimeout(60_000);
	await signInWithToken(page, agent, 'creative@example.com', 32);
	await test.step('MFA: wrong code, then a refresh (same secret), then the right code; the next sign-in asks for a code; turn off', async () => {
		await page.goto('/profile');
		const card = page.getByTestId('mfa');
		await expect(card).toContainText('the agent has no recovery codes');
		await card.getByRole('button', { name: 'Turn on' }).click();
		await expect(card.getByTestId('mfa-qr')).toBeVisible();
		const secret = (await card.getByTestId('mfa-secret').innerText()).replace(/\s/g, '');
		expect(secret).toMatch(/^[A-Z2-7]{32}$/);

		const code = card.getByLabel('Type the code the app shows');
		await code.fill('000000');
		// Explained once, next to the field: no line above the form, and the field ready again.
		await expect(code).toHaveAccessibleDescription(/That code is not right/);
		await expect(code).toHaveAttribute('aria-invalid', 'true');
		await expect(card).not.toContainText('did not accept');
		await expect(card.getByRole('alert')).toHaveCount(0);
		await expect(code).toBeFocused();
		await page.reload();
		await expect(card.getByTestId('mfa-secret')).toHaveText(secret.replace(/(.{4})(?=.)/g, '$1 '));
		await card.getByLabel('Type the code the app shows').fill(totp(secret));
		await expect(card).toContainText('MFA is on. The next sign-in asks for a code');
		await expect(card.getByTestId('mfa-secret')).toHaveCount(0);

		await page.getByRole('button', { name: 'creative@example.com' }).click();
		await page.locator('#user-menu').getByRole('button', { name: 'Sign out' }).click();
		await expect(page).toHaveURL(/\/login/);
		await signInWithForm(page, 'creative@example.com', 'Desktop creative');
		await expect(page).toHaveURL(/\/login\/mfa/);
		await page.getByLabel(/code/i).first().fill(totp(secret));
		// Back where the sign-out happened.
		await expect(page).toHaveURL('/profile');
		await card.getByRole('button', { name: 'Turn off…' }).click();
		await card.getByLabel('Current code, to turn MFA off').fill(totp(secret));
		await expect(card).toContainText('MFA is off.');
	});
	await test.step('a code refused because the clocks differ says so, not "wrong code"', async () => {
		const ahead = Date.now() + 3 * 60_000;
		await page.clock.install({ time: ahead });
		// The card afresh, from another page, as a link would.
		await visit(page, '/');
		await visit(page, '/profile');
		const card = page.getByTestId('mfa');
		await card.getByRole('button', { name: 'Turn on' }).click();
		const secret = (await card.getByTestId('mfa-secret').innerText()).replace(/\s/g, '');
		// What an app on this (wrong) clock would show.
		await card.getByLabel('Type the code the app shows').fill(totp(secret, ahead));
		await expect(card).toContainText(/This device's clock is \d+ s ahead of the agent's/);
	});
	await test.step('a standard user sees the list without any actions', async () => {
		await page.getByRole('button', { name: 'creative@example.com' }).click();
		await page.locator('#user-menu').getByRole('button', { name: 'Sign out' }).click();
		await expect(page).toHaveURL(/\/login/);
		await signInWithForm(page, 'standard@example.com', 'Desktop standard');
		await expect(page).not.toHaveURL(/\/login/);
		await openUsers(page);
		await expect(page.getByRole('button', { name: 'Invite a user' })).toHaveCount(0);
		await page.locator('tbody tr').first().getByRole('button').click();
		await expect(page.getByRole('dialog')).toBeVisible();
		await expect(
			page.getByRole('dialog').getByRole('button', { name: /Delete|Edit|Resend/ })
		).toHaveCount(0);
	});
});
