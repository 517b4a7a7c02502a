import type { Page } from '@playwright/test';
import { control, expect, openEvents, storedChunks, test } from './fixtures.ts';

/** What the console keeps of an agent's timeline in IndexedDB, as text, and how long it is. */
const keptLength = async (page: Page) => JSON.stringify(await storedChunks(page)).length;

const rows = (page: Page) => page.getByTestId('timeline').locator('[data-seq]');

test.describe('an agent that sends too much', () => {
	test('30 frames of 10 MB are counted and summarised, not kept whole, and a reload stays small', async ({
		page,
		agent
	}) => {
		test.slow();
		await openEvents(page, agent);
		await control(agent, 'push', { channel: 'notification', bytes: 10_000_000, count: 30 });
		await expect(page.getByTestId('notification-counts')).toHaveText('0 received, 30 unreadable', {
			timeout: 60_000
		});
		await expect(rows(page).first()).toContainText(
			'too large to keep (9.5 MB, the limit is 250 KB)'
		);
		// Kept as their summaries: 30 frames of 10 MB take a few kilobytes on disk.
		await expect.poll(() => keptLength(page)).toBeGreaterThan(30 * 500);
		expect(await keptLength(page)).toBeLessThan(100_000);
		await page.reload();
		await expect(rows(page).filter({ hasText: 'too large to keep' })).not.toHaveCount(0);
		// The page still answers a click.
		await page.getByRole('link', { name: 'Drives', exact: true }).click();
		await expect(page.getByRole('heading', { name: 'Drives', level: 1 })).toBeVisible();
	});

	test('a frame nested 100,000 deep opens in the detail pane, every time', async ({
		page,
		agent
	}) => {
		await openEvents(page, agent);
		await control(agent, 'push', { channel: 'notification', depth: 100_000 });
		const row = rows(page).first();
		await expect(row).toBeVisible();
		for (let i = 0; i < 2; i++) {
			await row.click();
			await expect(page.getByTestId('event-detail')).toContainText('nested deeper than 32 levels');
			await page
				.getByTestId('event-detail')
				.getByRole('button', { name: 'Close the event' })
				.click();
			await expect(page.getByTestId('event-detail')).toHaveCount(0);
		}
	});
});
