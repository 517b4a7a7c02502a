import type { Page } from '@playwright/test';
import type { Simulator } from '../../simulator/index.ts';
import { NAS_ACCOUNT, SEEDED_SHARES } from '../../simulator/seed/shares.ts';
import { control, expect, push, signInWithToken, test, visit } from './fixtures.ts';

/**
 * Network shares: the list of SMB and NFS shares with whether each is mounted, adding one,
 * changing one without typing its password again, a mount that fails said in words with what to
 * check, a local path already in use, and removing one. The SMB password is typed once and seen
 * nowhere after: not in the page, a URL, the browser's storage or its log.
 */

type Sent = { method: string; path: string; url: string; body: Record<string, unknown> | null };

/** The calls that change the agent, as the page sends them, and every URL it asks for. */
function watch(page: Page, agent: Simulator) {
	const sent: Sent[] = [];
	const urls: string[] = [];
	const log: string[] = [];
	page.on('console', (m) => log.push(m.text()));
	page.on('request', (r) => {
		urls.push(r.url());
		if (!r.url().startsWith(agent.url) || ['GET', 'OPTIONS'].includes(r.method())) return;
		sent.push({
			method: r.method(),
			path: new URL(r.url()).pathname,
			url: r.url(),
			body: (r.postDataJSON() as Record<string, unknown> | null) ?? null
		});
	});
	return { sent, urls, log };
}

/** The SMB shares as the development agent keeps them, password included (in this process only). */
const kept = (agent: Simulator) => agent.state.shares.smb;

/** Where a typed secret could linger: the page's text and inputs, and the browser's storage. */
const traces = (page: Page) =>
	page.evaluate(() => {
		const values = [...document.querySelectorAll('input')].map((i) => i.value);
		return [
			document.documentElement.outerHTML,
			document.body.innerText,
			...values,
			JSON.stringify({ ...sessionStorage }),
			JSON.stringify({ ...localStorage })
		].join('\n');
	});

/**
 * Opens a page afresh, as a link from another would, once its notification channel is live: a
 * mount's outcome arrives there.
 */
async function open(page: Page, agent: Simulator, path: string) {
	if (page.url() !== 'about:blank' && new URL(page.url()).pathname === path.split('?')[0])
		await visit(page, '/');
	await visit(page, path);
	await expect.poll(() => agent.live.clientCount('notification')).toBeGreaterThan(0);
}

const card = (page: Page, name: string) =>
	page.getByTestId('share-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('network shares: listed, added, failed to mount, tried again and removed', async ({
	page,
	agent
}) => {
	test.setTimeout(120_000);
	await signInWithToken(page, agent);
	await test.step('the list shows both kinds, mounted or not', async () => {
		await page.setViewportSize({ width: 360, height: 740 });
		await page.goto('/');
		// In the signed-in navigation, in reach at 360 px.
		const link = page
			.getByRole('navigation', { name: 'Main' })
			.getByRole('link', { name: 'Shares' });
		await link.scrollIntoViewIfNeeded();
		await expect(link).toBeInViewport();
		await link.click();
		await expect(page).toHaveURL('/shares');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Network shares');
		const media = card(page, 'Studio media');
		await expect(media.getByTestId('mount-status')).toHaveText('Mounted');
		await expect(media).toContainText('\\\\nas.studio.lan\\media');
		await expect(media).toContainText('SMB 3.1.1');
		await expect(media).toContainText('As STUDIO\\ann');
		const scans = card(page, 'Old scans');
		await expect(scans.getByTestId('mount-status')).toHaveText('Not mounted');
		await expect(scans).toContainText('Guest access (no user name)');
		await expect(scans.getByTestId('mount-problem')).toContainText(
			'The agent has not said why since this page opened.'
		);
		await expect(page.getByTestId('nfs-shares')).toContainText('C:\\Mounts\\renders');
		// Nothing wider than the screen.
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
			360
		);

		await page.setViewportSize({ width: 1280, height: 720 });
	});
	await test.step('adding an SMB share: checked, confirmed, stored and mounted; the password seen nowhere after', async () => {
		const { sent, urls, log } = watch(page, agent);
		await open(page, agent, '/shares');
		await page.getByRole('link', { name: 'Add an SMB share' }).click();
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a network share');
		// Network drives take letters from Z down; Y and Z are the seeded shares'.
		await expect(page.getByLabel('Drive letter')).toHaveValue('X');
		await expect(page.getByLabel('Drive letter').locator('option[value="Z"]')).toHaveText(
			'Z: (the share "Studio media")'
		);

		// Checked before sending: nothing goes to the agent.
		await page.getByRole('button', { name: 'Add the share' }).click();
		await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
		await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(
			/Enter a name\./
		);
		await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
			/Enter the password\./
		);

		await page.getByLabel('Name', { exact: true }).fill('Projects');
		await page.getByLabel(/^Share/).fill('smb://nas.studio.lan/projects');
		await page.getByLabel('Version').selectOption('3.0');
		await page.getByLabel('Drive letter').selectOption('P');
		await page.getByLabel('User name').fill(NAS_ACCOUNT.username);
		await page.getByLabel('Domain (optional)').fill('STUDIO');
		await page.getByLabel('Password', { exact: true }).fill(NAS_ACCOUNT.password);
		await page.getByRole('button', { name: 'Add the share' }).click();
		const dialog = page.getByTestId('confirm-dialog');
		await expect(dialog).toContainText(
			'The agent mounts \\\\nas.studio.lan\\projects (SMB 3.0) at the drive letter P:, signing in as STUDIO\\ann.'
		);
		await expect(dialog).toContainText('It stores the password and never shows it again');
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		expect(sent).toEqual([]);

		await page.getByRole('button', { name: 'Add the share' }).click();
		await dialog.getByRole('button', { name: 'Add the share' }).click();
		const result = page.getByTestId('share-result');
		await expect(result).toContainText('The agent added the share "Projects".');
		await expect(result.getByTestId('mount-status')).toHaveText('Mounted');
		const stored = result.getByTestId('share-stored');
		await expect(stored).toContainText('\\\\nas.studio.lan\\projects');
		await expect(stored).toContainText('As STUDIO\\ann');
		await expect(stored).toContainText('Stored by the agent, never shown');
		expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /management/smbclient']);
		expect(sent[0]!.body).toMatchObject({
			smbShare: '\\\\nas.studio.lan\\projects',
			localPath: 'P:',
			password: NAS_ACCOUNT.password
		});
		expect(kept(agent).find((s) => s.name === 'Projects')).toMatchObject({
			active: true,
			password: NAS_ACCOUNT.password
		});

		// Sent once, in the body: not in the page, a URL, storage or the log.
		expect(await traces(page)).not.toContain(NAS_ACCOUNT.password);
		expect(urls.filter((u) => u.includes(NAS_ACCOUNT.password))).toEqual([]);
		expect(log.filter((l) => l.includes(NAS_ACCOUNT.password))).toEqual([]);
	});
	await test.step('a mount that fails is said in words, with what to check, the likely thing first', async () => {
		await open(page, agent, '/shares/new');
		await page.getByLabel('Name', { exact: true }).fill('Far away');
		await page.getByLabel(/^Share/).fill('\\\\nas.invalid\\media');
		await page.getByLabel('Guest access').check();
		await expect(page.getByTestId('guest-note')).toContainText(
			'no user name or password is needed'
		);
		await page.getByRole('button', { name: 'Add the share' }).click();
		const dialog = page.getByTestId('confirm-dialog');
		await expect(dialog).toContainText('If the mount fails, the share is kept all the same');
		await dialog.getByRole('button', { name: 'Add the share' }).click();
		const result = page.getByTestId('share-result');
		await expect(result).toContainText(
			'The agent added the share "Far away", but could not mount it.'
		);
		await expect(result.getByTestId('mount-status')).toHaveText('Not mounted');
		await expect(result.getByTestId('mount-problem')).toContainText(
			'The agent said: The server nas.invalid did not answer: it could not be reached from this computer.'
		);
		const checks = result.getByTestId('mount-checks').getByRole('listitem');
		await expect(checks.first()).toHaveText(
			/^Most likely: The server: Is nas\.invalid switched on and on this network\?/
		);
		await expect(checks).toHaveText([
			/The server/,
			/The share name: Does nas\.invalid have a share named media\?/,
			/The version: Does nas\.invalid speak SMB 3\.1\.1\?/,
			/The credentials: Does nas\.invalid let guests in\?/,
			/The local path: Is X: free\?/
		]);
		expect(agent.state.shares.smb.find((s) => s.name === 'Far away')?.active).toBe(false);

		// The page says it: no toast repeats the failed mount. Another problem still raises one,
		// after the mount's, so the mount's would be there by then.
		await push(agent, 'notification', {
			Type: 2,
			Data: { Title: 'Sync stopped', Message: 'The storage refused', Severity: 'Error' }
		});
		const toasts = page.getByRole('region', { name: /Problems/ }).getByRole('listitem');
		await expect(toasts).toHaveCount(1);
		await expect(toasts).toContainText('Sync stopped');
	});
	await test.step('adding an NFS share on a Unix folder', async () => {
		await open(page, agent, '/shares/new?kind=nfs');
		await expect(page.getByLabel('NFS share')).toBeChecked();
		await page.getByLabel('Name', { exact: true }).fill('Media over NFS');
		await page.getByLabel(/^Share/).fill('nas.studio.lan:/media');
		await page.getByLabel('Mount folder').fill('mnt/media');
		await page.getByRole('button', { name: 'Add the share' }).click();
		await expect(page.getByLabel('Mount folder')).toHaveAccessibleDescription(
			/Give the full path, starting with the drive letter/
		);
		await page.getByLabel('Mount folder').fill('/mnt/media');
		await page.getByRole('button', { name: 'Add the share' }).click();
		await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Add the share' }).click();
		await expect(page.getByTestId('share-result').getByTestId('mount-status')).toHaveText(
			'Mounted'
		);
		expect(agent.state.shares.nfs.map((s) => [s.name, s.localPath, s.active])).toContainEqual([
			'Media over NFS',
			'/mnt/media',
			true
		]);
	});
	await test.step('adding: a letter already in use is said before sending, and the agent’s refusal beside the field', async () => {
		const { sent } = watch(page, agent);
		await open(page, agent, '/shares/new');
		const letter = page.getByLabel('Drive letter');
		await page.getByLabel('Name', { exact: true }).fill('Archive');
		await page.getByLabel(/^Share/).fill('\\\\nas.studio.lan\\archive');
		await page.getByLabel('User name').fill('ann');
		await page.getByLabel('Password', { exact: true }).fill(NAS_ACCOUNT.password);
		await letter.selectOption('Z');
		await page.getByRole('button', { name: 'Add the share' }).click();
		await expect(letter).toHaveAccessibleDescription(
			/Z: is already in use: the share "Studio media" is mounted there\./
		);
		expect(sent).toEqual([]);

		// Another client takes W: after the form read the free letters: the agent says so.
		await letter.selectOption('W');
		const taken = await fetch(`${agent.url}/management/smbclient`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-app-origin': 'a-script' },
			body: JSON.stringify({
				name: 'Elsewhere',
				smbShare: '\\\\files\\x',
				version: '3.0',
				localPath: 'W:',
				isAuthenticated: false
			})
		});
		expect(taken.status).toBe(200);
		await page.getByRole('button', { name: 'Add the share' }).click();
		await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Add the share' }).click();
		await expect(letter).toHaveAccessibleDescription(
			/W: is already in use: the share "Elsewhere" is mounted there\./
		);
		await expect(letter).toBeFocused();
		// The password left the form with the request: it asks for it again, and says why.
		await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
		await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
			/was sent and is no longer in this form: type it again/
		);
	});
	await test.step('a share that did not mount is tried again on asking, and its card says why', async () => {
		// Leaving the form above, refused with what was typed in it: the console asks first.
		page.once('dialog', (dialog) => void dialog.accept());
		await open(page, agent, '/shares');
		const scans = card(page, 'Old scans');
		await scans.getByRole('button', { name: 'Try to mount again' }).click();
		const dialog = page.getByTestId('confirm-dialog');
		await expect(dialog).toContainText(
			'The agent connects to \\\\oldnas.studio.lan\\scans again with the stored settings, and mounts it on Y: if it can.'
		);
		await dialog.getByRole('button', { name: 'Try to mount again' }).click();
		await expect(page.getByTestId('share-outcome')).toContainText(
			'"Old scans" is still not mounted: see why on its card.'
		);
		await expect(page.getByTestId('share-outcome').getByRole('alert')).toBeVisible();
		await expect(scans.getByTestId('mount-problem')).toContainText(
			'The agent said: The server oldnas.studio.lan does not speak SMB 3.0: it takes SMB 1.0.'
		);
		await expect(scans.getByTestId('mount-likely')).toHaveText(
			/^Check the version: Does oldnas\.studio\.lan speak SMB 3\.0\?/
		);

		// Put right on its page: the version it speaks, then it mounts.
		await scans.getByRole('link', { name: 'Change' }).click();
		await expect(page.getByTestId('share-now')).toContainText('does not speak SMB 3.0');
		await page.getByLabel('Version', { exact: true }).selectOption('1.0');
		await page.getByRole('button', { name: 'Save changes' }).click();
		await expect(page.getByTestId('confirm-dialog')).toContainText('Version: from 3.0 to 1.0.');
		await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Save changes' }).click();
		await expect(page.getByTestId('share-result').getByTestId('mount-status')).toHaveText(
			'Mounted'
		);
		await page.getByRole('link', { name: 'Network shares' }).click();
		await expect(card(page, 'Old scans').getByTestId('mount-status')).toHaveText('Mounted');
	});
	await test.step('removing a share says what happens first, sends nothing on Cancel, and frees its letter', async () => {
		const { sent } = watch(page, agent);
		await open(page, agent, '/shares');
		const media = card(page, 'Studio media');
		await media.getByRole('button', { name: 'Remove…' }).click();
		const dialog = page.getByTestId('confirm-dialog');
		await expect(dialog.getByRole('heading')).toHaveText('Remove the share "Studio media"?');
		await expect(dialog).toContainText(
			'The agent unmounts \\\\nas.studio.lan\\media from Z: and forgets the share and its stored password.'
		);
		await expect(dialog).toContainText('The files on the server stay');
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		await expect(media.getByRole('button', { name: 'Remove…' })).toBeFocused();
		expect(sent).toEqual([]);

		await media.getByRole('button', { name: 'Remove…' }).click();
		await dialog.getByRole('button', { name: 'Remove the share' }).click();
		await expect(page.getByTestId('share-outcome')).toContainText(
			'Removed the share "Studio media": the agent unmounted it from Z: and forgot it. The files on the server stay.'
		);
		await expect(card(page, 'Studio media')).toHaveCount(0);
		expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
			`DELETE /management/smbclient/${SEEDED_SHARES.media}`
		]);
		const free = (await (
			await fetch(`${agent.url}/management/list_available_drives`)
		).json()) as string[];
		expect(free).toContain('Z');
	});
	await test.step('with no shares, the list says what a share is', async () => {
		await control(agent, 'shares', { empty: true });
		// Read afresh: from another page, as a link would.
		await visit(page, '/');
		await visit(page, '/shares');
		const empty = page.getByTestId('shares-empty');
		await expect(empty).toContainText('The agent mounts no network shares yet.');
		await expect(empty).toContainText('a folder on a NAS or another computer');
		await empty.getByRole('link', { name: 'Add an NFS share' }).click();
		await expect(page.getByLabel('NFS share')).toBeChecked();
	});
});

test('changing a share: what changed elsewhere, the stored password kept or replaced', async ({
	page,
	agent
}) => {
	test.setTimeout(60_000);
	await signInWithToken(page, agent);
	await test.step('a change made elsewhere meanwhile is said before anything is sent', async () => {
		const { sent } = watch(page, agent);
		await open(page, agent, `/shares/nfs/${SEEDED_SHARES.renders}`);
		await page.getByLabel('Name', { exact: true }).fill('Renders (farm)');
		const r = await fetch(`${agent.url}/management/nfsclient/${SEEDED_SHARES.renders}`, {
			method: 'PUT',
			headers: { 'content-type': 'application/json', 'x-app-origin': 'a-script' },
			body: JSON.stringify({ version: '4' })
		});
		expect(r.status).toBe(200);
		await page.getByRole('button', { name: 'Save changes' }).click();
		await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Save changes' }).click();
		const elsewhere = page.getByTestId('changed-elsewhere');
		await expect(elsewhere).toContainText('Nothing was sent.');
		await expect(elsewhere.getByRole('row', { name: /Version/ })).toHaveText(/Version\s*4\.1\s*4/);
		expect(sent).toEqual([]);
		await elsewhere.getByRole('button', { name: 'Save my edit over it' }).click();
		await expect(page.getByTestId('share-result')).toBeVisible();
		expect(agent.state.shares.nfs[0]).toMatchObject({ name: 'Renders (farm)', version: '4' });
	});
	await test.step('without typing the password again: the agent keeps the stored one', async () => {
		const { sent } = watch(page, agent);
		await open(page, agent, `/shares/smb/${SEEDED_SHARES.media}`);
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(
			'Change the share "Studio media"'
		);
		const password = page.getByLabel('Password', { exact: true });
		await expect(password).toHaveValue('');
		await expect(password).toHaveAccessibleDescription(
			'Leave empty to keep the stored password. The agent never shows it.'
		);
		await page.getByLabel('Name', { exact: true }).fill('Studio media (NAS)');
		await page.getByLabel('Version', { exact: true }).selectOption('3.0');
		await page.getByRole('button', { name: 'Save changes' }).click();
		const dialog = page.getByTestId('confirm-dialog');
		await expect(dialog.getByRole('listitem')).toHaveText([
			'Name: from Studio media to Studio media (NAS).',
			'Version: from 3.1.1 to 3.0.',
			'Password: the stored one is kept.',
			/^The agent unmounts the share and mounts it again with these settings\./
		]);
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		expect(sent).toEqual([]);

		await page.getByRole('button', { name: 'Save changes' }).click();
		await dialog.getByRole('button', { name: 'Save changes' }).click();
		const result = page.getByTestId('share-result');
		await expect(result).toContainText('The agent saved the share. The form shows what it stored.');
		await expect(result.getByTestId('mount-status')).toHaveText('Mounted');
		await expect(result.getByTestId('share-stored')).toContainText('Studio media (NAS)');
		expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
			`PUT /management/smbclient/${SEEDED_SHARES.media}`
		]);
		expect(sent[0]!.body).not.toHaveProperty('password');
		expect(sent[0]!.body).toMatchObject({ version: '3.0', username: 'ann', domain: 'STUDIO' });
		// Still signed in with the password typed when it was added, and mounted with it.
		expect(kept(agent).find((s) => s.id === SEEDED_SHARES.media)).toMatchObject({
			name: 'Studio media (NAS)',
			version: '3.0',
			password: NAS_ACCOUNT.password,
			active: true
		});
		await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Studio media (NAS)');
	});
	await test.step('asks for the password again for another server, and replaces it when typed', async () => {
		const { sent } = watch(page, agent);
		await open(page, agent, `/shares/smb/${SEEDED_SHARES.media}`);
		const password = page.getByLabel('Password', { exact: true });
		await page.getByLabel(/^Share/).fill('\\\\files.studio.lan\\media');
		await expect(password).toHaveAccessibleDescription(/Enter the password again/);
		await page.getByRole('button', { name: 'Save changes' }).click();
		await expect(password).toBeFocused();
		expect(sent).toEqual([]);

		await password.fill('A-new-one-9');
		await page.getByRole('button', { name: 'Save changes' }).click();
		const dialog = page.getByTestId('confirm-dialog');
		await expect(dialog).toContainText(
			'Password: from the stored one to the one you typed (not shown).'
		);
		await expect(dialog).not.toContainText('A-new-one-9');
		await dialog.getByRole('button', { name: 'Save changes' }).click();
		await expect(page.getByTestId('share-result')).toBeVisible();
		expect(sent[0]!.body).toMatchObject({ password: 'A-new-one-9' });
		expect(kept(agent).find((s) => s.id === SEEDED_SHARES.media)?.password).toBe('A-new-one-9');
		// Emptied once sent: the form is back to "leave empty to keep".
		await expect(password).toHaveValue('');
		await expect(password).toHaveAccessibleDescription(/Leave empty to keep the stored password/);
		expect(await traces(page)).not.toContain('A-new-one-9');
	});
});
