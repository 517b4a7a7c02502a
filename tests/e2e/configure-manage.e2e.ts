import type { Page, Request } from '@playwright/test';
import type { Simulator } from '../../simulator/index.ts';
import { scan } from './axe.ts';
import { control, expect, signInWithToken, test, visit } from './fixtures.ts';

/**
 * Managing what exists: removing a drive or backup, moving or resizing a drive's cache,
 * duplicating one, exporting every drive and backup and importing them. Every confirmation is
 * cancelled once with nothing sent, and each dialog is scanned by axe.
 */

const TEAM = '6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f';
const ARCHIVE = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const LAPTOP = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const DESIGN = '3d2e1f0a-9b8c-4d7e-a6f5-4e3d2c1b0a99';

type Health = { FilesPendingUpload: number; FilesUploading: number };
type Removed = {
	kind: string;
	id: string;
	name: string;
	pendingUploads: number;
};
type Model = {
	id: string;
	name: string;
	permanentLocalPath: string;
	maximumCacheSize: number;
};

const get = async <T>(sim: Simulator, path: string) =>
	(await (await fetch(`${sim.url}${path}`)).json()) as T;
const removed = async (sim: Simulator) =>
	((await control(sim, 'drives')) as { removed: Removed[] }).removed;
const model = async (sim: Simulator, id = TEAM) =>
	(await get<Model[]>(sim, '/management/clouddrive')).find((d) => d.id === id);
const count = (n: number) => n.toLocaleString('en-US');

/** Starts a cache move of Team Drive behind the console's back, as another console would. */
async function moveCacheElsewhere(sim: Simulator, to: string) {
	const team = (await model(sim))!;
	const res = await fetch(`${sim.url}/management/clouddrive_change_cache/${TEAM}`, {
		method: 'PUT',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ ...team, permanentLocalPath: to })
	});
	expect(res.status).toBe(200);
}

async function openPage(page: Page, sim: Simulator, path: string) {
	await signInWithToken(page, sim);
	await page.goto(path);
	await expect(page.getByTestId('health-counts')).toBeVisible();
	await expect.poll(() => sim.live.clientCount('notification')).toBe(1);
}

async function more(page: Page, action: RegExp) {
	await page.getByRole('button', { name: 'More', exact: true }).click();
	await page.getByTestId('manage-menu').getByRole('button', { name: action }).click();
}

/** The files a drive has still to upload, as the agent counts them, and its Remove dialog open. */
async function openRemove(page: Page, agent: Simulator, id: string) {
	const h = await get<Health>(agent, `/drivereport/sync_health/${id}`);
	await more(page, /Remove this drive/);
	return {
		dialog: page.getByTestId('remove-dialog'),
		pending: h.FilesPendingUpload + h.FilesUploading
	};
}

test('removing a drive or backup: with files to upload, with none, a backup, then when uploads finish', async ({
	page,
	agent
}) => {
	test.setTimeout(90_000);
	await openPage(page, agent, `/drives/${TEAM}`);

	await test.step('with files still to upload: the numbers said, the name typed, then the list says so', async () => {
		const { dialog, pending } = await openRemove(page, agent, TEAM);
		expect(pending).toBeGreaterThan(0);
		await expect(dialog.getByRole('heading')).toHaveText('Remove Team Drive?');
		const what = dialog.getByTestId('remove-consequences');
		const cache = (await model(agent))!.permanentLocalPath;
		// Said once, with the folder the dialog read from the agent.
		await expect(what).toContainText(
			`${count(pending)} files not yet uploaded stay in the cache folder ${cache} on this computer; they are not uploaded once the drive is removed.`
		);
		await expect(what.getByText(/not uploaded/)).toHaveCount(1);
		await expect(what).toContainText('The files in the cloud stay');
		await expect(what).toContainText('The cache on this computer holds');
		await scan(page, 'remove dialog');
		// Without the name typed, nothing is sent.
		await dialog.getByRole('button', { name: 'Remove now' }).click();
		await expect(dialog).toContainText('Type Team Drive exactly to confirm.');
		expect(await removed(agent)).toEqual([]);
		await dialog.getByLabel('Type Team Drive to confirm').fill('Team Drive');
		await dialog.getByRole('button', { name: 'Remove now' }).click();
		await expect(page).toHaveURL('/drives');
		await expect(page.getByTestId('removed-outcome')).toContainText(
			`Removed the drive "Team Drive". Its files in the cloud stay. ${count(pending)} files still to upload stay in its cache folder`
		);
		await expect(page.getByTestId('drives')).toBeVisible();
		await expect(page.getByRole('link', { name: 'Team Drive' })).toHaveCount(0);
		expect(await removed(agent)).toMatchObject([
			{ kind: 'drive', id: TEAM, name: 'Team Drive', pendingUploads: pending }
		]);
		// Its page, opened again (a bookmark), says it is gone and leads back.
		await page.goto(`/drives/${TEAM}`);
		const gone = page.getByTestId('drive-or-backup-not-found');
		await expect(gone).toContainText('This drive was removed or does not exist');
		await gone.getByRole('link', { name: 'See every drive and backup' }).click();
		await expect(page).toHaveURL('/drives');
	});

	await test.step('with nothing to upload: no name to type', async () => {
		await visit(page, `/drives/${ARCHIVE}`);
		await expect(page.getByTestId('health-counts')).toBeVisible();
		const { dialog, pending } = await openRemove(page, agent, ARCHIVE);
		expect(pending).toBe(0);
		await expect(dialog).toContainText('Every file is in the cloud.');
		await expect(dialog.getByRole('textbox')).toHaveCount(0);
		await expect(dialog.getByRole('button', { name: 'Remove when uploads finish' })).toHaveCount(0);
		await dialog.getByRole('button', { name: 'Remove the drive' }).click();
		await expect(page.getByTestId('removed-outcome')).toHaveText(
			/Removed the drive "Archive"\. Its files in the cloud stay\.\s*Dismiss/
		);
		expect((await removed(agent)).map((r) => r.id)).toEqual([TEAM, ARCHIVE]);
	});

	await test.step('a backup, and its own folder named as where files would stay', async () => {
		await visit(page, `/backups/${LAPTOP}`);
		await expect(page.getByTestId('health-counts')).toBeVisible();
		await more(page, /Remove this backup/);
		const dialog = page.getByTestId('remove-dialog');
		const backups = await get<{ id: string; localPath: string }[]>(
			agent,
			'/management/cloudbackup'
		);
		const folder = backups.find((b) => b.id === LAPTOP)?.localPath;
		const what = dialog.getByTestId('remove-consequences');
		await expect(what).toContainText(`in its own folder ${folder} on this computer;`);
		await expect(what).toContainText('not uploaded once the backup is removed.');
		await dialog.getByLabel('Type Laptop documents to confirm').fill('Laptop documents');
		await dialog.getByRole('button', { name: 'Remove now' }).click();
		await expect(page.getByTestId('removed-outcome')).toContainText(
			'Removed the backup "Laptop documents". Its files in the cloud stay.'
		);
		expect((await removed(agent)).map((r) => r.kind)).toEqual(['drive', 'drive', 'backup']);
	});

	await test.step('when its uploads finish: the count followed live, Stop waiting sends nothing', async () => {
		await visit(page, `/drives/${DESIGN}`);
		await expect(page.getByTestId('health-counts')).toBeVisible();
		await expect.poll(() => agent.live.clientCount('notification')).toBe(1);
		const { dialog, pending } = await openRemove(page, agent, DESIGN);
		expect(pending).toBeGreaterThan(0);
		await dialog.getByRole('button', { name: 'Remove when uploads finish' }).click();
		const waiting = dialog.getByTestId('remove-waiting');
		await expect(waiting).toContainText(`${count(pending)} files still to upload`);
		await dialog.getByRole('button', { name: 'Stop waiting' }).click();
		await expect(waiting).toHaveCount(0);
		expect(await removed(agent)).toHaveLength(3);
		await dialog.getByRole('button', { name: 'Remove when uploads finish' }).click();
		// The files go up (a sync pass started elsewhere); the removal follows when none is left.
		expect((await fetch(`${agent.url}/management/clouddrive/sync/${DESIGN}?path=/`)).status).toBe(
			200
		);
		await expect(page).toHaveURL('/drives', { timeout: 30_000 });
		await expect(page.getByTestId('removed-outcome')).toHaveText(
			/Removed the drive "Design assets"\. Its files in the cloud stay\.\s*Dismiss/
		);
		const all = await removed(agent);
		expect(all).toHaveLength(4);
		expect(all.at(-1)).toMatchObject({ id: DESIGN, pendingUploads: 0 });
	});
});

test.describe('moving or resizing the cache', () => {
	// An agent may tell a move in its model and frames, or only by its summary's status (the
	// contract answers "the stored model"): the dialog says Done only once the move is over.
	for (const news of ['model', 'summary'] as const)
		test(`a move shows its progress until the drive reports in again (told by the ${news})`, async ({
			page,
			agent
		}) => {
			await control(agent, 'cache-move-news', { news });
			await openPage(page, agent, `/drives/${TEAM}`);
			await more(page, /Move or resize the cache/);
			const dialog = page.getByTestId('cache-dialog');
			await expect(dialog.getByTestId('cache-what')).toContainText(
				'A new cap applies at once; now it is 46.6 GB.'
			);
			await expect(dialog.getByTestId('cache-what')).toContainText(
				'free, what the cache holds now'
			);
			const folder = dialog.getByLabel('Cache folder');
			await expect(folder).toHaveValue('C:\\ProgramData\\Agent\\cache\\team-drive');
			await scan(page, 'cache dialog');
			// Another drive's folder is said before anything is sent.
			await folder.fill('D:\\Archive\\cache');
			await dialog.getByRole('button', { name: 'Move the cache' }).click();
			await expect(dialog).toContainText('inside the folder of the drive "Archive"');
			// The destination through the picker: a disk, then a new folder on it.
			await folder.fill('');
			await dialog.getByRole('button', { name: 'Browse' }).click();
			const browser = dialog.getByRole('group', {
				name: 'Folders on the computer the agent runs on'
			});
			await browser.getByRole('button', { name: 'D:\\', exact: true }).click();
			await expect(folder).toHaveValue('D:\\');
			await browser.getByLabel('New folder in D:\\').fill('Cache');
			await browser.getByRole('button', { name: 'Make folder' }).click();
			await expect(folder).toHaveValue('D:\\Cache');
			let reads = 0;
			page.on('request', (request) => {
				if (request.method() === 'GET' && /\/management\/clouddrive(\?|$)/.test(request.url()))
					reads++;
			});
			await dialog.getByRole('button', { name: 'Move the cache' }).click();
			const progress = dialog.getByTestId('cache-progress');
			await expect(progress).toContainText('The agent is moving the cache to D:\\Cache');
			agent.clock.advance(2000);
			if (news === 'model') await expect(progress).toContainText(/[4-8]0 % done/);
			// Read again while the agent still moves it: still moving, not done.
			await expect.poll(() => reads, { timeout: 15_000 }).toBeGreaterThan(0);
			await expect(progress).toContainText('The agent is moving the cache to D:\\Cache');
			agent.clock.advance(3000);
			await expect(progress).toContainText(
				'Done: the cache of Team Drive is in D:\\Cache, capped at'
			);
			expect((await model(agent))!.permanentLocalPath).toBe('D:\\Cache');
		});
});

test("a drive's More menu: every confirmation cancelled, the cache dialog's refusals and a new cap, a move started elsewhere, Duplicate", async ({
	page,
	agent
}) => {
	test.setTimeout(120_000);
	await openPage(page, agent, `/drives/${TEAM}`);
	const cacheDialog = page.getByTestId('cache-dialog');
	/** Closes the cache dialog by its Cancel (before sending) or Close (after) button. */
	const closeCache = async (name: 'Cancel' | 'Close') => {
		await cacheDialog.getByRole('button', { name, exact: true }).click();
		await expect(cacheDialog).toHaveCount(0);
	};

	await test.step('every confirmation cancelled sends nothing', async () => {
		const before = await get<Model[]>(agent, '/management/clouddrive');
		const calls: string[] = [];
		const record = (r: Request) => {
			if (r.method() !== 'GET') calls.push(`${r.method()} ${r.url()}`);
		};
		page.on('request', record);
		await more(page, /Remove this drive/);
		await page
			.getByTestId('remove-dialog')
			.getByLabel(/to confirm/)
			.fill('Team Drive');
		await page.getByTestId('remove-dialog').getByRole('button', { name: 'Cancel' }).click();
		await expect(page.getByTestId('remove-dialog')).toHaveCount(0);
		await more(page, /Move or resize the cache/);
		await cacheDialog.getByLabel('Cache folder').fill('D:\\Cache');
		await cacheDialog.getByRole('button', { name: 'Cancel' }).click();
		await expect(cacheDialog).toHaveCount(0);
		// Escape cancels too.
		await more(page, /Remove this drive/);
		await page.keyboard.press('Escape');
		await expect(page.getByTestId('remove-dialog')).toHaveCount(0);
		page.off('request', record);
		expect(calls).toEqual([]);
		expect(await removed(agent)).toEqual([]);
		expect(await get<Model[]>(agent, '/management/clouddrive')).toEqual(before);
	});

	await test.step('no room on the disk is said next to the folder, and nothing moves', async () => {
		await more(page, /Move or resize the cache/);
		await cacheDialog.getByLabel('Cache folder').fill('E:\\Cache');
		await cacheDialog.getByRole('button', { name: 'Move the cache' }).click();
		await expect(cacheDialog.locator('[id$="-folder-error"]')).toContainText(
			'No room: E:\\ has 2.0 GB free'
		);
		await scan(page, 'cache dialog with an error');
		expect((await model(agent))!.permanentLocalPath).toBe(
			'C:\\ProgramData\\Agent\\cache\\team-drive'
		);
		await closeCache('Cancel');
	});

	await test.step('a new cap applies at once', async () => {
		await more(page, /Move or resize the cache/);
		await cacheDialog.getByLabel('Largest size of the cache').fill('100');
		await cacheDialog.getByRole('button', { name: 'Change the cap' }).click();
		await expect(cacheDialog.getByTestId('cache-progress')).toContainText('capped at 100 GB');
		expect((await model(agent))!.maximumCacheSize).toBe(100 * 1024 ** 3);
		await closeCache('Close');
	});

	await test.step('a move started elsewhere meanwhile: "already moving" said next to the folder', async () => {
		await more(page, /Move or resize the cache/);
		await cacheDialog.getByLabel('Cache folder').fill('D:\\Cache');
		await moveCacheElsewhere(agent, 'D:\\Scratch\\cache');
		await cacheDialog.getByRole('button', { name: 'Move the cache' }).click();
		await expect(cacheDialog.locator('[id$="-folder-error"]')).toContainText(
			'Already moving: The cache of Team Drive is moving'
		);
		await closeCache('Cancel');
	});

	await test.step('opened while the cache moves, it follows that move instead of offering another', async () => {
		// The move started elsewhere in the step before is still under way.
		await more(page, /Move or resize the cache/);
		await expect(cacheDialog.getByTestId('cache-progress')).toContainText(
			'The agent is moving the cache to D:\\Scratch\\cache'
		);
		await expect(cacheDialog.getByLabel('Cache folder')).toHaveCount(0);
		agent.clock.advance(5000);
		await expect(cacheDialog.getByTestId('cache-progress')).toContainText(
			'Done: the cache of Team Drive is in D:\\Scratch\\cache'
		);
		await closeCache('Close');
	});

	await test.step('duplicate opens the add form started from the source', async () => {
		await page.getByRole('button', { name: 'More', exact: true }).click();
		await page.getByRole('link', { name: 'Duplicate as a new drive' }).click();
		await expect(page).toHaveURL(`/drives/new?from=${TEAM}`);
		await expect(page.getByLabel('Bucket')).toHaveValue('studio-projects');
		await expect(page.getByLabel('Name')).toHaveValue('');
	});

	await test.step('a synced folder keeps its cache in its own folder: only the cap changes', async () => {
		await visit(page, `/drives/${ARCHIVE}`);
		await expect(page.getByTestId('health-counts')).toBeVisible();
		await more(page, /Move or resize the cache/);
		await expect(cacheDialog.getByTestId('cache-what')).toContainText(
			'its cache cannot move, only its cap can change'
		);
		await expect(cacheDialog.getByLabel('Cache folder')).toHaveAttribute('readonly');
		await expect(cacheDialog.getByRole('button', { name: 'Change the cap' })).toBeVisible();
	});
});

type ConfigFile = {
	format: string;
	version: number;
	drives: { name: string; driveName: string }[];
	backups: { name: string; localPath: string }[];
};

/**
 * Ticks every row of the plan: on an agent without drives each bucket is new to it, so each row
 * is flagged and starts unticked.
 */
async function tickAll(page: Page) {
	const boxes = page.getByTestId('import-plan').getByRole('checkbox');
	await expect(boxes.first()).toBeVisible();
	for (const box of await boxes.all()) await box.check();
}

async function exportFile(page: Page): Promise<{ path: string; file: ConfigFile }> {
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('button', { name: 'Export' }).click()
	]);
	expect(download.suggestedFilename()).toMatch(/^agent-config-\d{4}-\d{2}-\d{2}\.json$/);
	const path = test.info().outputPath(download.suggestedFilename());
	await download.saveAs(path);
	const { readFile } = await import('node:fs/promises');
	return { path, file: JSON.parse(await readFile(path, 'utf8')) as ConfigFile };
}

test('export, then imports: a conflict skipped, a cancel, an empty agent filled, a refusal', async ({
	page,
	agent
}) => {
	test.setTimeout(75_000);
	await signInWithToken(page, agent);
	await page.goto('/drives');
	await expect(page.getByTestId('drives')).toBeVisible();
	const { path, file } = await exportFile(page);
	const dialog = page.getByTestId('import-dialog');
	const plan = dialog.getByTestId('import-plan');

	await test.step('export: every drive and backup, and no secret', async () => {
		await expect(page.getByTestId('transfer-outcome')).toContainText(
			'Exported 4 drives and 2 backups'
		);
		await expect(page.getByTestId('transfer-outcome')).toContainText('No secrets are in it');
		expect(file.format).toBe('agent-console-config');
		expect(file.version).toBe(1);
		expect(JSON.stringify(file)).not.toMatch(/"id":"[0-9a-f-]{36}"|token|password|secret/i);
	});

	await test.step('an import with a conflict: shown and skipped, the rest created', async () => {
		const team = file.drives.find((d) => d.name === 'Team Drive')!;
		const laptop = file.backups.find((b) => b.name === 'Laptop documents')!;
		const mixed = {
			...file,
			drives: [team],
			backups: [{ ...laptop, name: 'Pictures', localPath: 'C:\\Users\\ann\\Pictures' }]
		};
		await page.getByTestId('import-file').setInputFiles({
			name: 'mixed.json',
			mimeType: 'application/json',
			buffer: Buffer.from(JSON.stringify(mixed))
		});
		const teamRow = plan.getByTestId('import-row').filter({ hasText: 'Team Drive' });
		await expect(teamRow).toContainText('Name: A drive named "Team Drive" exists already.');
		await expect(teamRow).toContainText('G: is the letter of the drive "Team Drive"');
		await page.getByRole('button', { name: 'Create 1 item' }).click();
		await expect(page.getByTestId('import-summary')).toHaveText('Created 1 of 1; 1 skipped.');
		await expect(teamRow.getByTestId('import-outcome')).toHaveText('Skipped');
		await expect(
			plan.getByTestId('import-row').filter({ hasText: 'Pictures' }).getByTestId('import-outcome')
		).toHaveText('Created');
		const now = (await control(agent, 'drives')) as {
			drives: Model[];
			backups: Model[];
		};
		expect(now.drives.filter((d) => d.name === 'Team Drive')).toHaveLength(1);
		expect(now.backups.map((b) => b.name)).toContain('Pictures');
		await dialog.getByRole('button', { name: 'Close' }).click();
		await expect(dialog).toHaveCount(0);
	});

	await control(agent, 'drives', { empty: true });
	await page.reload();
	await expect(page.getByTestId('drives-empty')).toBeVisible();

	await test.step('an import cancelled sends nothing', async () => {
		const calls: string[] = [];
		const record = (r: Request) => {
			if (r.method() !== 'GET') calls.push(`${r.method()} ${r.url()}`);
		};
		page.on('request', record);
		await page.getByTestId('import-file').setInputFiles(path);
		await expect(plan).toBeVisible();
		await page.getByRole('button', { name: 'Cancel' }).click();
		await expect(dialog).toHaveCount(0);
		page.off('request', record);
		expect(calls).toEqual([]);
		const now = (await control(agent, 'drives')) as {
			drives: Model[];
			backups: Model[];
		};
		expect(now.drives.length + now.backups.length).toBe(0);
	});

	await test.step('the export imported into an empty agent: every item created', async () => {
		const names = [...file.drives, ...file.backups].map((i) => i.name);
		await page.getByTestId('import-file').setInputFiles(path);
		await expect(plan.getByTestId('import-row')).toHaveCount(6);
		await expect(plan.getByText(/^Skip/)).toHaveCount(0);
		await expect(plan.getByRole('checkbox', { checked: false })).toHaveCount(6);
		await scan(page, 'import plan');
		await tickAll(page);
		await dialog.getByRole('button', { name: 'Create 6 items' }).click();
		await expect(dialog.getByTestId('import-summary')).toHaveText('Created 6 of 6.');
		await expect(dialog.getByTestId('import-outcome').filter({ hasText: 'Created' })).toHaveCount(
			6
		);
		const now = (await control(agent, 'drives')) as {
			drives: Model[];
			backups: Model[];
		};
		expect([...now.drives, ...now.backups].map((d) => d.name)).toEqual(names);
		await dialog.getByRole('button', { name: 'Close' }).click();
		await expect(page.getByTestId('drives')).toContainText('Team Drive');
	});

	await test.step('an item the agent refuses is said in its row, not tried again', async () => {
		await control(agent, 'drives', { empty: true });
		await control(agent, 'drives/refuse', {
			field: 'storageName',
			kind: 'backup',
			message: 'The bucket is not reachable with this account.'
		});
		const posts: string[] = [];
		page.on('request', (r) => {
			if (r.method() === 'POST') posts.push(r.url());
		});
		await page.getByTestId('import-file').setInputFiles(path);
		await tickAll(page);
		await page.getByRole('button', { name: 'Create 6 items' }).click();
		await expect(page.getByTestId('import-summary')).toHaveText(
			'Created 5 of 6; the agent refused 1.'
		);
		const refused = plan.getByTestId('import-row').filter({ hasText: 'Laptop documents' });
		await expect(refused.getByTestId('import-outcome')).toContainText(
			'Refused: The bucket is not reachable with this account.'
		);
		await expect(page.getByRole('button', { name: /Retry/ })).toHaveCount(0);
		expect(posts).toHaveLength(6);
		const now = (await control(agent, 'drives')) as {
			drives: Model[];
			backups: Model[];
		};
		expect(now.backups.map((b) => b.name)).toEqual(['Studio server']);
	});
});
