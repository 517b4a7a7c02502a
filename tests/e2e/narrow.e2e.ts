import { expect, push, signInWithToken, test } from './fixtures.ts';

const stopped = {
	Type: 2,
	Data: {
		Title: 'Sync stopped',
		Message: 'The storage rejected the credentials',
		Severity: 'Error'
	}
};

test.describe('problem toasts', () => {
	test('the same problem again and again is one toast that counts, under any dialog', async ({
		page,
		agent
	}) => {
		await page.setViewportSize({ width: 360, height: 740 });
		await signInWithToken(page, agent);
		await page.goto('/users');
		await expect(page.getByTestId('users-range')).toContainText('Showing');
		const toasts = page.getByRole('region', { name: /Problems/ }).getByRole('listitem');
		// Frames sent before the console is listening are not received by anyone: wait for it.
		await expect.poll(() => agent.live.clientCount('notification')).toBe(1);

		await push(agent, 'notification', stopped);
		await expect(toasts).toHaveCount(1);
		await expect(toasts).not.toContainText('×');
		await push(agent, 'notification', stopped, 2);
		await expect(toasts).toContainText(/×3, last at \d\d:\d\d:\d\d/);
		await expect(toasts).toHaveCount(1);
		// Another problem is a toast of its own.
		await push(agent, 'notification', {
			...stopped,
			Data: { ...stopped.Data, Message: 'Disk full' }
		});
		await expect(toasts).toHaveCount(2);
		const box = await toasts.filter({ hasText: 'credentials' }).boundingBox();
		expect(box?.width ?? 0).toBeLessThanOrEqual(360);

		// A dialog opened over them keeps its buttons usable: a covered button would not take the click.
		await page.getByRole('button', { name: 'Invite a user' }).click();
		const invitation = page.getByTestId('invite-dialog');
		await push(agent, 'notification', stopped);
		await expect(toasts.filter({ hasText: 'credentials' })).toContainText('×4');
		await invitation.getByRole('button', { name: 'Cancel' }).click({ timeout: 2000 });
		await expect(invitation).toBeHidden();
	});
});

test.describe('the header at 360 px', () => {
	test('is two short rows, with every control in reach', async ({ page, agent }) => {
		await page.setViewportSize({ width: 360, height: 740 });
		await signInWithToken(page, agent);
		await page.goto('/users');
		await expect(page.getByTestId('agent-status')).toHaveText(/Running/);
		const header = page.getByRole('banner');
		expect((await header.boundingBox())?.height ?? 999).toBeLessThanOrEqual(90);
		for (const control of [
			page.getByTestId('agent-status'),
			page.getByRole('button', { name: 'admin@example.com' }),
			header.getByRole('link', { name: 'Agent console' }),
			page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' })
		]) {
			await control.scrollIntoViewIfNeeded();
			await expect(control).toBeInViewport();
		}
	});
});

test.describe('filters at 360 px', () => {
	for (const { path, id, filter, choice } of [
		{
			path: '/users',
			id: 'user-filters',
			filter: 'Status',
			choice: 'Inactive'
		},
		{
			path: '/history',
			id: 'history-filters',
			filter: 'Direction',
			choice: 'Uploads'
		}
	])
		test(`${path}: fold behind one button that says how many are on`, async ({ page, agent }) => {
			await page.setViewportSize({ width: 360, height: 740 });
			await signInWithToken(page, agent);
			await page.goto(path);
			const fold = page.getByRole('button', { name: 'Filters' });
			await expect(fold).toHaveAttribute('aria-expanded', 'false');
			await expect(page.getByLabel(filter)).toHaveCount(0);
			// Folded, the list starts on the first screen.
			await expect(page.locator('tbody tr').first()).toBeInViewport();

			await fold.click();
			await page.getByLabel(filter).selectOption({ label: choice });
			await expect(page.getByTestId(`${id}-on`)).toHaveText('1 on');
			await fold.click();
			await expect(page.getByLabel(filter)).toHaveCount(0);
			await expect(fold).toBeFocused();

			// Wide, the filters are always there and the button is gone.
			await page.setViewportSize({ width: 1280, height: 800 });
			await expect(fold).toHaveCount(0);
			await expect(page.getByLabel(filter)).toHaveValue(/.+/);
		});
});
