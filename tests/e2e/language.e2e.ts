import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, signInWithToken, test } from './fixtures.ts';

/** The history page's CSV export, as downloaded. */
async function historyCsv(page: Page) {
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByTestId('history-export').click()
	]);
	return {
		name: download.suggestedFilename().replace(/-\d{4}-\d\d-\d\dT[\d-]+\.csv$/, '-<time>.csv'),
		text: await readFile((await download.path())!, 'utf8')
	};
}

test.describe('the console’s language', () => {
	test('changes in Settings at once, keeps what was typed, stays after a reload, and sets <html lang>', async ({
		page,
		agent
	}) => {
		await signInWithToken(page, agent);
		await page.goto('/settings');
		const address = page.locator('#agent-url');
		await address.fill('http://localhost:1');
		// Nothing but English has been fetched yet: the page carries no other language.
		const catalogs: string[] = [];
		page.on('request', (r) => {
			if (/\/_app\/immutable\/.*\.js$/.test(r.url())) catalogs.push(r.url());
		});
		await page.locator('#language').selectOption('de');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
		await expect(
			page.getByRole('navigation').getByRole('link', { name: 'Übersicht' })
		).toBeVisible();
		await expect(page.locator('html')).toHaveAttribute('lang', 'de');
		await expect(page).toHaveTitle('Einstellungen · Agent-Konsole');
		await expect(address).toHaveValue('http://localhost:1');
		await expect(page.getByTestId('language-partial')).toHaveCount(0);
		expect(catalogs.length).toBeGreaterThan(0);

		await page.reload();
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
		await expect(page.locator('html')).toHaveAttribute('lang', 'de');
		await expect(page.locator('#language')).toHaveValue('de');

		await page.locator('#language').selectOption('browser');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
		await expect(page.locator('html')).toHaveAttribute('lang', 'en');
	});

	test('changes in the user menu too, with dates in the language chosen', async ({
		page,
		agent
	}) => {
		await signInWithToken(page, agent);
		await page.goto('/users');
		await page.getByRole('button', { name: 'admin@example.com' }).click();
		const menu = page.locator('#user-menu');
		await expect(menu).toContainText(/Session expires in \d+ (minutes|hour)/);
		await menu.locator('#menu-language').selectOption('de');
		await expect(menu).toContainText(/Sitzung läuft in \d+ (Minuten|Stunde) ab/);
		await expect(menu.getByRole('button', { name: 'Abmelden' })).toBeVisible();
		await menu.locator('#menu-language').selectOption('ja');
		await expect(
			page.getByRole('navigation').getByRole('link', { name: 'ユーザー' })
		).toBeVisible();
		await expect(menu).toContainText(/セッションの有効期限：\d+ (分後|時間後)/);
		await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
	});

	test('joins a user’s types as each language joins words', async ({ page, agent }) => {
		await signInWithToken(page, agent);
		await page.goto('/profile');
		const types = page.getByTestId('profile-details').locator('dt + dd').nth(4);
		for (const [tag, heading, joined] of [
			['en', 'User type', 'Account admin, Desktop admin'],
			['de', 'Benutzertyp', 'Kontoadministrator und Desktop-Administrator'],
			['ja', 'ユーザーの種類', 'アカウント管理者、デスクトップ管理者']
		] as const) {
			await page.evaluate((tag) => localStorage.setItem('agent-console:language', tag), tag);
			await page.reload();
			await expect(page.getByTestId('profile-details').locator('dt').nth(4)).toHaveText(heading);
			await expect(types).toHaveText(joined);
		}
	});

	test('exports the same CSV in English, German and Japanese', async ({ page, agent }) => {
		await signInWithToken(page, agent);
		await page.goto('/history?status=error&pageSize=10');
		await expect(page.getByTestId('history-range')).toContainText('Showing 1 to 10');
		const english = await historyCsv(page);
		expect(english.text).toContain(',Failed,');
		for (const [tag, showing] of [
			['de', /1 bis 10/],
			['ja', /10/]
		] as const) {
			await page.evaluate((tag) => localStorage.setItem('agent-console:language', tag), tag);
			await page.reload();
			await expect(page.locator('html')).toHaveAttribute('lang', tag);
			await expect(page.getByTestId('history-range')).toContainText(showing);
			expect(await historyCsv(page), `the CSV in ${tag}`).toEqual(english);
		}
	});

	test.describe('a browser that prefers German', () => {
		test.use({ locale: 'de-DE' });

		test('speaks German from the first page, and says which language it follows', async ({
			page
		}) => {
			await page.goto('/login');
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmelden');
			await expect(page.locator('html')).toHaveAttribute('lang', 'de');
			await page.goto('/settings');
			await expect(page.locator('#language')).toHaveValue('browser');
			await expect(page.locator('#language option:checked')).toHaveText(
				'Sprache des Browsers (Deutsch)'
			);
			await page.locator('#language').selectOption('en');
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
			await page.reload();
			await expect(page.locator('html')).toHaveAttribute('lang', 'en');
		});
	});
});
