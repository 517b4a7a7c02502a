import type { Page } from '@playwright/test';
import type { Simulator } from '../../simulator/index.ts';
import { control, expect, push, signInWithToken, test } from './fixtures.ts';

/** A transfer under way, at 2 MB/s, as the agent's frame says it. */
const moving = (id: string, bytes: number) => ({
	Type: 1,
	Data: {
		TransferMode: 'Upload',
		Status: 'InProgress',
		Path: `/Projects/${id}.mov`,
		Name: `${id}.mov`,
		StorageName: 'Studio S3',
		Bytes: bytes,
		Size: 100_000_000,
		Speed: 2_000_000,
		Error: null,
		TransferId: id
	}
});

const status = (page: Page) => page.getByTestId('agent-status').getByRole('status');
const dialog = (page: Page) => page.getByTestId('confirm-dialog');
const actions = (page: Page) => page.getByTestId('agent-actions').first();

/** The overview with one transfer moving (`bytes` sent so far) and the drives read. */
async function busy(page: Page, agent: Simulator, bytes: number) {
	await expect(page.getByTestId('overview-channels').getByTestId('notification-status')).toHaveText(
		'Live'
	);
	await push(agent, 'notification', moving('busy', bytes));
	await expect(page.getByTestId('activity-upload')).toHaveText('1.9 MB/s');
	await expect(page.getByTestId('drives-and-backups-summary')).toContainText(/\d+ syncing/);
}

/** No speed, count or estimate on the Now card; the drives are not said to sync. */
async function noStaleFigure(page: Page, halt: string) {
	await expect(page.getByTestId('activity-halted')).toHaveAttribute('data-halt', halt);
	for (const id of ['activity-active', 'activity-upload', 'activity-download', 'activity-left'])
		await expect(page.getByTestId(id)).toHaveText('—');
	await expect(page.getByTestId('activity')).not.toContainText('MB/s');
	await expect(page.getByTestId('drives-and-backups-summary')).not.toContainText('syncing');
}

test('the Now card follows the agent: paused, updated and restarted, then stopped', async ({
	page,
	agent
}) => {
	test.setTimeout(90_000);
	// The update the agent offers is read as the overview loads.
	await control(agent, 'update', { isUpdateRequired: true, newVersion: '3.5.0' });
	await page.clock.install();
	await signInWithToken(page, agent);
	await page.goto('/');

	await test.step('paused: no figures and the drives wait; figures that stop arriving say so', async () => {
		await busy(page, agent, 10_000_000);
		await actions(page).getByRole('button', { name: 'Pause' }).click();
		await dialog(page).getByRole('button', { name: 'Pause the agent' }).click();
		await expect(status(page)).toHaveText('Paused');
		await noStaleFigure(page, 'paused');
		await expect(page.getByTestId('drives-and-backups-summary')).toContainText(
			'with files waiting'
		);
		await expect(page.getByTestId('drives-and-backups')).toContainText('Paused');

		await actions(page).getByRole('button', { name: 'Resume' }).click();
		await dialog(page).getByRole('button', { name: 'Resume the agent' }).click();
		await expect(status(page)).toHaveText('Running');
		await expect(page.getByTestId('activity-halted')).toHaveCount(0);
		// The transfer sends nothing more: its last speed is not shown as today's.
		await push(agent, 'notification', moving('busy', 20_000_000));
		await expect(page.getByTestId('activity-upload')).toHaveText('1.9 MB/s');
		// The frame is in once what is left says so (80,000,000 bytes); the wait starts after it.
		await expect(page.getByTestId('activity-left')).toContainText('76.3 MB');
		await page.clock.runFor(31_000);
		await expect(page.getByTestId('activity-upload')).toHaveText(/^no data for 3\d s$/);
		await expect(page.getByTestId('activity-left')).toHaveText(/time not known/);
	});

	await test.step('an update: restarting, with no figure left, then running again', async () => {
		await busy(page, agent, 30_000_000);
		const card = page.getByTestId('overview-update');
		await card.getByRole('button', { name: 'Update now' }).click();
		await dialog(page).getByRole('button', { name: 'Update and restart' }).click();
		await expect(page.getByTestId('activity-halted')).toHaveAttribute('data-halt', 'restarting');
		await noStaleFigure(page, 'restarting');

		agent.clock.advance(agent.options.restartSeconds * 1000);
		await expect
			.poll(async () => {
				await page.clock.runFor(1000);
				return page.getByTestId('update-done').count();
			})
			.toBe(1);
		await expect(status(page)).toHaveText('Running');
		await expect(page.getByTestId('activity-halted')).toHaveCount(0);
	});

	await test.step('stopped: Stopping, then Stopped, with no figure left', async () => {
		await busy(page, agent, 40_000_000);
		await actions(page).getByRole('button', { name: 'Stop the agent' }).click();
		await dialog(page).getByRole('button', { name: 'Stop the agent' }).click();
		await expect(status(page)).toHaveText(/Stopping…|Stopped/);
		await expect(page.getByTestId('activity-halted')).toHaveAttribute(
			'data-halt',
			/stopping|stopped/
		);
		await page.clock.runFor(2_000);
		await expect(status(page)).toHaveText('Stopped');
		await noStaleFigure(page, 'stopped');
		// What the drives said before the stop: none of them is said to sync now.
		await expect(page.getByTestId('drives-and-backups')).not.toContainText('Syncing');
		await expect(page.getByTestId('drives-and-backups')).toContainText('Waiting');
	});
});
