import type { Page } from '@playwright/test';
import { expect, push, signInWithToken, test } from './fixtures.ts';

/**
 * A console left open in a background tab costs next to nothing: what arrives is held until the
 * tab is shown, except a problem, whose alert cannot wait. Headless Chromium reports every page
 * visible, so the page is told it is hidden as a browser would tell it.
 */
async function setShown(page: Page, shown: boolean) {
	await page.evaluate((shown) => {
		Object.defineProperty(document, 'hidden', { configurable: true, get: () => !shown });
		Object.defineProperty(document, 'visibilityState', {
			configurable: true,
			get: () => (shown ? 'visible' : 'hidden')
		});
		document.dispatchEvent(new Event('visibilitychange'));
	}, shown);
}

const call = (operation: string) => ({
	Type: 4,
	Data: { Operation: operation, HttpMethod: 'PUT', Origin: 'http://localhost' }
});

test.describe('a hidden tab', () => {
	test('holds routine events until shown, and lets a problem through at once', async ({
		page,
		agent
	}) => {
		await signInWithToken(page, agent);
		await page.goto('/events');
		const counts = page.getByTestId('timeline-counts');
		await expect(counts).toContainText('0 shown of 0 kept');
		// A second tab in front, where the same events are seen.
		const front = await page.context().newPage();
		await front.goto('/events');
		await expect(front.getByTestId('timeline-counts')).toContainText('0 shown of 0 kept');
		await expect.poll(() => agent.live.clientCount('notification')).toBe(1);

		// Every count the hidden tab draws is noted, and the moment it is shown again: a routine
		// event drawn while hidden would leave its count before that moment.
		await page.evaluate(() => {
			const seen: string[] = [];
			(window as unknown as { seen: string[] }).seen = seen;
			const counts = document.querySelector('[data-testid="timeline-counts"]')!;
			const note = () => {
				const text = /\d+ shown of \d+ kept/.exec(counts.textContent ?? '')?.[0];
				if (text && seen.at(-1) !== text) seen.push(text);
			};
			note();
			new MutationObserver(note).observe(counts, {
				subtree: true,
				childList: true,
				characterData: true
			});
		});
		const seen = () => page.evaluate(() => (window as unknown as { seen: string[] }).seen);

		await setShown(page, false);
		await push(agent, 'notification', call('update_user'));
		await expect(front.getByTestId('timeline-counts')).toContainText('1 shown of 1 kept');

		// A problem is handed over at once, with what was held before it.
		await push(agent, 'notification', {
			Type: 2,
			Data: { Title: 'Sync stopped', Message: 'Credentials refused', Severity: 'Error' }
		});
		await expect(counts).toContainText('2 shown of 2 kept');
		await push(agent, 'notification', call('edit_user'));
		await expect(front.getByTestId('timeline-counts')).toContainText('3 shown of 3 kept');

		// Shown again: what came meanwhile is there in one go.
		await page.evaluate(() => (window as unknown as { seen: string[] }).seen.push('shown'));
		await setShown(page, true);
		await expect(counts).toContainText('3 shown of 3 kept');
		expect(await seen()).toEqual([
			'0 shown of 0 kept',
			'2 shown of 2 kept',
			'shown',
			'3 shown of 3 kept'
		]);
		await front.close();
	});
});

test.describe('words that count seconds', () => {
	test('follow the clock only where they are on screen', async ({ page, agent }) => {
		await page.clock.install();
		await page.setViewportSize({ width: 1280, height: 500 });
		await signInWithToken(page, agent);
		await page.goto('/');
		const channels = page.getByTestId('overview-channels');
		await expect(channels.getByTestId('notification-status')).toHaveText('Live');
		await push(agent, 'notification', call('update_user'));
		const freshness = channels.getByTestId('notification-freshness');
		await freshness.scrollIntoViewIfNeeded();
		await expect(freshness).toHaveText(/Last event (just now|\d s ago)/);

		// Scrolled away, the card's words stay as they were while the clock goes on.
		await page.evaluate(() => window.scrollTo(0, 0));
		await expect(channels).not.toBeInViewport();
		const before = await freshness.textContent();
		await page.clock.runFor(5000);
		await expect(page.getByTestId('activity-active')).toBeVisible();
		expect(await freshness.textContent()).toBe(before);

		// Seen again, they catch up at once.
		await freshness.scrollIntoViewIfNeeded();
		await expect(freshness).toHaveText(/Last event [5-9] s ago/);
	});
});
