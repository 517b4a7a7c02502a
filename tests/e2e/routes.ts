import type { Simulator } from '../../simulator/index.ts';
import type { Page } from '@playwright/test';
import { push, test, visit } from './fixtures.ts';

/** The signed-in routes, with busy data, for the checks that read every page. */

export const TEAM = '6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f';
export const LAPTOP = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';

/**
 * Frames of a busy agent: every file state the tiles name, and transfers numbered and named.
 * Returns what it sent.
 */
export async function busy(sim: Simulator): Promise<unknown[]> {
	const sent: unknown[] = [];
	const send = (channel: 'statechange' | 'notification', frame: unknown) => {
		sent.push(frame);
		return push(sim, channel, frame);
	};
	for (const [i, state] of [0, 4, 132, 2, 130, 8, 256, 4 | 256, 1].entries())
		await send('statechange', {
			Path: `G:\\busy\\f${i}.psd`,
			StorageName: 'Studio S3',
			State: state
		});
	for (const [i, mode] of [1, 2, 'Upload'].entries())
		await send('notification', {
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
	return sent;
}

/** Each signed-in route with a word of the table it must show, so a page that did not load fails. */
export const ROUTES: [string, string][] = [
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
 * `items` dealt into `count` walks, one test each: the workers share the walks, and each walk
 * loads the console once and follows links from route to route (`visit` in fixtures.ts).
 */
export function walks<T>(items: readonly T[], count: number): T[][] {
	return Array.from({ length: count }, (_, walk) => items.filter((_, i) => i % count === walk));
}

/** A walk's time for each screen it shows: a screen of its own had the config's whole 45 s. */
const WALK_STEP_MS = 15_000;

/**
 * Called first in a walk's test: its time limit grows with its length (7 screens: 105 s), so a
 * slower machine fails a walk only where one screen would have failed on its own.
 */
export function walkTimeout(steps: number) {
	test.setTimeout(Math.max(test.info().timeout, WALK_STEP_MS * steps));
}

/** A page no route has: the console's own "no such page", quick to draw. */
const NOWHERE = '/no-such-page';

/**
 * Shows `path` as a link to it would, starting afresh: a page already on that route (a dialog
 * open, a form filled by the screen before) is left for another first, so the route's page is
 * drawn anew, as a fresh load drew it.
 */
export async function show(page: Page, path: string) {
	const here = page.url();
	if (
		here !== 'about:blank' &&
		path !== NOWHERE &&
		new URL(here).pathname === new URL(path, here).pathname
	)
		await visit(page, NOWHERE);
	await visit(page, path);
}

/** Screens a walk can show: its name, and whether it changes the agent or the console's data. */
type WalkScreen = {
	name: string;
	/**
	 * Changes what later screens would show (a fault planted, a command run, frames sent, an
	 * item changed): it ends a walk, one to a walk, so every other screen sees the seeded agent.
	 */
	changes?: true;
};

/** About as many screens as a walk of routes shows. */
const SCREENS_PER_WALK = 6;

/**
 * Every screen in walks, a test each, so the workers share them: a walk loads the console once
 * (`start`), then runs `check` on its screens in turn, a step each, each screen shown with `show`.
 * A fresh load of each screen was most of their cost.
 */
export function screenTests<S extends WalkScreen>(
	screens: readonly S[],
	start: (page: Page, agent: Simulator) => Promise<void>,
	check: (page: Page, agent: Simulator, screen: S) => Promise<void>
) {
	const changing = screens.filter((s) => s.changes);
	const count = Math.max(changing.length, Math.ceil(screens.length / SCREENS_PER_WALK));
	const dealt = walks(
		screens.filter((s) => !s.changes),
		count
	).map((walk, i) => [...walk, ...changing.slice(i, i + 1)]);
	for (const walk of dealt) {
		test(walk.map((s) => s.name).join(' · '), async ({ page, agent }) => {
			// A screen that changes something may wait on the agent longer than one that shows.
			walkTimeout(walk.length + 2);
			// Leaving a screen's filled form asks whether to leave it unsaved: yes.
			page.on('dialog', (dialog) => void dialog.accept());
			await start(page, agent);
			for (const screen of walk) await test.step(screen.name, () => check(page, agent, screen));
		});
	}
}
