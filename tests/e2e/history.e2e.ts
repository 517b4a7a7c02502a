import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { Simulator } from '../../simulator/index.ts';
import { expect, signInWithToken, test, visit } from './fixtures.ts';

const TEAM = '6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f';

type Entry = {
	id: number;
	transferStatus: number;
	direction: number;
	name: string;
	origin: number;
};
const entries = (sim: Simulator) => sim.state.history as unknown as Entry[];
const count = (n: number) => n.toLocaleString('en-US');

/** Lists the failed transfers and opens the first: its panel, and the name it shows. */
async function openFirstFailed(page: Page) {
	await visit(page, '/history?status=error');
	const first = page.getByTestId('history-table').locator('tbody tr').first();
	const name = (await first.getByRole('button').innerText()).trim();
	await first.getByRole('button').click();
	const panel = page.getByTestId('history-panel');
	await expect(panel.getByRole('heading', { name })).toBeVisible();
	return { panel, name };
}

test('transfer history: paged, filtered, opened, exported and deleted on the agent', async ({
	page,
	agent
}) => {
	test.setTimeout(105_000);
	await signInWithToken(page, agent);
	await page.goto('/');
	await test.step('pages on the agent, newest first, with the page in the URL through Back', async () => {
		await page
			.getByRole('navigation', { name: 'Main' })
			.getByRole('link', { name: 'History' })
			.click();
		await expect(page).toHaveURL('/history');
		const total = entries(agent).length;
		await expect(page.getByTestId('history-total')).toHaveText(`${count(total)} transfers`);
		await expect(page.getByTestId('history-range')).toHaveText(
			`Showing 1 to 25 of ${count(total)}`
		);
		const newest = [...entries(agent)].sort((a, b) => b.id - a.id)[0]!;
		await expect(page.getByTestId('history-table').locator('tbody tr').first()).toContainText(
			newest.name
		);
		await page.getByRole('link', { name: 'Next page' }).first().click();
		await expect(page).toHaveURL('/history?page=2');
		await expect(page.getByTestId('history-range')).toHaveText(
			`Showing 26 to 50 of ${count(total)}`
		);
		await page.goBack();
		await expect(page.getByTestId('history-range')).toHaveText(
			`Showing 1 to 25 of ${count(total)}`
		);
		// Sorting is the agent's too: by size, largest first.
		await page.getByRole('link', { name: 'Size' }).click();
		await expect(page).toHaveURL('/history?sort=size');
		await expect(page.getByRole('columnheader', { name: /Size/ })).toHaveAttribute(
			'aria-sort',
			'descending'
		);
	});
	await test.step('filters by status, direction and origin in words, and errors only in one click', async () => {
		await visit(page, '/history');
		await page.getByTestId('errors-only').click();
		await expect(page).toHaveURL('/history?status=error');
		const failed = entries(agent).filter((e) => e.transferStatus & 16).length;
		await expect(page.getByTestId('history-total')).toHaveText(`${count(failed)} transfers match`);
		const statuses = page
			.getByTestId('history-table')
			.getByRole('cell', { name: /Failed|Completed|Canceled/ });
		await expect(statuses.first()).toHaveText('Failed');
		expect(new Set(await statuses.allInnerTexts())).toEqual(new Set(['Failed']));
		await page.getByLabel('Direction').selectOption({ label: 'Downloads' });
		await expect(page).toHaveURL('/history?status=error&direction=download');
		const both = entries(agent).filter((e) => e.transferStatus & 16 && e.direction === 2).length;
		await expect(page.getByTestId('history-total')).toHaveText(`${count(both)} transfers match`);
		await page.getByLabel('Started by').selectOption({ label: 'Direct transfer' });
		await expect(page).toHaveURL('/history?status=error&direction=download&origin=direct');
		await expect(page.getByTestId('history-empty')).toContainText(
			'No transfers match these filters'
		);
		await page.getByRole('link', { name: 'Show all transfers' }).click();
		await expect(page).toHaveURL('/history');
		await page.reload();
		await expect(page.getByTestId('history-total')).toHaveText(
			`${count(entries(agent).length)} transfers`
		);
	});
	await test.step('an opened entry is in the URL: it survives a reload, and closing leaves the list', async () => {
		const { panel, name } = await openFirstFailed(page);
		await expect(page).toHaveURL(/\/history\?status=error&entry=\d+$/);
		// Back closes it and stays on the list; the entry's address reopens it after a reload.
		await page.goBack();
		await expect(panel).toHaveCount(0);
		await expect(page).toHaveURL('/history?status=error');
		await page.goForward();
		await expect(panel.getByRole('heading', { name })).toBeVisible();
		await page.reload();
		await expect(panel.getByRole('heading', { name })).toBeVisible();
		await page.keyboard.press('Escape');
		await expect(panel).toHaveCount(0);
		await expect(page).toHaveURL('/history?status=error');
	});
	await test.step('exports the page shown as CSV, headed in words, every field included', async () => {
		await visit(page, '/history?status=error&pageSize=10');
		await expect(page.getByTestId('history-range')).toContainText('Showing 1 to 10');
		const [download] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('button', { name: 'Export this page (CSV)' }).click()
		]);
		expect(download.suggestedFilename()).toMatch(/^transfer-history-page-1-.*\.csv$/);
		const text = await readFile((await download.path())!, 'utf8');
		const lines = text.trim().split('\r\n');
		expect(lines).toHaveLength(11);
		expect(lines[0]).toMatch(/^Entry ID,Name,Status,Direction,Started by,From,To,Started \(UTC\)/);
		expect(lines[0]).not.toContain('transferStatus');
		expect(lines[0]).toContain('attempts (as sent)');
		expect(lines.slice(1).every((l) => l.includes(',Failed,'))).toBe(true);
		expect(lines.slice(1).some((l) => l.includes(',16,'))).toBe(false);
	});
	await test.step("from a drive's page: its transfers only, filtered after paging, short pages said", async () => {
		await visit(page, `/drives/${TEAM}`);
		await page.getByRole('link', { name: 'Transfer history' }).click();
		await expect(page).toHaveURL(`/history?drive=${TEAM}`);
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(
			'Transfer history of Team Drive'
		);
		await expect(page.getByLabel('Started by')).toHaveCount(0);
		await page.getByLabel('Direction').selectOption({ label: 'Downloads' });
		await expect(page).toHaveURL(`/history?direction=download&drive=${TEAM}`);
		await expect(page.getByTestId('history-short')).toContainText(
			'the next pages can still have transfers'
		);
		const directions = page
			.getByTestId('history-table')
			.getByRole('cell', { name: /^(Upload|Download)$/ });
		expect(new Set(await directions.allInnerTexts())).toEqual(new Set(['Download']));
		await page.getByRole('link', { name: 'Show the whole history' }).click();
		await expect(page).toHaveURL('/history');
	});
	await test.step('a panel shows every field, unknown ones included, and deletes the entry after a confirmation', async () => {
		const { panel, name } = await openFirstFailed(page);
		await expect(panel.getByTestId('known-fields')).toContainText('Failed');
		await expect(panel.getByTestId('known-fields')).toContainText('Source bucket');
		// `attempts` is not in the contract: shown as sent.
		await expect(panel.getByTestId('other-fields')).toContainText('attempts');
		const id = Number(
			(await panel.getByTestId('known-fields').innerText()).match(/Entry ID\s+(\d+)/)?.[1]
		);
		await panel.getByRole('button', { name: 'Delete this entry' }).click();
		const dialog = page.getByTestId('confirm-dialog');
		await expect(dialog).toContainText('The files it moved are not touched');
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		expect(entries(agent).some((e) => e.id === id)).toBe(true);
		await panel.getByRole('button', { name: 'Delete this entry' }).click();
		await page
			.getByTestId('confirm-dialog')
			.getByRole('button', { name: 'Delete the entry' })
			.click();
		await expect(page.getByTestId('history-outcome')).toContainText(`Deleted the entry “${name}”`);
		await expect(panel).toHaveCount(0);
		expect(entries(agent).some((e) => e.id === id)).toBe(false);
	});
	await test.step('errors only, with nothing failed, says so', async () => {
		agent.state.history = agent.state.history.filter((e) => !(e.transferStatus & 16));
		// Read again: from another page, as the list is only read when it is opened.
		await visit(page, '/');
		await visit(page, '/history?status=error');
		await expect(page.getByTestId('history-empty')).toContainText(
			'No transfers match: nothing failed.'
		);
	});
});
