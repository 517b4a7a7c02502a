import type { Page } from '@playwright/test';
import { KEPT, expect, openEvents, push, stored, storedChunks, test } from './fixtures.ts';

/** Every kept event, of every agent, as JSON. */
const everythingStored = async (page: Page) => JSON.stringify(await storedChunks(page));

const rows = (page: Page) => page.getByTestId('timeline').locator('li');
const state = (n: number) => ({ Path: `/kept/${n}.psd`, StorageName: 'S', State: 4 });

test.describe('the timeline survives a reload', () => {
	test('a reload shows what was seen, with a marker for the time nobody listened', async ({
		page,
		agent
	}) => {
		await openEvents(page, agent);
		for (const n of [1, 2, 3]) await push(agent, 'statechange', state(n));
		await expect(rows(page)).toHaveCount(3);
		await expect.poll(() => stored(page, agent.url), KEPT).toBe(3);
		await page.reload();
		await expect(page.getByTestId('statechange-status')).toHaveText('Live');
		await expect(page.getByTestId('timeline')).toContainText('/kept/3.psd');
		await expect(page.getByTestId('timeline')).toContainText('/kept/1.psd');
		const gaps = page.getByTestId('gap').filter({ hasText: 'nobody was listening' });
		await expect(gaps).toHaveCount(2);
		// New events come after, newest first.
		await push(agent, 'statechange', state(4));
		await expect(rows(page).first()).toContainText('/kept/4.psd');
	});

	test('an event seen the moment before a reload is still there after it', async ({
		page,
		agent
	}) => {
		await openEvents(page, agent);
		// Reloaded the moment each shows, before the store's own write: the worker writes it as the
		// tab goes, and must live long enough to. Without that, about one in three was lost here.
		for (const n of [11, 12, 13, 14, 15]) {
			await push(agent, 'statechange', state(n));
			await expect(page.getByTestId('timeline')).toContainText(`/kept/${n}.psd`);
			await page.reload();
			await expect(page.getByTestId('statechange-status')).toHaveText('Live');
			await expect(page.getByTestId('timeline')).toContainText(`/kept/${n}.psd`);
		}
	});

	test('Clear empties what is kept too', async ({ page, agent }) => {
		await openEvents(page, agent);
		for (const n of [1, 2]) await push(agent, 'statechange', state(n));
		await expect.poll(() => stored(page, agent.url), KEPT).toBe(2);
		await page.getByRole('button', { name: 'Clear' }).click();
		await expect.poll(() => stored(page, agent.url), KEPT).toBe(0);
		await page.reload();
		await expect(page.getByTestId('statechange-status')).toHaveText('Live');
		await expect(page.getByTestId('timeline-empty')).toBeVisible();
	});

	test('keeps no more than the retention cap in storage', async ({ page, agent }) => {
		await openEvents(page, agent);
		await page.getByLabel('Keep the last').selectOption('1000');
		await push(agent, 'statechange', state(0), 1100);
		await expect(page.getByTestId('timeline-counts')).toContainText('1,000 kept');
		await expect.poll(() => stored(page, agent.url), KEPT).toBe(1000);
		await page.reload();
		await expect(page.getByTestId('statechange-status')).toHaveText('Live');
		// The 1,000 kept, and the markers for the reload, within the cap.
		await expect(page.getByTestId('timeline-counts')).toContainText('1,000 kept');
	});

	test('never puts a token on disk, even one a frame carries', async ({ page, agent }) => {
		await openEvents(page, agent);
		const secret = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
		await push(agent, 'notification', {
			Type: 4,
			Data: { Operation: 'x', EndpointAddress: `/user/edit?token=${secret}`, HttpMethod: 'PUT' }
		});
		await expect.poll(() => stored(page, agent.url), KEPT).toBe(1);
		const everything = await everythingStored(page);
		expect(everything).toContain('EndpointAddress');
		expect(everything).not.toContain('eyJhbGci');
	});

	test('signing out ends the listening and keeps the timeline for the next sign-in', async ({
		page,
		agent
	}) => {
		await openEvents(page, agent);
		await push(agent, 'statechange', state(7));
		await expect.poll(() => stored(page, agent.url), KEPT).toBe(1);
		await page.getByRole('button', { name: 'admin@example.com' }).click();
		await page.getByRole('button', { name: 'Sign out' }).click();
		await expect(page).toHaveURL(/\/login/);
		// Still kept (with the agent's notice of the sign-out itself, when it came before the socket
		// closed).
		expect(await everythingStored(page)).toContain('/kept/7.psd');
		expect(await stored(page, agent.url)).toBeGreaterThanOrEqual(1);
	});
});
