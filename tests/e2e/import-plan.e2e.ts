import type { Locator } from '@playwright/test';
import { scan } from './axe.ts';
import type { Simulator } from '../../simulator/index.ts';
import { expect, signInWithToken, test } from './fixtures.ts';

/**
 * A well-formed file with friendly names that would take over system folders, a profile's
 * Desktop and a bucket the agent has never used (issue 50): the plan says every setting, flags
 * the dangerous rows and leaves them unticked, and only what the user ticks is created.
 */

const account = { id: 'acc-aws-1', cloudType: 1 };
const bucket = 'attacker-public-drop';
const HOSTILE = {
	format: 'agent-console-config',
	version: 1,
	exportedAt: '2026-11-25T12:00:00.000Z',
	drives: [
		{
			name: 'Team Drive (read-only copy)',
			storageName: bucket,
			driveType: 2,
			localPath: 'C:\\Users\\ann\\Desktop',
			syncType: 2,
			permissionType: 2,
			allowDelete: true,
			account
		},
		{
			name: 'Fonts',
			storageName: bucket,
			driveType: 1,
			driveName: 'T',
			syncType: 1,
			permissionType: 1,
			permanentLocalPath: 'C:\\Windows\\System32',
			account
		}
	],
	backups: [
		{
			name: 'Holiday photos',
			localPath: 'C:\\Users\\ann\\Pictures',
			storageName: bucket,
			syncIntervalSeconds: 3600,
			account
		},
		{
			name: 'System',
			localPath: 'C:\\Windows',
			storageName: bucket,
			syncIntervalSeconds: 86400,
			account
		}
	]
};

type Model = {
	id: string;
	name: string;
	storageName: string;
	localPath?: string;
	permanentLocalPath?: string;
};

/** Every drive and backup the agent holds on the file's bucket, as its API lists them. */
async function onBucket(sim: Simulator): Promise<Model[]> {
	const list = async (path: string) => (await (await fetch(`${sim.url}${path}`)).json()) as Model[];
	const all = [
		...(await list('/management/clouddrive')),
		...(await list('/management/cloudbackup'))
	];
	return all.filter((d) => d.storageName === bucket);
}

/** A row's settings as the user reads them: each term with its value. */
async function settingsOf(row: Locator) {
	const terms = await row.getByTestId('import-settings').locator('dt').allInnerTexts();
	const values = await row.getByTestId('import-settings').locator('dd').allInnerTexts();
	return Object.fromEntries(terms.map((t, i) => [t, values[i]]));
}

test('hostile imports: every setting shown at 360 px, only ticked ones created; a tick that makes a conflict', async ({
	page,
	agent
}) => {
	test.setTimeout(45_000);
	await signInWithToken(page, agent);
	const viewport = page.viewportSize()!;
	await page.setViewportSize({ width: 360, height: 780 });
	await page.goto('/drives');
	await expect(page.getByTestId('drives')).toBeVisible();

	await test.step('a hostile import: every setting shown, dangerous rows flagged, only ticked ones created', async () => {
		await page.getByTestId('import-file').setInputFiles({
			name: 'friendly.json',
			mimeType: 'application/json',
			buffer: Buffer.from(JSON.stringify(HOSTILE))
		});
		const dialog = page.getByTestId('import-dialog');
		const plan = dialog.getByTestId('import-plan');
		const row = (name: string) =>
			plan
				.getByTestId('import-row')
				.filter({ has: page.getByRole('heading', { name, exact: true }) });
		await expect(plan.getByTestId('import-row')).toHaveCount(4);

		expect(await settingsOf(row('Team Drive (read-only copy)'))).toEqual({
			Kind: 'Synced folder',
			Folder: 'C:\\Users\\ann\\Desktop',
			'Cache folder': 'Its own folder',
			'Cache size cap': 'No cap',
			Bucket: bucket,
			Prefix: 'Not given',
			'Cloud account': 'acc-aws-1 (Amazon S3)',
			'Sync type': 'Mirror (everything kept on this computer)',
			Permission: 'Read and write',
			'Delete in the cloud too': 'Yes',
			'Encrypt the cache on this computer': 'No',
			'Encrypt the cloud copy': 'No'
		});
		expect(await settingsOf(row('Fonts'))).toMatchObject({
			Kind: 'Drive letter',
			'Drive letter': 'T:',
			'Cache folder': 'C:\\Windows\\System32',
			Bucket: bucket,
			'Cloud account': 'acc-aws-1 (Amazon S3)'
		});
		for (const [name, folder, every] of [
			['Holiday photos', 'C:\\Users\\ann\\Pictures', 'every hour'],
			['System', 'C:\\Windows', 'every day']
		] as const)
			expect(await settingsOf(row(name))).toMatchObject({
				Folder: folder,
				Bucket: bucket,
				'Cloud account': 'acc-aws-1 (Amazon S3)',
				'Sync interval': every
			});

		const newBucket = `none of the agent's drives and backups uses ${bucket} yet`;
		for (const name of ['Team Drive (read-only copy)', 'Fonts', 'Holiday photos', 'System'])
			await expect(row(name).getByTestId('import-flags')).toContainText(newBucket);
		await expect(row('Team Drive (read-only copy)').getByTestId('import-flags')).toContainText(
			'Mirror with delete allowed'
		);
		await expect(row('Fonts').getByTestId('import-flags')).toContainText(
			'Cache folder: C:\\Windows\\System32 is a folder of the system'
		);
		await expect(row('System').getByTestId('import-flags')).toContainText(
			'Folder: C:\\Windows is a folder of the system'
		);
		for (const name of ['Team Drive (read-only copy)', 'Holiday photos'])
			await expect(dialog.getByRole('checkbox', { name: `Create "${name}"` })).not.toBeChecked();
		// A system folder is refused as the form refuses it: said, and no tick to give.
		for (const name of ['Fonts', 'System']) {
			await expect(dialog.getByRole('checkbox', { name: `Create "${name}"` })).toHaveCount(0);
			await expect(row(name)).toContainText('Skip:');
		}
		await expect(dialog.getByRole('button', { name: 'Nothing to create' })).toBeDisabled();
		// At 360 px nothing runs off the side: the dialog and its list do not scroll sideways.
		expect(
			await dialog.evaluate((d) =>
				[d, d.querySelector('[data-testid="import-plan"]')!.parentElement!].map(
					(e) => e.scrollWidth - e.clientWidth
				)
			)
		).toEqual([0, 0]);
		await scan(page, 'hostile import plan');

		// The user reads why, and ticks the one they want.
		await dialog.getByRole('checkbox', { name: 'Create "Holiday photos"' }).check();
		await dialog.getByRole('button', { name: 'Create 1 item' }).click();
		await expect(dialog.getByTestId('import-summary')).toHaveText('Created 1 of 1; 3 skipped.');
		await expect(row('Holiday photos').getByTestId('import-outcome')).toHaveText('Created');
		await expect(row('Team Drive (read-only copy)').getByTestId('import-outcome')).toHaveText(
			'Not created: left unticked'
		);
		for (const name of ['Fonts', 'System'])
			await expect(row(name).getByTestId('import-outcome')).toHaveText('Skipped');
		expect(await onBucket(agent)).toEqual([
			expect.objectContaining({
				name: 'Holiday photos',
				localPath: 'C:\\Users\\ann\\Pictures'
			})
		]);
	});

	// The agent back as it was: the backup the step made removed, so the bucket is new to it again.
	const [made] = await onBucket(agent);
	expect(
		(
			await fetch(`${agent.url}/management/cloudbackup/${made!.id}`, {
				method: 'DELETE'
			})
		).ok
	).toBe(true);
	expect(await onBucket(agent)).toEqual([]);
	await page.getByTestId('import-dialog').getByRole('button', { name: 'Close' }).click();
	await expect(page.getByTestId('import-dialog')).toHaveCount(0);
	await page.setViewportSize(viewport);

	await test.step('ticking a flagged drive makes a later row that overlaps it a conflict', async () => {
		const file = {
			...HOSTILE,
			drives: [HOSTILE.drives[0]],
			backups: [
				{
					...HOSTILE.backups[0],
					localPath: 'C:\\Users\\ann\\Desktop\\Holiday'
				}
			]
		};
		await page.getByTestId('import-file').setInputFiles({
			name: 'friendly.json',
			mimeType: 'application/json',
			buffer: Buffer.from(JSON.stringify(file))
		});
		const dialog = page.getByTestId('import-dialog');
		const holiday = dialog.getByRole('checkbox', {
			name: 'Create "Holiday photos"'
		});
		await expect(holiday).toBeVisible();
		await dialog.getByRole('checkbox', { name: 'Create "Team Drive (read-only copy)"' }).check();
		await expect(holiday).toHaveCount(0);
		await expect(dialog.getByTestId('import-row').filter({ hasText: 'Skip:' })).toContainText(
			'Holiday photos'
		);
		await dialog.getByRole('button', { name: 'Create 1 item' }).click();
		await expect(dialog.getByTestId('import-summary')).toHaveText('Created 1 of 1; 1 skipped.');
		expect(await onBucket(agent)).toEqual([
			expect.objectContaining({
				name: 'Team Drive (read-only copy)',
				localPath: 'C:\\Users\\ann\\Desktop'
			})
		]);
	});
});
