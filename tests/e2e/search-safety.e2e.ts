import type { Page } from '@playwright/test';
import type { Simulator } from '../../simulator/index.ts';
import { KEPT, bothLive, expect, push, signInWithToken, stored, test } from './fixtures.ts';

const rows = (page: Page) => page.getByTestId('timeline').locator('li');
const state = (path: string) => ({ Path: path, StorageName: 'S', State: 4 });
const progress = (mode: string, name: string) => ({
	Type: 1,
	Data: {
		TransferMode: mode,
		Status: 'InProgress',
		StorageType: 'AmazonS3',
		Path: `/Projects/${name}`,
		Bytes: 10,
		Size: 100,
		Error: null,
		Name: name,
		StorageName: 'Studio S3',
		Speed: 1,
		Duration: '00:00:01',
		TransferId: name
	}
});

async function openEvents(page: Page, sim: Simulator, search = '') {
	await page.goto(`/events${search}`);
	await bothLive(page);
}

// The bookmark from the security report: ^(\w+\s?)*$ as a regular expression.
const REDOS_LINK = '/events?q=%5E(%5Cw%2B%5Cs%3F)*%24&re=1';

test.describe('the regular-expression search cannot hang the tab', () => {
	test('a link with a catastrophic pattern opens over kept events, and the page still answers', async ({
		page,
		agent
	}) => {
		await signInWithToken(page, agent);
		await openEvents(page, agent);
		// One long word and then punctuation: the browser's own engine backtracks through every way
		// of cutting 40 letters into words (hours), on each of these events.
		const long = `${'a'.repeat(40)}.psd`;
		for (const n of [1, 2, 3]) await push(agent, 'statechange', state(`${long}${n}`));
		await expect(rows(page)).toHaveCount(3);
		await expect.poll(() => stored(page, agent.url), KEPT).toBe(3);

		await openEvents(page, agent, REDOS_LINK.slice('/events'.length));
		await expect(page.getByLabel('Search')).toHaveValue('^(\\w+\\s?)*$');
		// None of the events matches; only the markers for the reload, which every filter shows.
		await expect(page.getByTestId('timeline-counts')).toContainText('shown (filtered) of 5 kept');
		await expect(page.getByTestId('timeline')).not.toContainText(long);
		await expect(page.getByTestId('gap')).toHaveCount(2);
		// The page answers a click: plain text search shows the events again.
		await page.getByLabel('Regular expression').uncheck();
		await expect(page).not.toHaveURL(/re=1/);
		await page.getByLabel('Search').fill('aaaa');
		await expect(rows(page).filter({ hasText: long })).toHaveCount(3);
	});

	test('an ordinary pattern still filters, and one the safe engine cannot run says so', async ({
		page,
		agent
	}) => {
		await signInWithToken(page, agent);
		await openEvents(page, agent);
		await push(agent, 'notification', progress('Upload', 'hero.psd'));
		await push(agent, 'notification', progress('Download', 'cut.mov'));
		await push(agent, 'statechange', state('/uploads/upload.txt'));
		await expect(rows(page)).toHaveCount(3);

		await page.getByLabel('Regular expression').check();
		await page.getByLabel('Search').fill('^Transfer progress Upload');
		await expect(page).toHaveURL(/re=1/);
		await expect(rows(page)).toHaveCount(1);
		await expect(rows(page).first()).toContainText('hero.psd');

		await page.getByLabel('Search').fill('(?<!/)upload');
		await expect(page.getByRole('alert')).toHaveText(
			/^Lookahead and lookbehind .* are not supported in a search: they can make it hang the page; every event is shown\.$/
		);
		await expect(rows(page)).toHaveCount(3);
		await expect(page.getByLabel('Search')).toHaveAttribute('aria-invalid', 'true');
	});
});
