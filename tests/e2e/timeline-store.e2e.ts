import type { Page } from '@playwright/test';
import { KEPT, expect, openEvents, push, stored, storedChunks, test } from './fixtures.ts';

/** Every kept event, of every agent, as JSON. */
const everythingStored = async (page: Page) => JSON.stringify(await storedChunks(page));

const rows = (page: Page) => page.getByTestId('timeline').locator('li');
const state = (n: number) => ({ Path: `/kept/${n}.psd`, StorageName: 'S', State: 4 });

/** Every event forgotten, here and in what is kept. */
async function clear(page: Page, agent: string) {
	await page.getByRole('button', { name: 'Clear' }).click();
	await expect(page.getByTestId('timeline-empty')).toBeVisible();
	await expect.poll(() => stored(page, agent), KEPT).toBe(0);
}

test('the timeline survives a reload: what was seen, a marker for the gap, Clear, and no token', async ({
	page,
	agent
}) => {
	test.setTimeout(90_000);
	await openEvents(page, agent);

	await test.step('a reload shows what was seen, with a marker for the time nobody listened', async () => {
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

	await test.step('Clear empties what is kept too', async () => {
		await clear(page, agent.url);
		for (const n of [1, 2]) await push(agent, 'statechange', state(n));
		await expect.poll(() => stored(page, agent.url), KEPT).toBe(2);
		await page.getByRole('button', { name: 'Clear' }).click();
		await expect.poll(() => stored(page, agent.url), KEPT).toBe(0);
		await page.reload();
		await expect(page.getByTestId('statechange-status')).toHaveText('Live');
		await expect(page.getByTestId('timeline-empty')).toBeVisible();
	});

	await test.step('never puts a token on disk, even one a frame carries', async () => {
		await clear(page, agent.url);
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
});

test('the timeline survives a reload: the moment before it, the retention cap, and a sign-out', async ({
	page,
	agent
}) => {
	test.setTimeout(90_000);
	await openEvents(page, agent);

	await test.step('an event seen the moment before a reload is still there after it', async () => {
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

	await test.step('keeps no more than the retention cap in storage', async () => {
		await clear(page, agent.url);
		await page.getByLabel('Keep the last').selectOption('1000');
		await push(agent, 'statechange', state(0), 1100);
		await expect(page.getByTestId('timeline-counts')).toContainText('1,000 kept');
		await expect.poll(() => stored(page, agent.url), KEPT).toBe(1000);
		await page.reload();
		await expect(page.getByTestId('statechange-status')).toHaveText('Live');
		// The 1,000 kept, and the markers for the reload, within the cap.
		await expect(page.getByTestId('timeline-counts')).toContainText('1,000 kept');
	});

	await test.step('signing out ends the listening and keeps the timeline for the next sign-in', async () => {
		await clear(page, agent.url);
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
