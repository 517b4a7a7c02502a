import type { Dialog, Page } from '@playwright/test';
import type { Simulator } from '../../simulator/index.ts';
import { control, expect, signInWithToken, test, visit } from './fixtures.ts';

/**
 * Adding and changing drives and backups: the form, the folder picker on the agent's machine,
 * every check before sending and the agent's refusals beside their fields, what the agent stored
 * said back, locked fields, and an edit racing a change made elsewhere. Each confirmation is
 * cancelled once, and the agent is seen to be unchanged.
 */

const TEAM = '6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f';
const LAPTOP = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';

type Item = Record<string, unknown> & { id: string; name: string };
type Stats = { clients: { notification: number } };

/** The drives or backups the agent holds, read from its own API. */
async function held(agent: Simulator, kind: 'drive' | 'backup'): Promise<Item[]> {
	const res = await fetch(
		`${agent.url}/management/${kind === 'drive' ? 'clouddrive' : 'cloudbackup'}`
	);
	return (await res.json()) as Item[];
}

/** The calls that change the agent, as the page sends them. */
function changes(page: Page, agent: Simulator) {
	const sent: string[] = [];
	page.on('request', (r) => {
		if (r.url().startsWith(agent.url) && r.method() !== 'GET' && r.method() !== 'OPTIONS')
			sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
	});
	return sent;
}

async function fillCloud(page: Page, bucket = 'studio-renders') {
	const account = page.getByLabel('Cloud account', { exact: true });
	await expect(account.locator('option[value="acc-aws-1"]')).toHaveText(/Amazon S3/);
	await account.selectOption('acc-aws-1');
	await page.getByLabel('Bucket').fill(bucket);
}

/**
 * Follows a link inside the console from a form that may hold an edit: the user says Leave when
 * the console asks.
 */
async function leave(page: Page, path: string) {
	const accept = (dialog: Dialog) => void dialog.accept();
	page.on('dialog', accept);
	await visit(page, path);
	page.off('dialog', accept);
}

test('adding: from another’s settings, a duplicate’s link, the picker by keyboard, a backup, a virtual drive, a synced folder', async ({
	page,
	agent
}) => {
	test.setTimeout(100_000);
	await signInWithToken(page, agent);

	await test.step('a new drive can start from another one’s settings, its own fields left empty', async () => {
		await page.goto(`/drives/new?from=${TEAM}`);
		await expect(page.getByRole('status').filter({ hasText: 'left empty' })).toHaveText(
			'The name, drive letter and cache folder are left empty: a new drive needs its own.'
		);
		await expect(page.getByLabel('Name')).toHaveValue('');
		await expect(page.getByLabel('Bucket')).toHaveValue('studio-projects');
		await expect(page.getByLabel('Prefix (optional)')).toHaveValue('team/');
		await expect(page.getByLabel('Cloud account', { exact: true })).toHaveValue('acc-aws-1');
		// A new drive's letter: the next free one, not the original's.
		await expect(page.getByRole('combobox', { name: 'Drive letter' })).toHaveValue('F');
		await expect(page.getByLabel('The agent chooses')).toBeChecked();
	});
	await test.step('a duplicate’s link for a backup opens the backup form', async () => {
		await page.goto(`/drives/new?kind=backup&from=${LAPTOP}`);
		await expect(page).toHaveURL(`/backups/new?from=${LAPTOP}`);
		await expect(page.getByRole('status').filter({ hasText: 'left empty' })).toHaveText(
			'The name and folder are left empty: a new backup needs its own.'
		);
		await expect(page.getByRole('combobox', { name: 'Run' })).toHaveValue('900');
	});
	await test.step('the picker by keyboard: Enter lists, arrows move, Alt+Up goes up', async () => {
		await visit(page, '/backups/new');
		const folder = page.getByLabel('Folder to back up');
		await folder.fill('D:\\');
		await folder.press('Enter');
		await expect(page.getByTestId('local-path-listed')).toHaveText('D:\\');
		await folder.press('ArrowDown');
		await expect(page.getByRole('button', { name: 'Archive' })).toBeFocused();
		await page.keyboard.press('End');
		await expect(page.getByRole('button', { name: 'Scratch' })).toBeFocused();
		await page.keyboard.press('ArrowUp');
		await expect(page.getByRole('button', { name: 'Projects' })).toBeFocused();
		await page.keyboard.press('Enter');
		await expect(folder).toHaveValue('D:\\Projects');
		await page.getByRole('button', { name: 'Brand 2027' }).focus();
		await page.keyboard.press('Alt+ArrowUp');
		await expect(folder).toHaveValue('D:\\');
	});
	await test.step('a backup through the picker, run in words', async () => {
		await leave(page, '/drives');
		await page.getByRole('link', { name: 'Add a backup' }).click();
		await expect(page).toHaveURL('/backups/new');
		await page.getByLabel('Name').fill('Campaigns');
		await page.getByRole('button', { name: 'Browse' }).click();
		const browser = page.getByRole('group', {
			name: 'Folders on the computer the agent runs on'
		});
		await browser.getByRole('button', { name: 'D:\\' }).click();
		await browser.getByRole('button', { name: 'Projects' }).click();
		await browser.getByRole('button', { name: 'Spring campaign' }).click();
		await expect(page.getByLabel('Folder to back up')).toHaveValue('D:\\Projects\\Spring campaign');
		await page.getByRole('combobox', { name: 'Run' }).selectOption({ label: 'every 15 minutes' });
		// An account typed by id: one the agent does not know is refused beside the account.
		const account = page.getByLabel('Cloud account', { exact: true });
		await account.selectOption({ label: 'Another account: enter its id' });
		await page.getByLabel('Account id').fill('acc-nobody');
		await page.getByLabel('Cloud', { exact: true }).selectOption({ label: 'Wasabi' });
		await page.getByLabel('Bucket').fill('campaigns');
		await page.getByRole('button', { name: 'Add the backup' }).click();
		const dialog = page.getByTestId('confirm-dialog');
		await expect(dialog).toContainText('of the cloud account acc-nobody (Wasabi)');
		await dialog.getByRole('button', { name: 'Add the backup' }).click();
		await expect(account).toHaveAccessibleDescription(/No cloud account acc-nobody is set up/);
		await page.getByLabel('Account id').fill('acc-wasabi-1');
		await page.getByRole('button', { name: 'Add the backup' }).click();
		await expect(dialog).toContainText(
			'The agent uploads D:\\Projects\\Spring campaign to the bucket campaigns'
		);
		await expect(dialog).toContainText('every 15 minutes');
		await dialog.getByRole('button', { name: 'Add the backup' }).click();
		const result = page.getByTestId('drive-or-backup-result');
		await expect(result).toContainText('The agent added the backup "Campaigns"');
		await expect(result).toContainText('every 15 minutes');
		const made = (await held(agent, 'backup')).find((d) => d.name === 'Campaigns')!;
		expect(made.syncIntervalSeconds).toBe(900);
		expect(made.account).toMatchObject({ id: 'acc-wasabi-1', cloudType: 2 });
	});
	await test.step('a virtual drive on the next free letter, with an account the agent uses', async () => {
		const sent = changes(page, agent);
		const free = (await (
			await fetch(`${agent.url}/management/list_available_drives`)
		).json()) as string[];
		const before = await held(agent, 'drive');
		await leave(page, '/drives');
		await page.getByRole('link', { name: 'Add a drive' }).click();
		await expect(page).toHaveURL('/drives/new');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a drive');
		await expect(page.getByRole('combobox', { name: 'Drive letter' })).toHaveValue(free[0]!);
		await page.getByLabel('Name').fill('Renders');
		await fillCloud(page);
		await page.getByLabel('Prefix (optional)').fill('renders/2027');
		await page.getByRole('button', { name: 'Add the drive' }).click();
		const dialog = page.getByTestId('confirm-dialog');
		await expect(dialog).toContainText(`The agent keeps the drive letter ${free[0]}:`);
		await expect(dialog).toContainText('neither can be changed later');
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		await expect(dialog).toBeHidden();
		expect(sent).toEqual([]);
		expect(await held(agent, 'drive')).toEqual(before);

		await page.getByRole('button', { name: 'Add the drive' }).click();
		await dialog.getByRole('button', { name: 'Add the drive' }).click();
		const result = page.getByTestId('drive-or-backup-result');
		await expect(result).toContainText('The agent added the drive "Renders"');
		const made = (await held(agent, 'drive')).find((d) => d.name === 'Renders')!;
		expect(made.driveName).toBe(free[0]);
		expect(sent).toEqual(['POST /management/clouddrive']);
		// The account by the name the console knows it by, as in the form.
		await expect(result).toContainText('Cloud account Studio AWS (Amazon S3)');
		// What the agent did on its own is said as such, with why.
		const own = page.getByTestId('agent-overrides');
		await expect(own).toContainText(
			'The agent set Transfer settings to 5.0 MB chunks, 5 retries, 5 chunks at a time'
		);
		await expect(own).toContainText('because the agent puts its standard transfer profile');
		await expect(own).toContainText('The agent set Keep files after upload to Yes');
		await expect(own).toContainText(
			`The agent set Cache folder to C:\\ProgramData\\Agent\\cache\\${made.id} instead of Chosen by the agent, because the agent chose the cache folder, as asked.`
		);
		await expect(result.getByRole('link', { name: "Open the drive's page" })).toHaveAttribute(
			'href',
			`/drives/${made.id}`
		);
	});
	await test.step('a synced folder through the picker, with a new folder made there', async () => {
		// A new form, not the one that just added a drive.
		await leave(page, '/drives');
		await visit(page, '/drives/new');
		await page.getByLabel('Name').fill('Synced work');
		await page.getByLabel('Synced folder').check();
		// Its cache is the folder itself: no cache folder to choose, and it says so.
		await expect(page.getByTestId('synced-cache')).toBeVisible();
		await expect(page.getByLabel('A folder I choose')).toHaveCount(0);
		const folder = page.getByLabel('Folder to sync');
		const relation = page.getByTestId('local-path-relation');
		// Typed: an unknown folder is said in words.
		await folder.fill('C:\\Nowhere');
		await folder.press('Enter');
		await expect(relation).toContainText(
			'There is no folder C:\\Nowhere on the computer the agent runs on.'
		);
		// Closed and opened again with no folder typed: the home folder.
		await folder.fill('');
		await page.getByRole('button', { name: 'Close', exact: true }).click();
		await page.getByRole('button', { name: 'Browse' }).click();
		const browser = page.getByRole('group', {
			name: 'Folders on the computer the agent runs on'
		});
		await expect(page.getByTestId('local-path-listed')).toHaveText('C:\\Users\\ann');
		await browser.getByRole('button', { name: 'Documents' }).click();
		await expect(folder).toHaveValue('C:\\Users\\ann\\Documents');
		// Live: the folder is a backup's, named.
		await expect(relation).toHaveText(
			'This is the folder of the backup "Laptop documents" (C:\\Users\\ann\\Documents).'
		);
		await browser.getByRole('button', { name: 'Up' }).click();
		await expect(folder).toHaveValue('C:\\Users\\ann');
		await expect(relation).toContainText(
			'This folder holds the folder of the backup "Laptop documents"'
		);
		// The agent's refusal of a new folder's name is said beside it.
		const name = browser.getByLabel('New folder in C:\\Users\\ann');
		await name.fill('con');
		await browser.getByRole('button', { name: 'Make folder' }).click();
		await expect(name).toHaveAccessibleDescription('con is a name Windows keeps.');
		await name.fill('Synced');
		await browser.getByRole('button', { name: 'Make folder' }).click();
		await expect(folder).toHaveValue('C:\\Users\\ann\\Synced');
		await expect(page.getByTestId('local-path-listed')).toHaveText('C:\\Users\\ann\\Synced');
		await expect(relation).toHaveText('No drive or backup uses this folder.');
		await fillCloud(page, 'synced-work');
		await page.getByRole('button', { name: 'Add the drive' }).click();
		await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Add the drive' }).click();
		await expect(page.getByTestId('drive-or-backup-result')).toContainText(
			'The agent added the drive "Synced work"'
		);
		const made = (await held(agent, 'drive')).find((d) => d.name === 'Synced work')!;
		expect(made.localPath).toBe('C:\\Users\\ann\\Synced');
		expect(made.driveType).toBe(2);
	});
});

test('checking and changing: a refusal, checks before sending, locked fields, an edit racing one elsewhere, a backup removed elsewhere', async ({
	page,
	agent
}) => {
	test.setTimeout(90_000);
	await signInWithToken(page, agent);

	await test.step('the agent’s refusal of a field is said beside that field', async () => {
		await control(agent, 'drives/refuse', {
			field: 'storageName',
			message: 'The agent cannot reach this bucket.'
		});
		await page.goto('/drives/new');
		await page.getByLabel('Name').fill('Refused');
		await fillCloud(page, 'far-away');
		await page.getByRole('button', { name: 'Add the drive' }).click();
		await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Add the drive' }).click();
		await expect(page.getByLabel('Bucket')).toHaveAccessibleDescription(
			/The agent cannot reach this bucket\./
		);
		expect((await held(agent, 'drive')).some((d) => d.name === 'Refused')).toBe(false);
		// Once: the same form then goes through.
		await page.getByRole('button', { name: 'Add the drive' }).click();
		await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Add the drive' }).click();
		await expect(page.getByTestId('drive-or-backup-result')).toContainText('"Refused"');
	});
	await test.step('an overlap, a taken letter and a limit are said beside their fields; nothing is sent', async () => {
		const sent = changes(page, agent);
		await leave(page, '/backups/new');
		await page.getByLabel('Name').fill('x'.repeat(101));
		const folder = page.getByLabel('Folder to back up');
		await folder.fill('d:/archive/Projects');
		// Said live, once: a synced folder's cache is its own folder.
		await expect(page.getByTestId('local-path-relation')).toHaveText(
			'This folder is inside the folder of the drive "Archive" (D:\\Archive).'
		);
		await fillCloud(page);
		await page.getByRole('button', { name: 'Add the backup' }).click();
		await expect(page.getByLabel('Name')).toHaveAccessibleDescription(
			/The name can be at most 100 characters\./
		);
		await expect(page.getByLabel('Name')).toBeFocused();
		await expect(folder).toHaveAccessibleDescription(/inside the folder of the drive "Archive"/);
		await expect(page.getByTestId('confirm-dialog')).toBeHidden();

		await leave(page, '/drives/new');
		await page.getByLabel('Name').fill('Letters');
		await page.getByRole('combobox', { name: 'Drive letter' }).selectOption('G');
		await expect(
			page.getByRole('combobox', { name: 'Drive letter' }).locator('option[value="G"]')
		).toHaveText('G: (the drive "Team Drive")');
		await fillCloud(page);
		await page.getByRole('button', { name: 'Add the drive' }).click();
		await expect(page.getByRole('combobox', { name: 'Drive letter' })).toHaveAccessibleDescription(
			/G: is the letter of the drive "Team Drive"\./
		);
		expect(sent).toEqual([]);
	});
	await test.step('locked fields say why and how; the change is confirmed, cancelled once', async () => {
		const sent = changes(page, agent);
		await leave(page, `/backups/${LAPTOP}`);
		await page.getByRole('link', { name: 'Edit' }).click();
		await expect(page).toHaveURL(`/backups/${LAPTOP}/edit`);
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(
			'Change the backup "Laptop documents"'
		);
		const folder = page.getByLabel('Folder to back up');
		await expect(folder).toBeDisabled();
		await expect(folder).toHaveValue('C:\\Users\\ann\\Documents');
		await expect(page.getByTestId('locked-localPath')).toHaveText(
			'Locked: A backup keeps the folder it was made for. Add a new backup with it, then remove this one.'
		);
		await expect(page.getByLabel('Encrypt the cloud copy')).toBeDisabled();
		await page.getByRole('combobox', { name: 'Run' }).selectOption({ label: 'every hour' });

		// Leaving with an edit asks first.
		page.once('dialog', (d) => void d.dismiss());
		await page.getByRole('link', { name: 'Back to the backup' }).click();
		await expect(page).toHaveURL(`/backups/${LAPTOP}/edit`);

		await page.getByRole('button', { name: 'Save changes' }).click();
		const dialog = page.getByTestId('confirm-dialog');
		await expect(dialog).toContainText('Sync interval: from every 15 minutes to every hour.');
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		expect(sent).toEqual([]);
		expect((await held(agent, 'backup')).find((d) => d.id === LAPTOP)!.syncIntervalSeconds).toBe(
			900
		);
		await page.getByRole('button', { name: 'Save changes' }).click();
		await dialog.getByRole('button', { name: 'Save changes' }).click();
		await expect(page.getByTestId('drive-or-backup-result')).toContainText(
			'The agent saved the backup.'
		);
		expect(sent).toEqual([`PUT /management/cloudbackup/${LAPTOP}`]);
		expect((await held(agent, 'backup')).find((d) => d.id === LAPTOP)!.syncIntervalSeconds).toBe(
			3600
		);
		// Saved: leaving asks nothing.
		await page.getByRole('link', { name: 'Back to the backup' }).click();
		await expect(page).toHaveURL(`/backups/${LAPTOP}`);
	});
	await test.step('an edit racing a change made elsewhere: said, and the user chooses', async () => {
		await leave(page, `/drives/${TEAM}/edit`);
		await expect(page.getByLabel('Name')).toHaveValue('Team Drive');
		await expect(page.getByTestId('locked-permanentLocalPath')).toContainText(
			'Use "Move or resize the cache".'
		);
		await expect
			.poll(async () => ((await control(agent, 'stats')) as Stats).clients.notification)
			.toBeGreaterThan(0);
		// Untouched, the form follows a change made elsewhere, and says so.
		await control(agent, `drives/${TEAM}`, { prefix: 'team/2027/' });
		await expect(page.getByLabel('Prefix (optional)')).toHaveValue('team/2027/');
		await expect(page.getByRole('status').filter({ hasText: 'changed elsewhere' })).toHaveText(
			'The drive was changed elsewhere: the form shows it as it is now.'
		);

		// Edited, the change made elsewhere is said at once beside the edit, which stays.
		await page.getByLabel('Name').fill('Team Drive (studio)');
		await control(agent, `drives/${TEAM}`, { permissionType: 1 });
		const race = page.getByTestId('changed-elsewhere');
		await expect(race).toContainText('Saving shows what changed again and asks first.');
		await expect(race.getByRole('row', { name: /Permission/ })).toHaveText(
			/PermissionRead and writeRead only/
		);
		await expect(race.getByRole('button', { name: 'Save my edit over it' })).toHaveCount(0);
		await expect(page.getByLabel('Name')).toHaveValue('Team Drive (studio)');

		// Saving reads it again: what changed, nothing sent, and the choice.
		await page.getByRole('button', { name: 'Save changes' }).click();
		await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Save changes' }).click();
		await expect(race).toContainText('Nothing was sent.');
		await expect(race.getByRole('row', { name: /Permission/ })).toHaveText(
			/PermissionRead and writeRead only/
		);
		expect((await held(agent, 'drive')).find((d) => d.id === TEAM)!.name).toBe('Team Drive');

		// Keep mine: my field goes over it, and the change made elsewhere stays.
		await race.getByRole('button', { name: 'Save my edit over it' }).click();
		await expect(page.getByTestId('drive-or-backup-result')).toContainText(
			'The agent saved the drive.'
		);
		const saved = (await held(agent, 'drive')).find((d) => d.id === TEAM)!;
		expect(saved.name).toBe('Team Drive (studio)');
		expect(saved.permissionType).toBe(1);
		// The drive's credential, masked on screen, goes back as stored, not as the mask.
		expect((saved as unknown as { encryptionPassphrase: string }).encryptionPassphrase).toBe(
			'team-drive-passphrase'
		);

		// Or take theirs: the form reloads with the values now stored.
		await page.getByLabel('Name').fill('Mine again');
		await control(agent, `drives/${TEAM}`, { name: 'Renamed elsewhere' });
		await page.getByRole('button', { name: 'Save changes' }).click();
		await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Save changes' }).click();
		await page
			.getByTestId('changed-elsewhere')
			.getByRole('button', { name: 'Load the new values (drops my edit)' })
			.click();
		await expect(page.getByLabel('Name')).toHaveValue('Renamed elsewhere');
		expect((await held(agent, 'drive')).find((d) => d.id === TEAM)!.name).toBe('Renamed elsewhere');
	});
	await test.step('a backup removed elsewhere while its form is open: said, nothing sent', async () => {
		const sent = changes(page, agent);
		await leave(page, `/backups/${LAPTOP}/edit`);
		await page.getByLabel('Name').fill('Laptop');
		await fetch(`${agent.url}/management/cloudbackup/${LAPTOP}`, {
			method: 'DELETE'
		});
		await page.getByRole('button', { name: 'Save changes' }).click();
		await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Save changes' }).click();
		await expect(page.getByRole('alert')).toContainText(
			'The agent no longer has this backup: it was removed elsewhere. Nothing was sent.'
		);
		expect(sent).toEqual([]);
	});
});
