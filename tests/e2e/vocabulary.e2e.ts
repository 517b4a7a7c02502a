import type { Page } from '@playwright/test';
import type { Simulator } from '../../simulator/index.ts';
import { bothLive, expect, push, signInWithToken, test } from './fixtures.ts';

/**
 * One vocabulary (docs/VOCABULARY.md): every signed-in route, with busy data, is read as text and
 * checked against the words table. No raw flag number in brackets, no enum name in parentheses,
 * no second word for a state, a user type, a size or a time. The record panels' "More from the
 * agent" (the as-sent view) stays closed, so it is not read.
 */

const TEAM = '6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f';
const LAPTOP = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';

const ENUM_NAMES =
	'Created|Started|Stopped|Paused|Disposed|Normal|Temporary|Uploading|Downloading|Deleting|Reading|RenameDeleting|InProgress|VirtualDrive|LocalPath';

/** What the words table says must not be on a page, and why. */
const BANNED: [RegExp, string][] = [
	[/\[\d+\]/, 'a raw flag number in brackets'],
	[new RegExp(`\\((${ENUM_NAMES})\\)`), 'an enum name in parentheses'],
	[/\bNormal\b/, 'a second word for In sync'],
	[/\bSynced\b(?! folder)/, 'a second word for In sync'],
	[/Pending (upload|download)/i, 'a second word for Waiting to upload or download'],
	[/(Up|Down)loading, reading/i, 'a second word for Uploading or Downloading now'],
	[/Desktop (creative|standard|admin) user/i, 'a second word for a user type'],
	[/\b\d{1,2}:\d{2}\s?(am|pm)\b/i, 'a 12-hour time'],
	[/\b(KiB|MiB|GiB|kB)\b/, 'a second unit system'],
	[/Size bytes|date utc|Size formatted/i, 'a field name as a header'],
	[/\bMode \d/, 'a transfer mode as a number']
];

async function expectVocabulary(page: Page, where: string) {
	await expect(page.locator('main')).toBeVisible();
	const text = await page.locator('body').innerText();
	const found = BANNED.flatMap(([re, why]) => {
		const m = re.exec(text);
		return m
			? [`${why}: “${text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40)}”`]
			: [];
	});
	expect(found, `${where} says`).toEqual([]);
}

/** Frames of a busy agent: every file state the tiles name, and transfers numbered and named. */
async function busy(sim: Simulator) {
	for (const [i, state] of [0, 4, 132, 2, 130, 8, 256, 4 | 256, 1].entries())
		await push(sim, 'statechange', {
			Path: `G:\\busy\\f${i}.psd`,
			StorageName: 'Studio S3',
			State: state
		});
	for (const [i, mode] of [1, 2, 'Upload'].entries())
		await push(sim, 'notification', {
			Type: 1,
			Data: {
				TransferMode: mode,
				Status: 'InProgress',
				Name: `t${i}.mov`,
				Path: `G:\\busy\\t${i}.mov`,
				StorageName: 'Studio S3',
				Bytes: 14_000,
				Size: 28_000,
				Speed: 14_000,
				TransferId: `busy-${i}`
			}
		});
}

/** Each signed-in route with a word of the table it must show, so a page that did not load fails. */
const ROUTES: [string, string][] = [
	['/', 'Drives'],
	['/events', 'Download (inferred)'],
	['/events?view=files', 'Uploading now'],
	['/events?view=transfers', 't2.mov'],
	['/drives', 'Team Drive'],
	[`/drives/${TEAM}`, 'Waiting to upload'],
	[`/drives/${TEAM}?state=256`, 'With errors'],
	[`/drives/${TEAM}/files?path=Projects%2FBrand+2027`, 'Waiting to download'],
	[`/backups/${LAPTOP}`, 'In sync'],
	['/drives/new', 'Drive letter'],
	['/backups/new', 'Folder to back up'],
	[`/drives/${TEAM}/edit`, 'Locked'],
	[`/backups/${LAPTOP}/edit`, 'every 15 minutes'],
	['/shares', 'Not mounted'],
	['/shares/new', 'Drive letter'],
	['/shares/smb/f3a1c2d4-5b6e-4f70-8a9b-0c1d2e3f4a5b', 'Leave empty to keep the stored password'],
	['/history', 'Transfer history'],
	['/history?status=error', 'The agent said'],
	['/transfers', 'Manual transfer'],
	['/transfers/new', 'Skip existing'],
	['/users', 'Desktop creative'],
	['/profile', 'Desktop']
];

/**
 * One test per route, so the workers share the walk (one test of every route took 27 s, the
 * last to end in the suite).
 */
test.describe('one vocabulary: every signed-in route says each thing in the words table’s one word', () => {
	for (const [route, word] of ROUTES) {
		test(route, async ({ page, agent }) => {
			await signInWithToken(page, agent);
			await page.goto(route);
			// The live views hold what arrived since the page opened: the frames go out once it listens.
			if (route.startsWith('/events')) {
				await bothLive(page);
				await busy(agent);
			}
			await expect(page.locator('main')).toContainText(word);
			await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
			await expectVocabulary(page, route);
		});
	}
});
