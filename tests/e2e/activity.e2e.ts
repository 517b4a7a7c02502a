import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { scan } from './axe.ts';
import { control, expect, signInWithToken, test } from './fixtures.ts';

/** The journal of changes (`/activity`): this console's changes and other clients', told apart. */

const TEAM = '6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f';
/** Within a second of the agent's answer or frame, as the issue asks. */
const SOON = { timeout: 1000 };

const rows = (page: Page) => page.getByTestId('journal-row');
const dialog = (page: Page) => page.getByTestId('confirm-dialog');

async function pauseFromMenu(page: Page) {
	await page.getByTestId('agent-status').click();
	await page.locator('#agent-menu').getByRole('button', { name: 'Pause' }).click();
	await dialog(page).getByRole('button', { name: 'Pause the agent' }).click();
}

test('the journal keeps the console’s changes and another client’s, told apart, filtered and exported', async ({
	page,
	agent
}) => {
	const token = await signInWithToken(page, agent);
	await page.goto('/');
	await page.getByRole('link', { name: 'Journal' }).click();
	await expect(page).toHaveTitle(/Journal of changes/);
	await expect(page.getByText('No change recorded yet.')).toBeVisible();

	// The agent refuses the first pause: the refusal is kept in its words.
	await control(agent, 'faults', {
		path: '/management/command/2',
		status: 499,
		body: 'json',
		json: { type: 'ACCESS', status: 499, errors: { ACCESS: ['Pausing is not allowed now.'] } }
	});
	await pauseFromMenu(page);
	const refused = rows(page).filter({ hasText: 'Refused' });
	await expect(refused).toContainText('Pausing is not allowed now.', SOON);
	await expect(refused).toContainText('admin@example.com');
	await expect(refused).toHaveAttribute('data-source', 'console');

	await pauseFromMenu(page);
	const done = rows(page).filter({ hasText: 'Done' });
	await expect(done).toContainText('POST /management/command/2', SOON);
	await expect(done).toContainText('This console');

	// Another client (the agent's own app) renames a drive: the agent announces it.
	await control(agent, `drives/${TEAM}`, { name: 'Team Drive (renamed)' });
	const other = rows(page).filter({ hasText: 'Another client' });
	await expect(other).toContainText(TEAM, SOON);
	await expect(other).toContainText('agent-app');
	await expect(other).toHaveAttribute('data-outcome', 'announced');
	// Named as the agent calls it now, read again as the change came: its id beside.
	await expect(other.getByTestId('journal-item-name')).toHaveText('Team Drive (renamed)');
	// The console's own calls are not counted twice from their announcement.
	await expect(rows(page)).toHaveCount(3);

	// Kept: a reload shows the same three.
	await page.reload();
	await expect(rows(page)).toHaveCount(3);
	await scan(page, 'journal');

	// Filters go in the address, and a reload keeps them.
	await page.getByLabel('Source').selectOption({ label: 'Another client' });
	await expect(page).toHaveURL(/[?&]source=other/);
	await expect(rows(page)).toHaveCount(1);
	await page.getByLabel('Source').selectOption({ label: 'Both' });
	await page.getByLabel('Outcome').selectOption({ label: 'Refused' });
	await page.getByLabel('Kind').selectOption({ label: 'Agent' });
	await expect(page).toHaveURL(/kind=agent&.*outcome=refused/);
	await page.reload();
	await expect(page.getByLabel('Outcome')).toHaveValue('refused');
	await expect(rows(page)).toHaveCount(1);
	await page.getByLabel('Outcome').selectOption({ label: 'All outcomes' });
	await page.getByLabel('Kind').selectOption({ label: 'All kinds' });
	await page.getByLabel('Item').fill(TEAM.slice(0, 8));
	await page.getByLabel('Item').press('Enter');
	await expect(page).toHaveURL(new RegExp(`item=${TEAM.slice(0, 8)}`));
	await expect(rows(page)).toHaveCount(1);
	await page.getByLabel('Item').fill('');
	await page.getByLabel('Item').press('Enter');
	await expect(rows(page)).toHaveCount(3);

	// After a reload too, a link to the drive, and found by that name.
	const named = other.getByTestId('journal-item-name');
	await expect(named).toHaveText('Team Drive (renamed)');
	await expect(named).toHaveAttribute('href', `/drives/${TEAM}`);
	await expect(other).toContainText(TEAM);
	await page.getByLabel('Item').fill('RENAMED');
	await page.getByLabel('Item').press('Enter');
	await expect(rows(page)).toHaveCount(1);
	await expect(rows(page)).toHaveAttribute('data-source', 'other');
	await page.getByLabel('Item').fill('');
	await page.getByLabel('Item').press('Enter');

	// The drive's own page shows its part, and leads to the journal filtered to it.
	await page.goto(`/drives/${TEAM}`);
	const part = page.getByTestId('journal-of-item');
	await expect(part.getByTestId('journal-row')).toHaveCount(1);
	await expect(part).toContainText('agent-app');
	// The drives cannot be read this time (and none were read since the load): the journal says so
	// and names the drive by its id.
	await control(agent, 'faults', { path: '/management/clouddrive', status: 500 });
	await part.getByRole('link', { name: 'Journal of changes' }).click();
	await expect(page).toHaveURL(new RegExp(`/activity\\?item=${TEAM}`));
	await expect(rows(page)).toHaveCount(1);
	await expect(page.getByTestId('journal-names-failed')).toBeVisible();
	await expect(rows(page).getByTestId('journal-item-name')).toHaveCount(0);
	await expect(rows(page)).toContainText(TEAM);
	await page.getByLabel('Item').fill('');
	await page.getByLabel('Item').press('Enter');
	// The agent answers again: the note goes.
	await page.reload();
	await expect(page.getByTestId('journal-names-failed')).toBeHidden();
	await expect(rows(page).getByTestId('journal-item-name')).toHaveText('Team Drive (renamed)');

	// Exported as JSON lines and CSV: every entry, and no credential.
	const [jsonl] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('button', { name: 'JSON lines' }).click()
	]);
	const lines = (await readFile(await jsonl.path(), 'utf8')).trim().split('\n');
	expect(lines.map((l) => JSON.parse(l).source)).toEqual(['console', 'console', 'other']);
	// The drive by the name it has as the file is made, beside its id.
	expect(JSON.parse(lines[2]!)).toMatchObject({ item: TEAM, itemName: 'Team Drive (renamed)' });
	const [csv] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('button', { name: 'CSV' }).click()
	]);
	const text = await readFile(await csv.path(), 'utf8');
	expect(text).toContain('Pausing is not allowed now.');
	for (const file of [lines.join('\n'), text]) {
		expect(file).not.toContain(token);
		expect(file).not.toContain(token.split('.')[2]);
	}

	// At 360 px a change is one block, every field in sight without scrolling sideways, each with
	// its column's name before it.
	await page.setViewportSize({ width: 360, height: 780 });
	const sideways = await page
		.getByTestId('journal-table')
		.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
	expect(sideways).toBeLessThanOrEqual(0);
	const cells = other.getByRole('cell');
	await expect(cells).toHaveCount(6);
	await expect(cells.last()).toHaveAttribute('data-label', 'Outcome');
});
