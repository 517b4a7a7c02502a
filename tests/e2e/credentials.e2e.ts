import { readFile } from 'node:fs/promises';
import { PLANTED } from '../../src/lib/mask.ts';
import { NAS_ACCOUNT, SEEDED_SHARES } from '../../simulator/seed/shares.ts';
import { control, expect, fakeNotifications, push, signInWithToken, test } from './fixtures.ts';
import { pageText, storageText } from './page-text.ts';

/**
 * The development agent's credentials mode puts a credential of every form the mask knows into
 * every text it sends, answers and frames alike, and fields named as credentials into every row
 * and frame (simulator/plant.ts); a mount's news echoes the command with the NAS's real password.
 * Walked as a user would,
 * with every page and panel open in turn, not one planted secret may reach the screen, the title,
 * the browser's storage, an export, the diagnostics file, a notification or the page's log.
 */

type Found = { where: string; text: string };

function planted(where: string, text: string): Found[] {
	return [PLANTED, NAS_ACCOUNT.password].flatMap((secret) => {
		const at = text.indexOf(secret);
		return at < 0 ? [] : [{ where, text: text.slice(Math.max(0, at - 80), at + 40) }];
	});
}

const failed = (name: string) => ({
	Type: 1,
	Data: {
		TransferMode: 'Upload',
		Status: 'Failed',
		StorageType: 'AmazonS3',
		Path: `/Projects/${name}`,
		Bytes: 10,
		Size: 100,
		Error: 'The storage refused the request',
		Name: name,
		StorageName: 'Studio S3',
		Speed: 0,
		Duration: '00:00:05',
		TransferId: name
	}
});

test('no credential an agent sends reaches a screen, the title, storage, exports, notifications or the log', async ({
	page,
	agent
}) => {
	test.slow();
	const log: string[] = [];
	page.on('console', (message) => log.push(message.text()));
	const notifications = await fakeNotifications(page);
	await control(agent, 'update', { isUpdateRequired: true, newVersion: '3.5.0' });
	await control(agent, 'plant', { on: true });
	await signInWithToken(page, agent);
	const found: Found[] = [];
	const look = async (where: string) => found.push(...planted(where, await pageText(page)));

	// The overview: activity, storage, problems (with a toast and a browser notification), update.
	await page.goto('/');
	await expect(page.getByTestId('overview-update')).toContainText('Update available');
	await expect(page.getByTestId('overview-channels').getByTestId('notification-status')).toHaveText(
		'Live'
	);
	await page.getByLabel(/browser notification when this tab is hidden/).check();
	await notifications.hide(true);
	await push(agent, 'notification', failed('plan.psd'));
	// Hidden, the alert goes at once; the list waits to be seen.
	await expect.poll(async () => (await notifications.shown()).length).toBe(1);
	await notifications.hide(false);
	await expect(page.getByTestId('problems')).toContainText('plan.psd');
	// The planted text arrived, masked: without this the walk could pass on an agent that sent none.
	await expect(page.getByTestId('problems')).toContainText('***');
	await look('overview');
	await page.getByTestId('agent-status').click();
	await expect(page.locator('#agent-menu')).toBeVisible();
	await look('agent menu');
	await page.keyboard.press('Escape');

	// Frames of every kind, then the timeline, its detail pane, transfers and file states.
	await page
		.getByRole('link', { name: /^Events/ })
		.first()
		.click();
	await expect(page.getByTestId('timeline').getByText('plan.psd').first()).toBeVisible();
	await push(agent, 'notification', {
		Type: 2,
		Data: { Title: 'Shared link', Message: 'Your link is ready', Url: 'https://x.example/' }
	});
	await push(agent, 'notification', { Type: 8, Data: { Stage: 'Downloading', Percent: 40 } });
	await push(agent, 'notification', { Type: 16, Data: { Note: 'unknown type' } });
	await push(agent, 'statechange', {
		Path: '/Projects/plan.psd',
		StorageName: 'Studio S3',
		State: 4
	});
	await control(agent, 'push', { channel: 'notification', raw: 'not json ?token=PLANTEDraw' });
	await expect(page.getByTestId('timeline').getByText('Your link is ready')).toBeVisible();
	await look('events');
	await page.getByTestId('timeline').getByText('Your link is ready').click();
	// The named secrets arrived, masked by their names alone.
	await expect(page.getByTestId('event-detail')).toContainText('"smbPassword": "***"');
	await look('event detail');
	const [jsonl] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('button', { name: 'JSON lines' }).click()
	]);
	found.push(...planted('events JSON lines', await readFile((await jsonl.path())!, 'utf8')));
	const [csv] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('button', { name: 'CSV' }).click()
	]);
	found.push(...planted('events CSV', await readFile((await csv.path())!, 'utf8')));
	await page
		.getByRole('navigation', { name: 'Views' })
		.getByRole('link', { name: 'Transfers', exact: true })
		.click();
	await expect(page.getByTestId('transfer').first()).toBeVisible();
	await look('transfers');
	await page.getByRole('link', { name: 'File states', exact: true }).click();
	await expect(page.getByText('/Projects/plan.psd').first()).toBeVisible();
	await look('file states');

	// Drives and backups, a drive's page with its reports, a backup's page.
	await page.goto('/drives');
	await expect(page.getByRole('link', { name: /Laptop documents/ })).toBeVisible();
	await look('drives');
	await page.goto('/drives/6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f?pageSize=25');
	await expect(page.getByTestId('files-table')).toBeVisible();
	await expect(page.getByTestId('activity-table')).toBeVisible();
	await expect(page.getByTestId('trend-transfers').locator('canvas').first()).toBeVisible();
	await look('drive page');
	await page.goto('/backups/2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e?pageSize=25');
	await expect(page.getByTestId('files-table')).toBeVisible();
	await look('backup page');

	// The network shares, and the form of one (its password field left empty).
	await page.goto('/shares');
	await expect(page.getByTestId('share-card').first()).toBeVisible();
	// An agent that says what it ran, password and all, about the share that does not mount. Sent
	// again until the page hears it: the channel comes back after the page's load.
	const mountFailed = {
		Type: 2,
		Data: {
			Title: 'Could not mount Scans',
			Message: String.raw`net use Z: \\nas\media ${NAS_ACCOUNT.password} /user:STUDIO\ann failed: System error 86`,
			Severity: 'Error',
			Operation: 'ShareMount',
			ShareId: SEEDED_SHARES.scans,
			Reason: 'AUTH'
		}
	};
	await expect(async () => {
		await push(agent, 'notification', mountFailed);
		await expect(page.getByTestId('mount-problem')).toContainText(
			String.raw`net use Z: \\nas\media *** /user:STUDIO\ann`,
			{ timeout: 1_000 }
		);
	}).toPass();
	await look('shares');
	await page.getByTestId('share-card').first().getByRole('link', { name: 'Change' }).click();
	await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
	await look('share form');

	// The transfer history, a row's panel, its export.
	await page.goto('/history');
	await expect(page.getByTestId('history-table')).toBeVisible();
	await look('history');
	const [history] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('button', { name: 'Export this page (CSV)' }).click()
	]);
	found.push(...planted('history CSV', await readFile((await history.path())!, 'utf8')));
	await page.getByTestId('history-table').locator('tbody tr').first().getByRole('button').click();
	await expect(page.getByTestId('history-panel')).toContainText('secretAccessKey');
	await look('history panel');

	// The current transfers and a transfer's panel.
	await page.goto('/transfers');
	await expect(page.getByTestId('transfers-table')).toBeVisible();
	await look('transfers now');
	await page
		.getByTestId('transfers-table')
		.locator('tbody tr')
		.first()
		.getByRole('button')
		.first()
		.click();
	await expect(page.getByTestId('transfer-panel')).toBeVisible();
	await look('transfer panel');

	// Users and a user's panel, the profile, Settings and its diagnostics.
	await page.goto('/users');
	await expect(page.locator('tbody tr').first()).toBeVisible();
	await look('users');
	await page.locator('tbody tr').first().locator('td[data-label="Status"]').click();
	await expect(page.getByRole('dialog')).toBeVisible();
	await look('user panel');
	await page.goto('/profile');
	await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
	await expect(page.getByText('admin@example.com').first()).toBeVisible();
	await look('profile');
	// A call that fails with a credential in its answer, then Settings in the same page (the
	// failures are kept in memory), its diagnostics prepared and saved.
	await control(agent, 'faults', {
		path: '/management/clouddrive',
		status: 499,
		json: { type: 'LIMIT', errors: { LIMIT: ['Over the limit ?token=PLANTEDfault40'] } }
	});
	const refused = page.waitForResponse(
		(r) => r.url().includes('/management/clouddrive') && r.status() === 499
	);
	await page.goto('/drives');
	await refused;
	await page.getByRole('link', { name: 'Settings', exact: true }).click();
	await page.getByRole('button', { name: 'Test connection' }).click();
	await expect(page.getByTestId('connection-result')).toContainText('Connected');
	await page.getByRole('button', { name: 'Prepare diagnostics' }).click();
	const preview = page.getByTestId('diagnostics-preview');
	await expect(preview).toHaveValue(/"path": "\/management\/clouddrive"/);
	await look('settings');
	const [saved] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('button', { name: 'Save file' }).click()
	]);
	expect(saved.suggestedFilename()).toMatch(/^agent-console-diagnostics-[\dT-]+Z\.json$/);
	const file = await readFile((await saved.path())!, 'utf8');
	// The preview is the file, byte for byte.
	expect(file).toBe(await preview.inputValue());
	found.push(...planted('diagnostics file', file));
	const report = JSON.parse(file) as {
		agent: { version: { current: string } };
		failedRequests: unknown[];
		channels: unknown[];
	};
	expect(report.failedRequests).toContainEqual(
		expect.objectContaining({
			method: 'GET',
			path: '/management/clouddrive',
			status: 499
		})
	);
	expect(report.channels).toEqual([
		expect.objectContaining({ name: 'notification', state: 'live' }),
		expect.objectContaining({ name: 'statechange', state: 'live' })
	]);
	// The planted answer arrived, masked: without this the check could pass on an empty file.
	expect(report.agent.version.current).not.toMatch(/^[\d.]+$/);
	expect(file).toContain('***');

	found.push(...planted('storage', await storageText(page)));
	found.push(...planted('notifications', (await notifications.shown()).join('\n')));
	found.push(...planted('console', log.join('\n')));
	expect(found).toEqual([]);
});
