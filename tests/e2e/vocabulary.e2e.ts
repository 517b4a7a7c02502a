import type { Page } from '@playwright/test';
import { bothLive, expect, signInWithToken, test, visit } from './fixtures.ts';
import { busy, LAPTOP, ROUTES, TEAM, walks, walkTimeout } from './routes.ts';

/**
 * One vocabulary (docs/VOCABULARY.md): every signed-in route, with busy data, is read as text and
 * checked against the words table. No raw flag number in brackets, no enum name in parentheses,
 * no second word for a state, a user type, a size or a time. The record panels' "More from the
 * agent" (the as-sent view) stays closed, so it is not read.
 */

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
	expect.soft(found, `${where} says`).toEqual([]);
}

/**
 * Each route's tab title (WCAG 2.4.2): what the page shows and, where another tab could show
 * another, which drive, backup or share. Before " · Agent console"; a filter keeps its page's.
 */
const TITLES: Record<string, string> = {
	'/': 'Overview',
	'/events': 'Events',
	'/events?view=files': 'File states · Events',
	'/events?view=transfers': 'Transfers · Events',
	'/drives': 'Drives and backups',
	[`/drives/${TEAM}`]: 'Team Drive · Drive',
	[`/drives/${TEAM}?state=256`]: 'Team Drive · Drive',
	[`/drives/${TEAM}/files?path=Projects%2FBrand+2027`]: 'Files of Team Drive',
	[`/backups/${LAPTOP}`]: 'Laptop documents · Backup',
	'/drives/new': 'Add a drive',
	'/backups/new': 'Add a backup',
	[`/drives/${TEAM}/edit`]: 'Change the drive "Team Drive"',
	[`/backups/${LAPTOP}/edit`]: 'Change the backup "Laptop documents"',
	'/shares': 'Network shares',
	'/shares/new': 'Add a network share',
	['/shares/smb/f3a1c2d4-5b6e-4f70-8a9b-0c1d2e3f4a5b']: 'Change the share "Studio media"',
	'/history': 'Transfer history',
	'/history?status=error': 'Transfer history',
	'/transfers': 'Transfers now',
	'/transfers/new': 'Start a transfer',
	'/users': 'Users',
	'/profile': 'Profile'
};

test('every route has a title, and pages that differ have different ones', () => {
	expect(ROUTES.map(([route]) => route).filter((route) => !(route in TITLES))).toEqual([]);
	const byPage = new Map(Object.entries(TITLES).map(([route, title]) => [title, route]));
	const pages = new Set(
		Object.keys(TITLES).map((route) => route.replace(/\?(state|status)=.*/, ''))
	);
	expect(byPage.size).toBe(pages.size);
});

/**
 * Two walks, each a test that loads the console once and follows links from route to route: a
 * load per route was most of the cost, and one walk of every route would end last in the suite.
 */
test.describe('one vocabulary: every signed-in route says each thing in the words table’s one word', () => {
	for (const routes of walks(ROUTES, 2)) {
		test(routes.map(([route]) => route).join(' · '), async ({ page, agent }) => {
			walkTimeout(routes.length);
			await signInWithToken(page, agent);
			// The live views hold what arrived since the page opened: the frames go out once, when
			// the walk first reaches them.
			let sent = false;
			for (const [i, [route, word]] of routes.entries()) {
				if (i === 0) await page.goto(route);
				else await visit(page, route);
				if (route.startsWith('/events') && !sent) {
					await bothLive(page);
					await busy(agent);
					sent = true;
				}
				await expect(page.locator('main')).toContainText(word);
				await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
				await expectVocabulary(page, route);
				await expect(page).toHaveTitle(`${TITLES[route]} · Agent console`);
			}
		});
	}
});
