import type { Page } from '@playwright/test';
import { expect, fakeNotifications, push, signInWithToken, test, visit } from './fixtures.ts';
import type { Simulator } from '../../simulator/index.ts';
import { scan } from './axe.ts';

const progress = (
	id: string,
	mode: string,
	status: string,
	bytes: number,
	size: number,
	speed: number | null,
	extra: object = {}
) => ({
	Type: 1,
	Data: {
		TransferMode: mode,
		Status: status,
		Path: `/Projects/${id}.mov`,
		Name: `${id}.mov`,
		StorageName: 'Studio S3',
		Bytes: bytes,
		Size: size,
		Speed: speed,
		Error: null,
		TransferId: id,
		...extra
	}
});

const failed = (id: string) =>
	progress(id, 'Upload', 'Failed', 5_000_000, 10_000_000, null, {
		Error: 'The connection to the storage was reset.'
	});

async function openOverview(page: Page, agent: Simulator) {
	await signInWithToken(page, agent);
	await page.goto('/');
	await expect(page.getByTestId('overview-channels').getByTestId('notification-status')).toHaveText(
		'Live'
	);
}

/** Back on the timeline, with every event and problem seen so far forgotten. */
async function clear(page: Page) {
	await visit(page, '/events');
	await page.getByRole('button', { name: 'Clear' }).click();
	await expect(page.getByTestId('timeline-empty')).toBeVisible();
}

test('overview: failures from the agent and as they come, the drives, and the figures now', async ({
	page,
	agent
}) => {
	test.setTimeout(120_000);
	// The page's clock, so the toasts' time runs on without a real wait.
	await page.clock.install();
	await openOverview(page, agent);

	await test.step('a fresh browser lists the last hour’s failures from the agent, by drive, with links', async () => {
		// The drives the agent counts files in error in, each a link to those files.
		const drives = page.getByTestId('problems-drives');
		await expect(drives.getByRole('listitem')).toHaveCount(4);
		await expect(drives).toContainText('Team Drive: 6 files with errors now');
		// The history's failures of the last hour, newest first, each by its drive's name.
		const rows = page.getByTestId('problem');
		await expect(rows).toHaveCount(5);
		await expect(page.getByTestId('problems-none')).toHaveCount(0);
		await expect(rows.first()).toContainText('upload failed');
		await expect(rows.first().getByRole('link', { name: /files with errors/ })).toHaveCount(1);
		await expect(
			page.getByRole('link', { name: /All failed transfers \(\d+ in the last hour\)/ })
		).toBeVisible();

		// The entry opens in the history; the drive's link opens its files in error.
		await rows.first().getByRole('link').first().click();
		await expect(page).toHaveURL(/\/history\?status=error&entry=\d+/);
		const entry = new URL(page.url()).searchParams.get('entry');
		await expect(page.getByRole('dialog')).toContainText(`Entry ID ${entry}`);
		await expect(page.getByRole('dialog')).toContainText('Failed');
		await page.goBack();
		await rows
			.first()
			.getByRole('link', { name: /files with errors/ })
			.click();
		await expect(page).toHaveURL(/\/(drives|backups)\/[^?]+\?state=256#files/);
	});

	await test.step('the drives and backups the agent runs: how many, how many syncing, any with errors', async () => {
		await visit(page, '/');
		await expect(page.getByTestId('drives-and-backups-summary')).toHaveText(
			/4 drives and 2 backups:\s+4 syncing,\s+4 with errors\./
		);
		const rows = page.getByTestId('drives-and-backups').getByRole('listitem');
		await expect(rows).toHaveCount(6);
		await expect(rows.nth(0)).toContainText('Team Drive');
		await expect(rows.nth(0)).toContainText('G:\\');
		await expect(rows.nth(0).getByTestId('drive-or-backup-status')).toHaveText('Error');
		await expect(rows.nth(0).getByTestId('drive-or-backup-status')).toHaveClass(/text-red/);
		await expect(rows.nth(0)).toContainText('60 to sync, 6 files with errors');
		await expect(rows.nth(3)).toContainText('Old media');
		await expect(rows.nth(3)).toContainText('inactive');
		await expect(rows.nth(4)).toContainText('Laptop documents');
		await expect(rows.nth(4).getByTestId('drive-or-backup-status')).toHaveText('Syncing');
		// Each links to its page.
		await rows.nth(4).getByRole('link', { name: 'Laptop documents' }).click();
		await expect(page).toHaveURL(/\/backups\/2b3c4d5e-/);
	});

	await test.step('activity figures agree with the frames sent, estimates labelled, and the chart fills in', async () => {
		await visit(page, '/');
		await expect(page.getByTestId('activity-active')).toHaveText('0');
		await expect(page.getByTestId('activity-left')).toHaveText('Nothing');

		// A transfer whose speed is not reported yet: measuring, not 0.
		await push(agent, 'notification', progress('a', 'Upload', 'InProgress', 0, 11_000_000, null));
		await expect(page.getByTestId('activity-active')).toHaveText('1');
		await expect(page.getByTestId('activity-upload')).toHaveText('measuring…');
		// Nothing goes down: a real 0.
		await expect(page.getByTestId('activity-download')).toHaveText('0 B/s');

		await push(
			agent,
			'notification',
			progress('a', 'Upload', 'InProgress', 1_000_000, 11_000_000, 2_000_000)
		);
		await push(
			agent,
			'notification',
			progress('b', 'Download', 'InProgress', 0, 40_000_000, 3_000_000)
		);
		await expect(page.getByTestId('activity-active')).toHaveText('2');
		await expect(page.getByTestId('activity-upload')).toHaveText('1.9 MB/s');
		await expect(page.getByTestId('activity-download')).toHaveText('2.9 MB/s');
		// 10 MB + 40 MB (decimal) left at 5 MB/s, shown in binary units.
		await expect(page.getByTestId('activity-left')).toHaveText(/47\.7 MB,\s+about 10 s/);

		await push(
			agent,
			'notification',
			progress('a', 'Upload', 'Completed', 11_000_000, 11_000_000, 2_000_000)
		);
		await expect(page.getByTestId('activity-active')).toHaveText('1');
		await expect(page.getByTestId('activity-upload')).toHaveText('0 B/s');
		await expect(page.getByTestId('activity-left')).toHaveText(/38\.1 MB,\s+about 13 s/);
		// Nearly there: under a second, never "about 0 s".
		await push(
			agent,
			'notification',
			progress('b', 'Download', 'InProgress', 39_000_000, 40_000_000, 3_000_000)
		);
		await expect(page.getByTestId('activity-left')).toHaveText(/977 KB,\s+under a second/);

		await page.clock.fastForward(10_000);
		await expect(page.getByTestId('throughput-chart').locator('canvas')).toBeVisible();
	});

	await test.step('a failure shows on the overview with a link to its event, and as a toast on another page that stays', async () => {
		await visit(page, '/');
		await expect(page.getByTestId('problem')).toHaveCount(5);
		await push(agent, 'notification', failed('broken'));
		const problems = page.getByTestId('problems');
		await expect(problems).toContainText('broken.mov');
		await expect(problems).toContainText('The connection to the storage was reset.');

		// Routine noise is shown in the timeline but raises nothing.
		await push(agent, 'notification', { Type: 64, Data: {} });
		await page.getByRole('link', { name: 'Users' }).click();
		await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
		await push(agent, 'notification', {
			Type: 2,
			Data: {
				Title: 'Sync stopped',
				Message: 'The storage rejected the credentials',
				Severity: 'Error'
			}
		});
		const toasts = page.getByRole('region', { name: /Problems/ }).getByRole('listitem');
		await expect(toasts).toHaveCount(1);
		await expect(toasts).toContainText('Sync stopped: The storage rejected the credentials');
		await push(agent, 'notification', {
			Type: 2,
			Data: { Title: 'Storage almost full', Message: '91 %', Severity: 'Warning' }
		});
		await expect(toasts).toHaveCount(2);
		await scan(page, 'problem toasts');
		// A warning goes on its own; a failure stays until it is closed, read or not.
		await page.clock.runFor(60_000);
		await expect(toasts).toHaveCount(1);
		const toast = toasts.filter({ hasText: 'Sync stopped' });
		await expect(toast).toBeVisible();
		await toast.getByRole('button', { name: 'Open' }).click();
		await expect(page).toHaveURL(/\/events\?problems=1&open=\d+/);
		await expect(page.getByTestId('payload')).toContainText('The storage rejected the credentials');
		await expect(page.getByTestId('timeline').locator('[data-severity]')).toHaveCount(3);
	});
});

test('overview: problems counted since the user looked, repeats as one, and a browser notification with consent', async ({
	page,
	agent
}) => {
	test.setTimeout(90_000);
	await page.context().grantPermissions(['notifications']);
	const notifications = await fakeNotifications(page);

	await test.step('the Events link counts problems since the user last looked; the filter keeps only problems', async () => {
		await signInWithToken(page, agent);
		await page.goto('/users');
		const count = page.getByTestId('problem-count');
		await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
		// Frames sent before the console is listening are not received by anyone: wait for it.
		await expect.poll(() => agent.live.clientCount('notification')).toBe(1);
		await push(agent, 'notification', failed('one'));
		await push(agent, 'notification', {
			Type: 2,
			Data: { Title: 'Storage almost full', Message: '91 %', Severity: 'Warning' }
		});
		await push(agent, 'notification', progress('fine', 'Upload', 'InProgress', 1, 10, 1));
		await expect(count).toContainText('2');
		await expect(page.getByRole('link', { name: /Events\W+2 new problems/ })).toBeVisible();

		await page.getByRole('link', { name: /Events/ }).click();
		await expect(count).toHaveCount(0);
		await page.getByLabel('Problems only').check();
		await expect(page).toHaveURL(/problems=1/);
		const rows = page.getByTestId('timeline').locator('li');
		await expect(rows).toHaveCount(2);
		await expect(rows.first()).toHaveAttribute('data-severity', 'warning');
		await expect(rows.last()).toHaveAttribute('data-severity', 'error');
		await expect(rows.last()).toContainText('Error:');
		await page.reload();
		await expect(page.getByLabel('Problems only')).toBeChecked();
		// The reload opened the sockets anew: a frame sent before they are live reaches no one.
		await expect(page.getByTestId('notification-status')).toHaveText('Live');

		// Back on another page, only what is new counts.
		await page.getByRole('link', { name: 'Users' }).click();
		await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
		await push(agent, 'notification', failed('two'));
		await expect(count).toContainText('1');
	});

	await test.step('a warning the agent repeats is one problem that counts', async () => {
		// The warning the step before sent is forgotten.
		await clear(page);
		await visit(page, '/');
		const full = {
			Type: 2,
			Data: { Title: 'Storage almost full', Message: '91 %', Severity: 'Warning' }
		};
		await push(agent, 'notification', full, 3);
		const row = page.getByTestId('problem').filter({ hasText: 'Storage almost full' });
		await expect(row.getByTestId('problem-repeats')).toHaveText(/×3, last at \d\d:\d\d:\d\d/);
		await expect(row).toHaveCount(1);
	});

	await test.step('with consent, a browser notification when the tab is hidden', async () => {
		await visit(page, '/');
		const shown = notifications.shown;
		await notifications.hide(true);
		await push(agent, 'notification', failed('quiet'));
		// Hidden, the list waits to be seen; shown again, the problem is there, and no
		// notification went out for it without consent.
		await notifications.hide(false);
		await expect(page.getByTestId('problems')).toContainText('quiet.mov');
		expect(await shown()).toEqual([]);

		await page.getByLabel(/browser notification when this tab is hidden/).check();
		await notifications.hide(true);
		await push(agent, 'notification', failed('loud'));
		await expect
			.poll(shown)
			.toEqual([
				'Agent: something failed: Upload loud.mov (Studio S3), 50 %, failed: The connection to the storage was reset.'
			]);
	});
});
