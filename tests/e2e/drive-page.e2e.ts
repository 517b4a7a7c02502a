import type { Page } from '@playwright/test';
import type { Simulator } from '../../simulator/index.ts';
import { control, expect, signInWithToken, test, visit } from './fixtures.ts';

const TEAM = '6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f';
const DESIGN = '3d2e1f0a-9b8c-4d7e-a6f5-4e3d2c1b0a99';
const LAPTOP = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';

type Health = Record<string, number | string>;
const report = async <T>(sim: Simulator, path: string) =>
	(await (await fetch(`${sim.url}${path}`)).json()) as T;
const count = (n: number) => n.toLocaleString('en-US');

/** Shows a drive's page by a link inside the console, once its files are listed. */
async function showDrive(page: Page, id = TEAM, query = '') {
	await visit(page, `/drives/${id}${query}`);
	await expect(page.getByTestId('health-counts')).toBeVisible();
}

async function openDrive(page: Page, sim: Simulator, id = TEAM, query = '') {
	await signInWithToken(page, sim);
	await page.goto(`/drives/${id}${query}`);
	await expect(page.getByTestId('health-counts')).toBeVisible();
	// The page follows the channels: frames sent before it listens reach nobody.
	await expect.poll(() => sim.live.clientCount('statechange')).toBe(1);
	await expect.poll(() => sim.live.clientCount('notification')).toBe(1);
}

test.describe('a drive page', () => {
	test('Team Drive: its health, counts, files, channels, explorer, a refused sync, then paused', async ({
		page,
		agent
	}) => {
		test.setTimeout(120_000);
		await openDrive(page, agent);

		await test.step('shows sync health as the agent reports it, and the summary in words', async () => {
			const h = await report<Health>(agent, `/drivereport/sync_health/${TEAM}`);
			await expect(page.getByTestId('drive-or-backup-name')).toContainText('Team Drive');
			await expect(page.getByTestId('drive-or-backup-status')).toHaveText(String(h.DriveStatus));
			for (const key of [
				'FilesPendingUpload',
				'FilesUploading',
				'FilesPendingDownload',
				'FilesDownloading',
				'FilesWithErrors',
				'FilesNormal',
				'TotalTrackedFiles'
			]) {
				await expect(page.getByTestId(`health-${key}`), key).toContainText(count(h[key] as number));
			}
			await expect(page.getByTestId('health-completion')).toContainText(
				`${h.OverallSyncCompletionPercent} %`
			);
			const summary = page.getByTestId('summary');
			await expect(summary).toContainText('Amazon S3');
			await expect(summary).toContainText('Stream (kept in the cloud, fetched on demand)');
			await expect(summary).toContainText('every minute');
			// The header says how the files stand; the summary says whether the service runs, under
			// its own name, so "Error" and "Running" are not two answers to one question.
			await expect(summary.getByText('Service', { exact: true })).toBeVisible();
			await expect(summary.getByText('Status', { exact: true })).toHaveCount(0);
			// A field newer than the contract is shown as sent, named for people.
			await expect(page.getByTestId('summary-other')).toContainText('Index version (IndexVersion)');
			await expect(page.getByTestId('summary-other')).toContainText('7');
			// The breakdown, the trends and the distribution have their numbers as text.
			await expect(page.getByTestId('health-breakdown')).toContainText('Waiting to upload');
			await expect(page.getByTestId('trends-total')).toContainText('transfers');
			await expect(page.getByTestId('trend-transfers').locator('canvas').first()).toBeVisible();
			await expect(page.getByTestId('distribution')).toContainText('Largest files');
		});
		await test.step('a count links to the list of those files, filtered on the agent', async () => {
			await showDrive(page);
			const h = await report<Health>(agent, `/drivereport/sync_health/${TEAM}`);
			await page.getByTestId('health-FilesPendingUpload').click();
			await expect(page).toHaveURL(new RegExp(`/drives/${TEAM}\\?state=4#files$`));
			await expect(page.getByLabel('State', { exact: true })).toHaveValue('4');
			await expect(page.getByTestId('files-range')).toHaveText(
				`Showing 1 to ${count(h.FilesPendingUpload as number)} of ${count(h.FilesPendingUpload as number)}`
			);
			const states = page.getByTestId('file-state');
			await expect(states.first()).toHaveText('Waiting to upload');
			expect(new Set(await states.allInnerTexts())).toEqual(new Set(['Waiting to upload']));
			// In-sync files are not a filter the agent offers: said, not linked.
			await expect(page.getByTestId('health-FilesNormal').locator('xpath=..')).toContainText(
				'cannot list these alone'
			);
		});
		await test.step('opens the folder in the file explorer of the agent’s machine, and says so', async () => {
			await expect(page.getByText('opens a window on the desktop')).toBeVisible();
			await page.getByRole('button', { name: 'Open in file explorer' }).click();
			await expect(page.getByTestId('open-outcome')).toContainText(
				'A file explorer window opened at G:\\ on the desktop'
			);
			expect(await control(agent, 'drives')).toMatchObject({
				opened: [{ kind: 'drive', id: TEAM, path: 'G:\\' }]
			});
		});
		await test.step('pages and filters the files with the view in the URL, through Back and a reload', async () => {
			await showDrive(page, TEAM, '?pageSize=25');
			await expect(page.getByTestId('files-range')).toHaveText('Showing 1 to 25 of 3,000');
			const firstName = await page
				.getByTestId('files-table')
				.locator('tbody tr')
				.first()
				.innerText();
			await page.getByRole('link', { name: 'Next page' }).first().click();
			await expect(page).toHaveURL(/page=2/);
			await expect(page.getByTestId('files-range')).toHaveText('Showing 26 to 50 of 3,000');
			await page.getByLabel('State', { exact: true }).selectOption('256');
			await expect(page).toHaveURL(/state=256/);
			await expect(page).not.toHaveURL(/page=2/);
			await expect(page.getByTestId('files-range')).toHaveText(/Showing 1 to 6 of 6/);
			await page.goBack();
			await expect(page.getByTestId('files-range')).toHaveText('Showing 26 to 50 of 3,000');
			await page.reload();
			await expect(page.getByTestId('files-range')).toHaveText('Showing 26 to 50 of 3,000');
			await page.goBack();
			await expect(page.getByTestId('files-range')).toHaveText('Showing 1 to 25 of 3,000');
			await expect(page.getByTestId('files-table').locator('tbody tr').first()).toHaveText(
				firstName
			);
		});
		await test.step('follows the channels: a file uploading moves from waiting to in sync, then the counts', async () => {
			await showDrive(page, TEAM, '?state=4');
			await expect.poll(() => agent.live.clientCount('statechange')).toBe(1);
			const before = (await report<Health>(agent, `/drivereport/sync_health/${TEAM}`))
				.FilesPendingUpload as number;
			const files = await report<{
				Files: { Path: string; FileName: string }[];
			}>(agent, `/drivereport/file_states/${TEAM}?state=4&pageSize=1`);
			const file = files.Files[0]!;
			const row = page.getByTestId('files-table').locator('tr', { hasText: file.FileName });
			await expect(row.getByTestId('file-state')).toHaveText('Waiting to upload');
			await control(agent, 'transfer', { id: TEAM, path: file.Path });
			// The frame changes the row at once; the calm re-read then moves the counts and the list.
			await expect(page.getByTestId('drive-or-backup-live')).toContainText('live updates');
			await expect(page.getByTestId('health-FilesPendingUpload')).toContainText(count(before - 1));
			await expect(row).toHaveCount(0);
			await expect(page.getByTestId('files-range')).toHaveText(
				`Showing 1 to ${count(before - 1)} of ${count(before - 1)}`
			);
		});
		await test.step('says why a sync did not start, in the agent’s words', async () => {
			await showDrive(page);
			await control(agent, 'faults', {
				path: `/management/clouddrive/sync/${TEAM}`,
				status: 499,
				body: 'json',
				json: {
					type: 'BUSY',
					status: 499,
					errors: { BUSY: ['A sync is already running.'] }
				}
			});
			await page.getByRole('button', { name: 'Sync now' }).click();
			await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Sync now' }).click();
			await expect(page.getByTestId('sync-outcome')).toContainText(
				'The sync did not start: A sync is already running.'
			);
		});
		await test.step('while the agent is paused, Sync now waits and says why', async () => {
			await control(agent, 'status', { status: 4 });
			await page.reload();
			await expect(page.getByTestId('health-counts')).toBeVisible();
			await expect(page.getByRole('button', { name: 'Sync now' })).toBeDisabled();
			await expect(page.getByText('Sync now waits for the agent: it is paused.')).toBeVisible();
		});
	});

	test('from the drives list: a link and Back, an unknown id, a backup page, a reports error, Sync now', async ({
		page,
		agent
	}) => {
		test.setTimeout(120_000);
		await signInWithToken(page, agent);
		await page.goto('/drives');

		await test.step('reached by a link, its parts below the files follow; Back puts the scroll back at them', async () => {
			await visit(page, `/drives/${TEAM}`);
			await expect(page.getByTestId('files-table')).toBeVisible();
			// Drawn a frame after the heading and the files, then there like the rest.
			await expect(page.getByTestId('activity-table')).toBeVisible();
			await expect(page.getByTestId('trends-total')).toContainText('transfers');
			const distribution = page.getByTestId('distribution');
			await distribution.scrollIntoViewIfNeeded();
			await expect(distribution).toBeInViewport();
			const y = await page.evaluate(() => window.scrollY);
			expect(y).toBeGreaterThan(600);
			await visit(page, '/history');
			await expect(page.getByTestId('history-table')).toBeVisible();
			// Back: the whole page is there at once, so the browser's scroll lands where it was.
			await page.goBack();
			await expect(distribution).toBeInViewport();
			expect(Math.abs((await page.evaluate(() => window.scrollY)) - y)).toBeLessThan(400);
		});
		await test.step('a link from a drive to an unknown id shows nothing of the drive before', async () => {
			// The page is the drive's still: the same page followed to another id.
			await expect(page.getByTestId('distribution')).toBeVisible();
			await visit(page, '/drives/0000-not-a-drive');
			await expect(page.getByTestId('drive-or-backup-not-found')).toContainText(
				'This drive was removed or does not exist'
			);
			await expect(page.getByTestId('distribution')).toHaveCount(0);
			await expect(page.getByTestId('files-table')).toHaveCount(0);
		});
		await test.step('an unknown id says there is no such drive, with the way back', async () => {
			// A link opened anew, as one sent from elsewhere is.
			await page.goto('/drives/0000-not-a-drive');
			const notFound = page.getByTestId('drive-or-backup-not-found');
			await expect(notFound).toContainText('This drive was removed or does not exist');
			await expect(notFound).not.toContainText('0000-not-a-drive');
			await notFound.getByRole('link', { name: 'See every drive and backup' }).click();
			await expect(page).toHaveURL('/drives');
		});
		await test.step('fetches the shared drives after a confirmation, and says what came', async () => {
			await page.getByRole('button', { name: 'Fetch shared drives' }).click();
			await expect(page.getByTestId('confirm-dialog')).toContainText('shared drives are assigned');
			await page
				.getByTestId('confirm-dialog')
				.getByRole('button', { name: 'Fetch shared drives' })
				.click();
			await expect(page.getByTestId('shared-outcome')).toContainText(
				'Shared drives fetched: no new ones are assigned to you.'
			);
			expect(await control(agent, 'drives')).toMatchObject({
				sharedDriveSyncs: 1
			});
		});
		await test.step('a backup page: its health without downloads, its files and activity', async () => {
			await page.getByRole('link', { name: 'Laptop documents' }).click();
			await expect(page).toHaveURL(`/backups/${LAPTOP}`);
			await expect(page.getByTestId('drive-or-backup-name')).toContainText('Laptop documents');
			await expect(page.getByTestId('drive-or-backup-name')).toContainText('backup');
			const h = await report<Health>(agent, `/backupreport/sync_health/${LAPTOP}`);
			await expect(page.getByTestId('drive-or-backup-status')).toHaveText(String(h.BackupStatus));
			await expect(page.getByTestId('health-FilesPendingUpload')).toContainText(
				count(h.FilesPendingUpload as number)
			);
			await expect(page.getByTestId('health-FilesPendingDownload')).toHaveCount(0);
			await expect(page.getByRole('button', { name: 'Sync now' })).toHaveCount(0);
			await expect(page.getByTestId('files-range')).toContainText('of 1,500');
			await expect(page.getByTestId('activity-table')).toBeVisible();
			await page.getByRole('button', { name: 'Open in file explorer' }).click();
			await expect(page.getByTestId('open-outcome')).toContainText('C:\\Users\\ann\\Documents');
		});
		await test.step('an agent error on the reports is said with Retry, and Retry reads again', async () => {
			await control(agent, 'faults', {
				path: `/drivereport/dashboard/${TEAM}`,
				status: 500,
				count: 1
			});
			await visit(page, `/drives/${TEAM}`);
			await expect(page.getByRole('alert')).toContainText(/agent/i);
			await page.getByRole('button', { name: 'Try again' }).click();
			await expect(page.getByTestId('health-counts')).toBeVisible();
		});
		await test.step('syncs now only after a confirmation, and shows the progress and the outcome', async () => {
			await showDrive(page, DESIGN);
			await page.getByRole('button', { name: 'Sync now' }).click();
			const dialog = page.getByTestId('confirm-dialog');
			await expect(dialog).toContainText('Sync Design assets now?');
			await expect(dialog).toContainText('wait to upload');
			await dialog.getByRole('button', { name: 'Cancel' }).click();
			await expect(dialog).toHaveCount(0);
			expect(await control(agent, 'drives')).toMatchObject({ syncing: [] });
			await page.getByRole('button', { name: 'Sync now' }).click();
			await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Sync now' }).click();
			await expect(page.getByTestId('sync-progress')).toContainText('Syncing Design assets since');
			await expect(page.getByTestId('sync-outcome')).toContainText('Sync finished in', {
				timeout: 20_000
			});
			await expect(page.getByTestId('sync-outcome')).toContainText('files transferred');
			await expect(page.getByTestId('health-FilesPendingUpload')).toContainText(/^0/);
		});
	});

	test('with the page clock: a frame shown on its row at once, and a click not dropped by the re-read', async ({
		page,
		agent
	}) => {
		await page.clock.install();
		await openDrive(page, agent, TEAM, '?state=4');
		// Two files waiting to upload: each step's frame is about a file no frame has changed yet.
		const [first, second] = (
			await report<{ Files: { Path: string; FileName: string }[] }>(
				agent,
				`/drivereport/file_states/${TEAM}?state=4&pageSize=2`
			)
		).Files;

		await test.step('shows the state a frame reports on a row before the agent is read again', async () => {
			const file = first!;
			await control(agent, 'push', {
				channel: 'statechange',
				frame: { Path: file.Path, StorageName: 'studio-projects', State: 132 }
			});
			const row = page.getByTestId('files-table').locator('tr', { hasText: file.FileName });
			await expect(row.getByTestId('file-state')).toContainText('Uploading now');
			await expect(row.getByTestId('file-state')).toContainText('live; was Waiting to upload');
		});
		await test.step('a click that leaves the page is not dropped by the page reading its reports again', async () => {
			const file = second!;
			const row = page.getByTestId('files-table').locator('tr', { hasText: file.FileName });
			await expect(row.getByTestId('file-state')).toHaveText('Waiting to upload');
			// The next page's code is held until the page has read its reports again.
			let release!: () => void;
			const held = new Promise<void>((resolve) => (release = resolve));
			await page.route('**/_app/immutable/nodes/*.js', async (route) => {
				await held;
				await route.continue();
			});
			await page.getByRole('link', { name: 'Browse files' }).click();
			await control(agent, 'push', {
				channel: 'statechange',
				frame: { Path: file.Path, StorageName: 'studio-projects', State: 132 }
			});
			await expect(row.getByTestId('file-state')).toContainText('Uploading now');
			// The calm read after the frame comes due while the click's navigation is under way.
			await page.clock.runFor(5_000);
			release();
			await expect(page).toHaveURL(new RegExp(`/drives/${TEAM}/files`));
			await expect(page.getByTestId('breadcrumbs')).toBeVisible();
		});
	});
});
