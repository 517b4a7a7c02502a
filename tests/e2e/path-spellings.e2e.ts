import type { Dialog, Page } from '@playwright/test';
import type { Simulator } from '../../simulator/index.ts';
import { expect, signInWithToken, test, visit } from './fixtures.ts';

/**
 * One folder-path judgement (issue 50), against the development agent: other spellings of a
 * folder in use are named as that folder, a network or system cache folder and a mount over a
 * system folder are refused with their reasons, the file browser never asks the agent for a
 * folder above its drive, and the share password is not offered to the browser as the console's.
 */

const TEAM = '6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f';

/** The calls that change the agent, as the page sends them. */
function changes(page: Page, agent: Simulator) {
	const sent: string[] = [];
	page.on('request', (r) => {
		if (r.url().startsWith(agent.url) && r.method() !== 'GET' && r.method() !== 'OPTIONS')
			sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
	});
	return sent;
}

/** Every `path` the page asks the agent about. */
function pathsAsked(page: Page, agent: Simulator) {
	const asked: string[] = [];
	page.on('request', (r) => {
		const url = new URL(r.url());
		const path = url.searchParams.get('path');
		if (r.url().startsWith(agent.url) && path !== null) asked.push(path);
	});
	return asked;
}

const saying = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

async function fillCloud(page: Page) {
	const account = page.getByLabel('Cloud account', { exact: true });
	await expect(account.locator('option[value="acc-aws-1"]')).toHaveText(/Amazon S3/);
	await account.selectOption('acc-aws-1');
	await page.getByLabel('Bucket').fill('studio-docs');
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

test('folder paths judged as one: in use, a cache folder, a mount, a user name, the file browser', async ({
	page,
	agent
}) => {
	test.setTimeout(75_000);
	await signInWithToken(page, agent);
	await page.goto('/backups/new');

	await test.step('other spellings of a folder in use are named as that folder; nothing is sent', async () => {
		const sent = changes(page, agent);
		const folder = page.getByLabel('Folder to back up');
		const relation = page.getByTestId('local-path-relation');
		const used = 'This is the folder of the backup "Laptop documents" (C:\\Users\\ann\\Documents).';
		for (const spelling of [
			'\\\\?\\C:\\Users\\ann\\Documents',
			'C:\\Users\\ann\\Documents.',
			'\\\\localhost\\C$\\Users\\ann\\.\\Documents',
			'c:/users/ANN/Music/.. /Documents'
		]) {
			await folder.fill(spelling);
			await expect(relation, spelling).toHaveText(used);
		}
		await folder.fill('C:\\Temp\\.. \\Windows.\\Fonts');
		await expect(relation).toContainText('This is the system folder C:\\Windows, or inside it');
		await folder.fill('\\\\?\\C:\\Users\\ann\\Documents');
		await page.getByLabel('Name').fill('Documents again');
		await fillCloud(page);
		await page.getByRole('button', { name: 'Add the backup' }).click();
		await expect(folder).toHaveAccessibleDescription(saying(used));
		await expect(page.getByTestId('confirm-dialog')).toBeHidden();
		expect(sent).toEqual([]);
	});
	await test.step('a cache folder on a network share or in a system folder is refused, with why', async () => {
		const sent = changes(page, agent);
		await leave(page, '/drives/new');
		await page.getByLabel('Name').fill('Cache elsewhere');
		await fillCloud(page);
		await page.getByLabel('A folder I choose').check();
		const cache = page.getByLabel('Folder for the cache');
		await cache.fill('\\\\nas\\cache');
		// Said as it is typed, then beside the field when sending is refused.
		await expect(page.getByTestId('cache-folder-relation')).toContainText(
			'This folder is on the network share \\\\nas\\cache'
		);
		await page.getByRole('button', { name: 'Add the drive' }).click();
		await expect(cache).toHaveAccessibleDescription(
			saying('This folder is on the network share \\\\nas\\cache: a cache or synced folder must')
		);
		await cache.fill('\\\\?\\C:\\WINDOWS.\\System32');
		await page.getByRole('button', { name: 'Add the drive' }).click();
		await expect(cache).toHaveAccessibleDescription(
			saying('This is the system folder C:\\Windows, or inside it')
		);
		await expect(page.getByTestId('confirm-dialog')).toBeHidden();
		expect(sent).toEqual([]);
	});
	await test.step('a mount over a system folder and a user name a shell would read are refused', async () => {
		const sent = changes(page, agent);
		await leave(page, '/shares/new?kind=nfs');
		await expect(page.getByLabel('NFS share')).toBeChecked();
		await page.getByLabel('Name', { exact: true }).fill('Over the system');
		await page.getByLabel(/^Share/).fill('nas.studio.lan:/media');
		await page.getByLabel('Mount folder').fill('C:\\WINDOWS.\\System32');
		await page.getByRole('button', { name: 'Add the share' }).click();
		await expect(page.getByLabel('Mount folder')).toHaveAccessibleDescription(
			saying("would hide the system's own folder C:\\Windows.")
		);

		await leave(page, '/shares/new?kind=smb');
		await page.getByLabel('Name', { exact: true }).fill('Projects');
		await page.getByLabel(/^Share/).fill('\\\\nas.studio.lan\\projects');
		await page.getByLabel('User name').fill('ann & calc');
		const password = page.getByLabel('Password', { exact: true });
		// Not the console's own password: nothing invites the browser to save it as one.
		await expect(password).toHaveAttribute('autocomplete', 'off');
		await expect(password).not.toHaveAttribute('name', /password/i);
		await expect(password).toHaveAttribute('data-1p-ignore', '');
		await password.fill('Nas-Pass-2027');
		await page.getByRole('button', { name: 'Add the share' }).click();
		await expect(page.getByLabel('User name')).toHaveAccessibleDescription(
			/put the domain in its own field\./i
		);
		await expect(page.getByTestId('confirm-dialog')).toBeHidden();
		expect(sent).toEqual([]);
	});
	await test.step('the file browser never asks the agent for a folder above its drive', async () => {
		const asked = pathsAsked(page, agent);
		await leave(page, `/drives/${TEAM}/files?path=${encodeURIComponent('.. /.. /Projects')}`);
		await expect(page.getByTestId('files-summary')).toBeVisible();
		await expect(
			page.getByTestId('file-row').filter({ has: page.getByText('Brand 2027', { exact: true }) })
		).toBeVisible();
		expect(asked).toContain('G:\\Projects');
		for (const path of asked)
			expect(
				path.split(/[\\/]/).some((name) => /^[. ]+$/.test(name)),
				path
			).toBe(false);
	});
});
