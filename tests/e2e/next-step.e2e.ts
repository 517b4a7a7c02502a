import type { Simulator } from '../../simulator/index.ts';
import { control, expect, signInWithToken, test } from './fixtures.ts';

/** The next step wherever something failed: retry a failed file, advice beside an error. */

const TEAM = '6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f';

type Entry = {
	transferStatus: number;
	errorMessage: string | null;
	sourcePath: string;
	name: string;
};
const entries = (sim: Simulator) => sim.state.history as unknown as Entry[];

test.describe('the next step after a failure', () => {
	test('a failed file is retried after a confirmation, with the outcome and its new state', async ({
		page,
		agent
	}) => {
		await signInWithToken(page, agent);
		await page.goto(`/drives/${TEAM}?state=256#files`);
		await expect.poll(() => agent.live.clientCount('statechange')).toBe(1);
		const row = page.getByTestId('files-table').locator('tbody tr').first();
		await expect(row.getByTestId('file-state')).toContainText('With errors');
		const name = (await row.locator('td').first().locator('span').first().innerText()).trim();

		// Cancel sends nothing.
		await row.getByRole('button', { name: `Retry ${name}` }).click();
		const dialog = page.getByRole('dialog', { name: `Try “${name}” again?` });
		await expect(dialog).toContainText('a sync pass for this one file');
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		await expect(dialog).toBeHidden();
		await expect(page.getByTestId('files-outcome')).toHaveCount(0);
		await expect(row.getByTestId('file-state')).toContainText('With errors');

		await row.getByRole('button', { name: `Retry ${name}` }).click();
		await dialog.getByRole('button', { name: 'Retry the file' }).click();
		await expect(page.getByTestId('files-outcome')).toContainText(
			`The agent is trying “${name}” again`
		);
		// The agent's frames move the row on: it waits, uploads and ends in sync.
		await expect(row.getByTestId('file-state')).toContainText('In sync', { timeout: 15_000 });
		await expect(row.getByRole('button', { name: `Retry ${name}` })).toHaveCount(0);
	});

	test('a failed transfer of a known kind says what to do, with the agent’s own text', async ({
		page,
		agent
	}) => {
		const text = 'There is not enough space on the disk.';
		for (const e of entries(agent)) if (e.transferStatus === 16) e.errorMessage = text;
		await signInWithToken(page, agent);
		await page.goto('/history?status=error');
		const first = page.getByTestId('history-table').locator('tbody tr').first();
		await expect(first.getByTestId('error-advice')).toHaveText(
			'This computer’s disk is full: free up space on it, then retry.'
		);
		await expect(first).toContainText(`The agent said: ${text}`);
		await first.getByRole('button').first().click();
		await expect(page.getByTestId('history-panel')).toContainText(
			`This computer’s disk is full: free up space on it, then retry. The agent said: “${text}”`
		);
	});

	test('a drive’s failed transfer runs again from its history entry, confirmed', async ({
		page,
		agent
	}) => {
		// A file of the drive fails to upload now: the newest failure in the history.
		const { path } = (await control(agent, 'transfer', { id: TEAM, fail: true })) as {
			path: string;
		};
		const before = entries(agent).length;
		await signInWithToken(page, agent);
		await page.goto('/history?status=error');
		const first = page.getByTestId('history-table').locator('tbody tr').first();
		await first.getByRole('button').first().click();
		const panel = page.getByTestId('history-panel');
		await expect(panel).toContainText(path);
		await panel.getByRole('button', { name: 'Run again' }).click();
		const dialog = page.getByRole('dialog', { name: 'Run this transfer again?' });
		await expect(dialog).toContainText(`for ${path} alone`);
		await dialog.getByRole('button', { name: 'Run it again' }).click();
		await expect(page.getByTestId('rerun-outcome')).toContainText(
			`The agent is running the transfer of ${path} again`
		);
		// The agent really transfers it again: a new entry for the same file, completed.
		await expect
			.poll(
				() =>
					entries(agent)
						.slice(before)
						.some((e) => e.sourcePath === path && e.transferStatus === 4),
				{
					timeout: 15_000
				}
			)
			.toBe(true);
	});
});
