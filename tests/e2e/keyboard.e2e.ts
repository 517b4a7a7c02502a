import type { Locator, Page } from '@playwright/test';
import { control, expect, signInWithToken, test } from './fixtures.ts';

/** Presses Tab until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 60) {
	// Found once: a role query on every key press made this test a third of a minute.
	const element = await target.elementHandle();
	if (!element) throw new Error(`No ${target} to tab to`);
	for (let i = 0; i < limit; i++) {
		if (await element.evaluate((el) => el === document.activeElement)) return;
		await page.keyboard.press('Tab');
	}
	throw new Error(`Tab never reached ${target}`);
}

test('sign in, page through users, open one, and pause the events with the keyboard alone', async ({
	page,
	agent
}) => {
	// About 150 key presses, each a round trip to the browser: more than the usual time.
	test.slow();
	await page.goto('/login');
	// The first field has the focus.
	await expect(page.getByLabel('Username')).toBeFocused();
	await page.keyboard.type('admin@example.com');
	await page.keyboard.press('Tab');
	await page.keyboard.type('Passw0rd!');
	await page.keyboard.press('Enter');
	await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

	const nav = page.getByRole('navigation', { name: 'Main' });
	await tabTo(page, nav.getByRole('link', { name: 'Users' }));
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('users-range')).toContainText('Showing 1 to 25');

	// Past each row's name and, for an administrator, its checkbox.
	await tabTo(page, page.getByRole('link', { name: 'Next page' }), 120);
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('users-range')).toContainText('Showing 26 to 50');

	await tabTo(page, page.getByLabel('Search by username'), 120);
	await page.keyboard.type('admin@example.com');
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('users-range')).toContainText('Showing 1 to 1 of 1');
	await tabTo(page, page.getByRole('button', { name: 'Alex Admin' }));
	await page.keyboard.press('Enter');
	const panel = page.getByRole('dialog', { name: 'Alex Admin' });
	await expect(panel).toBeVisible();
	await expect(panel.getByRole('button', { name: 'Close' })).toBeFocused();
	await page.keyboard.press('Escape');
	await expect(panel).toBeHidden();
	await expect(page.getByRole('button', { name: 'Alex Admin' })).toBeFocused();

	await tabTo(page, nav.getByRole('link', { name: 'Events' }), 120);
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('notification-status')).toHaveText('Live');
	await expect(page.getByTestId('statechange-status')).toHaveText('Live');
	await control(agent, 'push', { channel: 'statechange', frame: { Path: '/k.bin', State: 2 } });
	await expect(page.getByTestId('timeline')).toContainText('/k.bin');
	await tabTo(page, page.getByRole('button', { name: 'Pause' }));
	await page.keyboard.press('Enter');
	await control(agent, 'push', { channel: 'statechange', frame: { Path: '/later.bin', State: 2 } });
	await expect(page.getByTestId('paused')).toContainText('Paused, 1 new');
	await tabTo(page, page.getByRole('button', { name: 'Jump to latest' }), 20);
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('timeline')).toContainText('/later.bin');
	await tabTo(page, page.getByTestId('summary').first().locator('xpath=ancestor::button'), 40);
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('payload')).toContainText('/later.bin');
});

test('every dialog, panel and menu gives the focus back to what opened it', async ({
	page,
	agent
}) => {
	await signInWithToken(page, agent);
	await page.goto('/users');
	await expect(page.getByTestId('users-range')).toContainText('Showing 1 to 25');

	// Focus is never hidden under the sticky header (WCAG 2.4.11): a row's button scrolled to sit
	// under it, reached with Shift+Tab, comes out below it.
	const below = page.locator('main tbody tr').nth(12).getByRole('button').first();
	await below.evaluate((button) => {
		button.focus({ preventScroll: true });
		scrollTo(0, button.getBoundingClientRect().top + scrollY - 12);
	});
	const header = (await page.getByRole('banner').boundingBox())!;
	const headerBottom = header.y + header.height;
	expect((await below.boundingBox())!.y).toBeLessThan(headerBottom);
	await page.keyboard.press('Tab');
	await page.keyboard.press('Shift+Tab');
	await expect(below).toBeFocused();
	expect((await below.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom);

	/**
	 * Focuses `opener`, opens with Enter, checks where focus lands, closes by `close`; then waits
	 * for `gone` to be gone, when given: a panel that lives in the URL is gone once its closing
	 * navigation has ended, and an Enter pressed before then could be taken by it.
	 */
	async function walk(
		opener: Locator,
		landing: Locator,
		close: () => Promise<void>,
		gone?: Locator
	) {
		await opener.focus();
		await page.keyboard.press('Enter');
		await expect(landing).toBeFocused();
		await close();
		await expect(opener).toBeFocused();
		if (gone) await expect(gone).toHaveCount(0);
	}
	const escape = () => page.keyboard.press('Escape');

	// The status pill's menu, and the confirmation one of its commands asks for.
	const pill = page.getByTestId('agent-status');
	const menu = page.locator('#agent-menu');
	await pill.focus();
	await page.keyboard.press('Enter');
	const command = menu.getByTestId('agent-actions').getByRole('button').first();
	const confirm = page.getByTestId('confirm-dialog');
	const cancel = confirm.getByRole('button', { name: 'Cancel' });
	await walk(command, cancel, escape);
	await walk(command, cancel, () => page.keyboard.press('Enter'));
	await expect(confirm).toBeHidden();
	await expect(menu).toBeVisible();
	await escape();
	await expect(menu).toBeHidden();
	await expect(pill).toBeFocused();

	// The user's own menu.
	const userMenu = page.getByRole('button', { name: 'admin@example.com' });
	await userMenu.focus();
	await page.keyboard.press('Enter');
	// The language first, then signing out.
	await page.keyboard.press('Tab');
	await expect(page.locator('#menu-language')).toBeFocused();
	await page.keyboard.press('Tab');
	await expect(page.locator('#user-menu').getByRole('button', { name: 'Sign out' })).toBeFocused();
	await escape();
	await expect(page.locator('#user-menu')).toBeHidden();
	await expect(userMenu).toBeFocused();

	// The invitation: its first field first, then Escape or Cancel.
	const invite = page.getByRole('button', { name: 'Invite a user' });
	const invitation = page.getByTestId('invite-dialog');
	await walk(invite, invitation.getByLabel('First name'), escape);
	await walk(invite, invitation.getByLabel('First name'), () =>
		invitation.getByRole('button', { name: 'Cancel' }).press('Enter')
	);

	// A user's panel (Escape and Close), and the typed delete confirmation inside it.
	const row = page.getByRole('row').nth(2).getByRole('button').first();
	const name = (await row.textContent()) ?? '';
	const panel = page.getByRole('dialog', { name });
	const close = panel.getByRole('button', { name: 'Close' });
	await walk(row, close, escape, panel);
	await walk(row, close, () => close.press('Enter'), panel);
	await row.focus();
	await page.keyboard.press('Enter');
	await expect(panel).toBeVisible();
	const edit = panel.getByRole('button', { name: 'Edit name and type' });
	await walk(edit, panel.getByLabel('First name'), () =>
		panel.getByTestId('edit-user').getByRole('button', { name: 'Cancel' }).press('Enter')
	);
	const remove = panel.getByRole('button', { name: 'Delete this user…' });
	const typed = panel.getByLabel(/to confirm$/);
	await walk(remove, typed, () => panel.getByRole('button', { name: 'Cancel' }).press('Enter'));
	await remove.press('Enter');
	await expect(typed).toBeFocused();
	await expect(typed).toBeInViewport();
	await escape();
	await expect(panel).toBeHidden();
	await expect(row).toBeFocused();
});
