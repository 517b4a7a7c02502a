import { expect, signInWithToken, test } from './fixtures.ts';

test.describe('a refused field is explained once, next to the field', () => {
	test('a wrong code during MFA enrolment: the message by the code, no line above it', async ({
		page,
		agent
	}) => {
		await signInWithToken(page, agent, 'creative@example.com', 32);
		await page.goto('/profile');
		const card = page.getByTestId('mfa');
		await card.getByRole('button', { name: 'Turn on' }).click();
		await expect(card.getByTestId('mfa-qr')).toBeVisible();
		const code = card.getByLabel('Type the code the app shows');
		await code.fill('000000');
		await expect(code).toHaveAccessibleDescription(/That code is not right/);
		await expect(code).toHaveAttribute('aria-invalid', 'true');
		await expect(card).not.toContainText('did not accept');
		await expect(card.getByRole('alert')).toHaveCount(0);
		// The field is ready for the next try.
		await expect(code).toBeFocused();
	});
});
