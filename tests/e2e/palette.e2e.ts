import type { Locator, Page } from '@playwright/test';
import { E2E_ORIGIN } from '../../playwright.config.ts';
import { framedConsole, portalOn } from '../portal.ts';
import { scan, violationsOf } from './axe.ts';
import { control, expect, signInWithToken, test } from './fixtures.ts';

/**
 * Waits until the option the field names active (its aria-activedescendant) says `text`, reading
 * the field again each time: as the list follows what was typed, the active option changes.
 */
async function expectActive(
	root: Page | ReturnType<Page['frameLocator']>,
	field: Locator,
	text: string
) {
	const active = async () => {
		const id = await field.getAttribute('aria-activedescendant');
		return id ? root.locator(`[id="${id}"]`) : undefined;
	};
	await expect
		.poll(async () => (await (await active())?.textContent({ timeout: 1_000 })) ?? '')
		.toContain(text);
	await expect((await active())!).toHaveAttribute('aria-selected', 'true');
}

test('jump anywhere: a drive, a user and pausing the agent, all by keyboard, in three languages', async ({
	page,
	agent
}) => {
	// Three languages, a user asked of the agent and two axe scans in one boot of the console.
	test.slow();
	await signInWithToken(page, agent);
	// The dialog's code held back, as on a slow link: what is typed meanwhile is not lost.
	let release = () => {};
	const released = new Promise<void>((resolve) => (release = resolve));
	await page.route('**/_app/immutable/chunks/*.js', async (route) => {
		const response = await route.fetch();
		const body = await response.text();
		if (body.includes('palette-field')) await released;
		await route.fulfill({ response, body });
	});
	await page.goto('/transfers');
	const button = page.getByTestId('palette-button');
	await expect(button).toBeVisible();
	const palette = page.getByRole('dialog', { name: 'Jump anywhere' });
	const field = palette.getByRole('combobox', { name: /Find a page, drive/ });
	const options = palette.getByRole('option');

	// From wherever the focus was, and back there on Escape.
	const history = page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'History' });
	await history.focus();
	await page.keyboard.press('Control+k');
	await page.keyboard.type('?desiX');
	await page.keyboard.press('Backspace');
	await page.keyboard.press('Backspace');
	await page.keyboard.type('ign');
	// Not the list of shortcuts (the `?`), not the link's Enter, and nothing yet to type into.
	await page.keyboard.press('Enter');
	await expect(page.getByRole('dialog')).toHaveCount(0);
	release();
	await expect(palette).toBeVisible();
	await expect(field).toBeFocused();
	await expect(field).toHaveValue('?design');
	await expect(page).toHaveURL(/\/transfers$/);
	await page.keyboard.press('Escape');
	await expect(palette).toBeHidden();
	await expect(history).toBeFocused();
	await page.unrouteAll({ behavior: 'wait' });

	// Opened again, the field empty: the actions first.
	await page.keyboard.press('Control+k');
	await expect(field).toBeFocused();
	await expect(field).toHaveValue('');
	await expect(options.first()).toContainText('Pause the agent');

	// Part of a drive's name, then Enter: its page.
	await page.keyboard.type('design');
	await expectActive(page, field, 'Design assets');
	await scan(page, 'jump anywhere');
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('drive-or-backup-name')).toContainText('Design assets');

	// The arrows move the active option; a user found by name through the agent.
	await page.keyboard.press('Meta+k');
	await expect(field).toBeFocused();
	// The place chosen last comes first.
	await expect(options.first()).toContainText('Design assets');
	await expect(options.first()).toContainText('Recent');
	await expectActive(page, field, 'Design assets');
	const first = (await field.getAttribute('aria-activedescendant')) ?? '';
	await page.keyboard.press('ArrowDown');
	await expect(field).not.toHaveAttribute('aria-activedescendant', first);
	await page.keyboard.press('ArrowUp');
	await expect(field).toHaveAttribute('aria-activedescendant', first);
	const asked = page.waitForRequest((r) => /\/user\/get_all_users\?.*username=Alex/.test(r.url()));
	await page.keyboard.type('Alex Adm');
	await asked;
	const alex = options.filter({ hasText: 'Alex Admin' });
	await expect(alex).toContainText('admin@example.com');
	await expect(alex).toContainText('User');
	await expectActive(page, field, 'Alex Admin');
	await page.keyboard.press('Enter');
	const panel = page.getByRole('dialog', { name: 'Alex Admin' });
	await expect(panel).toBeVisible();
	await page.keyboard.press('Escape');
	await expect(panel).toBeHidden();

	// An action asks as it does elsewhere: the agent's own confirmation, then its outcome.
	await page.keyboard.press('Control+k');
	await page.keyboard.type('pause');
	await expectActive(page, field, 'Pause the agent');
	await page.keyboard.press('Enter');
	const confirm = page.getByTestId('confirm-dialog');
	await expect(confirm).toContainText('Pause the agent?');
	await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
	await page.keyboard.press('Tab');
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('agent-paused')).toContainText('Paused since');
	await expect(page.getByTestId('agent-status').first()).toContainText('Paused');
	// Now the palette offers to resume instead.
	await page.keyboard.press('Control+k');
	await expect(options.filter({ hasText: 'Resume the agent' })).toBeVisible();
	await expect(options.filter({ hasText: 'Pause the agent' })).toHaveCount(0);
	await page.keyboard.press('Escape');

	// `?` lists the shortcuts.
	await page.keyboard.press('?');
	const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
	await expect(sheet).toContainText('Ctrl+K or ⌘K');
	await page.keyboard.press('Escape');
	await expect(sheet).toBeHidden();

	// German, then Japanese, in the same page; Japanese at 360 px too.
	await page.getByRole('button', { name: 'admin@example.com' }).click();
	await page.locator('#menu-language').selectOption('de');
	await page.keyboard.press('Escape');
	await page.keyboard.press('Control+k');
	const german = page.getByRole('dialog', { name: 'Schnellzugriff' });
	await expect(german).toBeVisible();
	await expect(german.getByRole('combobox', { name: /Seite, Laufwerk/ })).toBeFocused();
	await page.keyboard.type('laufw');
	await expect(german.getByRole('option', { name: /Laufwerke.*Seite/ })).toBeVisible();
	await expect(german.getByRole('option', { name: /Laufwerk hinzufügen.*Aktion/ })).toBeVisible();
	await page.keyboard.press('Escape');
	await page.keyboard.press('?');
	await expect(page.getByRole('dialog', { name: 'Tastenkürzel' })).toContainText('Strg+K oder ⌘K');
	await page.keyboard.press('Escape');

	await page.getByRole('button', { name: 'admin@example.com' }).click();
	await page.locator('#menu-language').selectOption('ja');
	await page.keyboard.press('Escape');
	await page.setViewportSize({ width: 360, height: 740 });
	const box = await button.boundingBox();
	expect(box!.width).toBeGreaterThanOrEqual(24);
	expect(box!.height).toBeGreaterThanOrEqual(24);
	await button.focus();
	await page.keyboard.press('Enter');
	const japanese = page.getByRole('dialog', { name: 'クイックジャンプ' });
	await expect(japanese.getByRole('combobox')).toBeFocused();
	await page.keyboard.type('ドライブ');
	await expect(japanese.getByRole('option', { name: /ドライブ.*ページ/ })).toBeVisible();
	const dialogBox = await japanese.boundingBox();
	expect(dialogBox!.x).toBeGreaterThanOrEqual(0);
	expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(360);
	expect(await violationsOf(page)).toEqual([]);
	await page.keyboard.press('Enter');
	await expect(page).toHaveURL(/\/drives$/);
});

test('jump anywhere in a portal’s frame, and single keys off in Settings or while typing', async ({
	page,
	agent
}) => {
	const { site, port } = await framedConsole(agent.url, (p) => [`http://localhost:${p}`]);
	const portal = await portalOn(String(port), 'localhost', `${site.url}/login`);
	try {
		await control(agent, 'cors', { allowOrigins: [E2E_ORIGIN, site.url] });
		await page.goto(portal.url);
		const frame = page.frameLocator('iframe[title="Agent console"]');
		await frame.getByLabel('Username').fill('admin@example.com');
		await frame.getByLabel('Password', { exact: true }).fill('Passw0rd!');
		await frame.getByLabel('Password', { exact: true }).press('Enter');
		await expect(frame.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
		await expect(frame.getByTestId('palette-button')).toBeVisible();

		const palette = frame.getByRole('dialog', { name: 'Jump anywhere' });
		await page.keyboard.press('Control+k');
		await expect(palette.getByRole('combobox')).toBeFocused();
		await page.keyboard.type('renders');
		await expect(palette.getByRole('option', { name: /Renders.*Share/ })).toBeVisible();
		await page.keyboard.press('Enter');
		await expect(frame.getByRole('heading', { level: 1 })).toContainText('Renders');

		await page.keyboard.press('Control+k');
		await page.keyboard.type('settings');
		await page.keyboard.press('Enter');
		const single = frame.getByTestId('single-key-shortcuts');
		await expect(single).toBeChecked();
		const sheet = frame.getByRole('dialog', { name: 'Keyboard shortcuts' });
		// Typed into a field, `?` is a character, not a shortcut.
		const address = frame.locator('#agent-url');
		await address.focus();
		await page.keyboard.press('?');
		await expect(address).toHaveValue(/\?$/);
		await page.keyboard.press('Backspace');
		// Turned off, `?` does nothing; Ctrl+K still opens jump anywhere.
		await single.focus();
		await page.keyboard.press('Space');
		await expect(single).not.toBeChecked();
		await page.keyboard.press('?');
		await page.keyboard.press('Control+k');
		await expect(palette).toBeVisible();
		await expect(sheet).toBeHidden();
		await page.keyboard.press('Escape');
		await expect(single).toBeFocused();
		await page.keyboard.press('Space');
		await page.keyboard.press('?');
		await expect(sheet).toBeVisible();
	} finally {
		portal.server.close();
		site.server.close();
	}
});
