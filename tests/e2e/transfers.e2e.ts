import type { Page } from '@playwright/test';
import { SEEDED_TRANSFER } from '../../simulator/seed/transfers.ts';
import type { Simulator } from '../../simulator/index.ts';
import { bothLive, control, expect, signInWithToken, test, visit } from './fixtures.ts';

/**
 * Transfers now (`/transfers`): the agent's current transfers, paged and filtered on the agent,
 * brought up to date by the frames; cancel, confirmed, followed to Canceled; and a copy started
 * between two cloud accounts, refused beside its field, then listed with its progress. The
 * development agent's seeded work holds still (no background activity): only the clock moves it.
 */

/** The row of the transfer of this name. */
const row = (page: Page, name: string) =>
	page
		.getByTestId('transfers-table')
		.locator('tbody tr')
		.filter({ has: page.getByRole('button', { name, exact: true }) });

/** The page open, its list read afresh and the channels live, so frames reach it. */
async function openTransfers(page: Page, search = '') {
	await visit(page, '/events');
	await bothLive(page);
	await visit(page, `/transfers${search}`);
	await expect(page.getByTestId('transfers-table')).toBeVisible();
}

/** Moves the agent's clock on, by its control surface (as a script would). */
const advance = (agent: Simulator, seconds: number) =>
	control(agent, 'clock', { advanceSeconds: seconds });

test('transfers now: listed in words, followed by the frames, canceled, started', async ({
	page,
	agent
}) => {
	test.setTimeout(90_000);
	const token = await signInWithToken(page, agent);
	await page.setViewportSize({ width: 360, height: 740 });
	await page.goto('/');
	await test.step('the Transfers link is in reach at 360 px', async () => {
		const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
			name: 'Transfers'
		});
		await link.scrollIntoViewIfNeeded();
		await expect(link).toBeInViewport();
		await link.click();
		await expect(page.getByRole('heading', { name: 'Transfers now' })).toBeVisible();
		await expect(link).toHaveAttribute('aria-current', 'page');
		await page.setViewportSize({ width: 1280, height: 720 });
	});
	await test.step('lists the current transfers in words, filtered by kind in the URL', async () => {
		await expect(page.getByTestId('transfers-total')).toHaveText('5 transfers');
		const footage = row(page, 'Footage');
		await expect(footage).toContainText('Manual transfer · studio-projects → studio-archive');
		await expect(footage.getByTestId('transfer-status')).toHaveText('Running');
		await expect(footage.getByRole('progressbar')).toHaveAttribute('aria-valuenow', /\d+/);
		await expect(row(page, 'Studio')).toContainText('Sync · this computer → studio-server-backup');
		await expect(row(page, 'Old media').getByTestId('transfer-status')).toHaveText('Paused');
		await expect(row(page, 'reel-v7.prproj').getByTestId('transfer-status')).toHaveText('Failed');

		await page.getByLabel('Kind').selectOption({ label: 'Manual transfers' });
		await expect(page).toHaveURL(/\?type=manual$/);
		await expect(page.getByTestId('transfers-total')).toHaveText('2 transfers of this kind');
		await expect(page.getByTestId('transfers-table').locator('tbody tr')).toHaveCount(2);
		await page.reload();
		await expect(page.getByLabel('Kind')).toHaveValue('8');
		await expect(page.getByTestId('transfers-table').locator('tbody tr')).toHaveCount(2);

		// Every field in a panel, the ones this console does not know as sent.
		await page.getByRole('button', { name: 'Stills', exact: true }).click();
		const panel = page.getByTestId('transfer-panel');
		await expect(panel.getByTestId('known-fields')).toContainText(
			'Media Google (Google Cloud): media-gcs/media/Stills/'
		);
		await expect(panel.getByTestId('known-fields')).toContainText('Keep the folder tree');
		await expect(page).toHaveURL(new RegExp(`transfer=${SEEDED_TRANSFER.stillsCopy}`));
		// Done already: no cancel, and why.
		await expect(panel.getByTestId('cancel-block')).toHaveText(
			'This transfer cannot be canceled. It has completed: there is nothing left to cancel.'
		);
		await expect(panel.getByRole('button', { name: /Cancel this transfer/ })).toHaveCount(0);
	});
	await test.step('shows a transfer the list did not have once its frames come', async () => {
		await openTransfers(page);
		// Started by another client: the list read before it does not have it.
		const res = await fetch(`${agent.url}/transfer/transfer?token=${token}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				sourceCloudAccountId: 'acc-google-1',
				sourceBucket: 'interviews-raw',
				sourcePath: 'Interviews/',
				destinationCloudAccountId: 'acc-aws-1',
				destinationBucket: 'studio-projects',
				destinationPath: 'team/Interviews/'
			})
		});
		expect(res.status).toBe(200);
		await expect(row(page, 'Interviews')).toHaveCount(0);
		await advance(agent, 2);
		await expect(row(page, 'Interviews').getByTestId('transfer-status')).toHaveText('Running');
		await expect(page.getByTestId('transfers-total')).toHaveText('6 transfers');
	});
	await test.step('cancels a running transfer: said first, then Canceling, then Canceled', async () => {
		await openTransfers(page);
		const footage = row(page, 'Footage');
		await expect(row(page, 'reel-v7.prproj').getByRole('button', { name: /^Cancel/ })).toHaveCount(
			0
		);

		// Keeping it running sends nothing.
		await footage.getByRole('button', { name: 'Cancel Footage…' }).click();
		const dialog = page.getByTestId('confirm-dialog');
		await expect(dialog).toContainText('What it has copied so far stays at the destination');
		await dialog.getByRole('button', { name: 'Keep it running' }).click();
		await expect(dialog).toBeHidden();
		expect(agent.transfers.find(SEEDED_TRANSFER.footageCopy)!.item.transferStatus).toBe(2);

		await footage.getByRole('button', { name: 'Cancel Footage…' }).click();
		await dialog.getByRole('button', { name: 'Cancel the transfer' }).click();
		await expect(page.getByTestId('cancel-outcome')).toHaveText(
			/Asked the agent to cancel “Footage”/
		);
		// The 200 alone says nothing more: the agent's Canceling does.
		await expect(footage.getByTestId('transfer-status')).toHaveText('Canceling');
		await expect(page.getByTestId('cancel-states')).toHaveText(
			'Footage: Canceling: the agent is stopping it.'
		);
		await expect(footage.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);

		// The agent stops it a moment later on its clock, and says so over the channel.
		await advance(agent, 5);
		await expect(footage.getByTestId('transfer-status')).toHaveText('Canceled');
		await expect(page.getByTestId('cancel-states')).toHaveText('Footage: Canceled.');
		// A cancel asked for is no problem to raise.
		await expect(page.getByRole('region', { name: /Problems/ }).getByRole('listitem')).toHaveCount(
			0
		);
	});
	await test.step('checks, explains, confirms, shows the agent’s refusal, then lists the copy with its progress', async () => {
		await openTransfers(page);
		await page.getByRole('link', { name: 'Start a transfer' }).click();
		await expect(page.getByRole('heading', { name: 'Start a transfer' })).toBeVisible();

		// Nothing filled: said beside each field, nothing sent.
		await page.getByRole('button', { name: 'Start the copy…' }).click();
		await expect(page.getByText('Choose the account to copy from, or enter its id.')).toBeVisible();
		await expect(page.getByLabel('Account to copy from')).toBeFocused();

		// Accounts as in the drive form: those the agent uses, named.
		const from = page.getByLabel('Account to copy from');
		await expect(from.locator('option', { hasText: 'Studio AWS (Amazon S3)' })).toHaveCount(1);
		await from.selectOption('acc-aws-1');
		await page.getByLabel('Bucket to copy from').fill('studio-projects');
		await page.getByLabel('Path to copy', { exact: true }).fill('team/nothing-here/');
		await page.getByLabel('Account to copy to').selectOption('acc-wasabi-1');
		await page.getByLabel('Bucket to copy to').fill('studio-archive');
		await page.getByLabel('Path to copy into').fill('archive/new/');

		// Each choice in a sentence, with an example from the paths typed.
		await expect(page.getByText(/nothing there is replaced/)).toBeVisible();
		await expect(page.getByTestId('keep-tree-example')).toHaveText(
			'For example, team/nothing-here/Day 1/clip.mov goes to archive/new/Day 1/clip.mov.'
		);
		await page.getByLabel('Keep the folder tree').uncheck();
		await expect(page.getByText(/files with the same name in different folders/)).toBeVisible();
		await expect(page.getByTestId('keep-tree-example')).toHaveText(
			'For example, team/nothing-here/Day 1/clip.mov goes to archive/new/clip.mov.'
		);

		// Said before it is sent; the agent then finds nothing there, and says so beside the path.
		await page.getByRole('button', { name: 'Start the copy…' }).click();
		const dialog = page.getByTestId('confirm-dialog');
		await expect(dialog).toContainText(
			'The agent copies team/nothing-here/ in the bucket studio-projects of Studio AWS (Amazon S3) to archive/new/ in the bucket studio-archive of Archive Wasabi (Wasabi).'
		);
		await expect(dialog).toContainText('goes to archive/new/clip.mov');
		await dialog.getByRole('button', { name: 'Start the copy' }).click();
		await expect(page.getByText('Nothing at team/nothing-here/ in studio-projects.')).toBeVisible();
		await expect(page.getByLabel('Path to copy', { exact: true })).toHaveAttribute(
			'aria-invalid',
			'true'
		);

		await page.getByLabel('Path to copy', { exact: true }).fill('team/Footage/Selects/');
		await page.getByRole('button', { name: 'Start the copy…' }).click();
		await dialog.getByRole('button', { name: 'Start the copy' }).click();

		// Back on the list: queued, and marked as started here.
		await expect(page).toHaveURL(/\/transfers$/);
		await expect(page.getByTestId('started-outcome')).toContainText(
			'The agent queued the copy of team/Footage/Selects/ in the bucket studio-projects'
		);
		const copy = page
			.getByTestId('transfers-table')
			.locator('tbody tr')
			.filter({ has: page.getByTestId('transfer-new') });
		await expect(copy).toContainText('Selects');
		// Created until the agent's next step starts it (its clock runs in real time too).
		await expect(copy.getByTestId('transfer-status')).toHaveText(/^\s*(Created|Running)$/);

		// Its progress comes over the channel as the agent's clock moves.
		await advance(agent, 2);
		await expect(copy.getByTestId('transfer-status')).toHaveText('Running');
		await advance(agent, 60);
		await expect(copy.getByTestId('transfer-percent')).not.toHaveText('0 %');
		await expect(copy).toContainText(/MB\/s/);
	});
	await test.step('says what to do when the agent moves nothing', async () => {
		await control(agent, 'transfers', { empty: true });
		// Read afresh: from another page, as a link would.
		await visit(page, '/');
		await visit(page, '/transfers');
		const empty = page.getByTestId('transfers-empty');
		await expect(empty).toContainText('The agent is moving nothing now.');
		await empty.getByRole('link', { name: 'Start a transfer' }).click();
		await expect(page).toHaveURL(/\/transfers\/new$/);
	});
});

test('transfers now, the channels down: a refused cancel, and one followed by reading the list', async ({
	page,
	agent
}) => {
	test.setTimeout(45_000);
	await page.clock.install();
	const token = await signInWithToken(page, agent);
	await page.goto('/transfers?type=initial-sync');
	await expect(page.getByTestId('transfers-table')).toBeVisible();
	await test.step('the agent’s refusal of a cancel is said in its words', async () => {
		await openTransfers(page, '?type=initial-sync');
		// Canceled elsewhere while this page hears nothing: it still shows it paused.
		await control(agent, 'sockets', { mode: 'refuse', action: 'drop' });
		const res = await fetch(`${agent.url}/transfer/cancel_transfer?token=${token}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ id: SEEDED_TRANSFER.mediaInit })
		});
		expect(res.status).toBe(200);
		await advance(agent, 5);
		const paused = row(page, 'Old media');
		await expect(paused.getByTestId('transfer-status')).toHaveText('Paused');
		await paused.getByRole('button', { name: 'Cancel Old media…' }).click();
		await page
			.getByTestId('confirm-dialog')
			.getByRole('button', { name: 'Cancel the transfer' })
			.click();
		await expect(page.getByTestId('cancel-outcome')).toHaveText(
			/“Old media” was not canceled: The transfer has already been canceled: there is nothing to cancel\./
		);
	});
	await test.step('without frames, the list is read again until the agent says Canceled', async () => {
		await visit(page, '/transfers');
		const footage = row(page, 'Footage');
		await expect(footage.getByTestId('transfer-status')).toHaveText('Running');
		// The channels down: only the list can say how the cancel went.
		await control(agent, 'sockets', { mode: 'refuse', action: 'drop' });
		await footage.getByRole('button', { name: 'Cancel Footage…' }).click();
		await page
			.getByTestId('confirm-dialog')
			.getByRole('button', { name: 'Cancel the transfer' })
			.click();
		await expect(footage.getByTestId('transfer-status')).toHaveText('Canceling');
		await advance(agent, 5);
		// The agent has stopped it, and the page does not know yet.
		await expect(footage.getByTestId('transfer-status')).toHaveText('Canceling');
		await page.clock.runFor(5_000);
		await expect(footage.getByTestId('transfer-status')).toHaveText('Canceled');
		await expect(page.getByTestId('cancel-states')).toHaveText('Footage: Canceled.');
	});
});
