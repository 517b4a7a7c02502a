import type { Page } from '@playwright/test';
import type { Simulator } from '../../simulator/index.ts';
import { E2E_ORIGIN } from '../../playwright.config.ts';
import { deploy, type Deployment } from './deploy.ts';
import {
	KEPT,
	bothLive,
	control,
	expect,
	push,
	signInWithToken,
	storedChunks,
	test
} from './fixtures.ts';

/** The most sockets the development agent has open on one channel. */
const socketsPerChannel = (agent: Simulator) =>
	Math.max(agent.live.clientCount('notification'), agent.live.clientCount('statechange'));

/** The build a tab runs, by the name of its boot file (a newer build's ends in `n.js`). */
const bootFile = (page: Page) =>
	page.evaluate(() => document.querySelector('script[src*="/boot."]')?.getAttribute('src') ?? '');

/** The numbers of the `/upgrade/<n>.psd` events kept in IndexedDB, in the order kept. */
async function keptNumbers(page: Page): Promise<number[]> {
	const numbers: number[] = [];
	for (const chunk of await storedChunks(page))
		for (const entry of chunk.entries) {
			const match = /\/upgrade\/(\d+)\.psd/.exec(JSON.stringify(entry));
			if (match) numbers.push(Number(match[1]));
		}
	return numbers;
}

async function deployed(agent: Simulator): Promise<Deployment> {
	const site = await deploy();
	await control(agent, 'cors', { allowOrigins: [E2E_ORIGIN, site.url] });
	return site;
}

test.describe('an upgrade of the console', () => {
	test('an open tab offers the newer console, keeps unsaved input, and never breaks on a replaced file', async ({
		page,
		agent,
		context
	}) => {
		const site = await deployed(agent);
		try {
			await signInWithToken(page, agent);
			await page.goto(`${site.url}/shares/new?kind=nfs`);
			await page.getByLabel('Name', { exact: true }).fill('Across the upgrade');
			const other = await context.newPage();
			await other.goto(`${site.url}/`);
			await expect(other.getByTestId('drives-and-backups-summary')).toBeVisible();
			const oldBoot = await bootFile(page);

			await site.upgrade();
			// Shown again, the tab asks the server which build it has, and says so once.
			await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
			const notice = page.getByTestId('newer-console');
			await expect(notice).toContainText('A newer console is available.');
			await expect(notice.getByRole('button', { name: 'Reload' })).toBeVisible();
			// Leaving with unsaved input asks first; staying keeps it, on the build it runs.
			page.once('dialog', (d) => void d.dismiss());
			await page.getByRole('link', { name: 'Events' }).click();
			await expect(page).toHaveURL(/\/shares\/new/);
			await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Across the upgrade');
			expect(await bootFile(page)).toBe(oldBoot);

			// A tab that knew nothing yet goes to a page whose file was replaced: the new build.
			await other.getByRole('link', { name: 'History' }).click();
			await expect(other).toHaveURL(`${site.url}/history`);
			await expect(other.getByRole('heading', { level: 1 })).toHaveText('Transfer history');
			expect(await bootFile(other)).toMatch(/n\.js$/);

			// Told yes, the next navigation is a full load of the new build.
			page.once('dialog', (d) => void d.accept());
			await page.getByRole('link', { name: 'Events' }).click();
			await expect(page).toHaveURL(`${site.url}/events`);
			await bothLive(page);
			expect(await bootFile(page)).toMatch(/n\.js$/);
			await expect(page.getByTestId('newer-console')).toHaveCount(0);
		} finally {
			for (const tab of context.pages()) await tab.close();
			await site.close();
		}
	});

	test('three old tabs and a new one: one socket per channel again, the kept timeline whole', async ({
		page,
		agent,
		context
	}) => {
		// Four tabs, a redeploy and the store's writes (a batch, then 5 s): about 40 s on a quiet
		// run, so the default 45 s left no room for a loaded machine.
		test.slow();
		const site = await deployed(agent);
		let pushing: ReturnType<typeof setInterval> | undefined;
		let sampling: ReturnType<typeof setInterval> | undefined;
		try {
			await signInWithToken(page, agent);
			const old = [page, await context.newPage(), await context.newPage()];
			for (const tab of old) {
				await tab.goto(`${site.url}/events`);
				await bothLive(tab);
			}
			expect(socketsPerChannel(agent)).toBe(1);
			// Numbered events all through the upgrade: each must be kept once.
			let sent = 0;
			const pushes: Promise<unknown>[] = [];
			pushing = setInterval(() => {
				const n = sent++;
				pushes.push(
					push(agent, 'statechange', { Path: `/upgrade/${n}.psd`, StorageName: 'S', State: 4 })
				);
			}, 25);

			await site.upgrade();
			// What the agent counts, sampled from before the new tab opens until one is left.
			const samples: { at: number; sockets: number }[] = [];
			sampling = setInterval(
				() => samples.push({ at: Date.now(), sockets: socketsPerChannel(agent) }),
				10
			);
			const fresh = await context.newPage();
			await fresh.goto(`${site.url}/events`);
			await bothLive(fresh);
			await expect.poll(() => samples.some((s) => s.sockets === 2)).toBe(true);
			await expect.poll(() => samples.at(-1)?.sockets).toBe(1);
			clearInterval(sampling);
			const doubled = samples.find((s) => s.sockets === 2)!;
			const single = samples.find((s) => s.at > doubled.at && s.sockets === 1)!;
			test.info().annotations.push({
				type: 'handover',
				description: `${Math.max(...samples.map((s) => s.sockets))} sockets per channel at most, one again after ${single.at - doubled.at} ms`
			});
			// The old tabs were told to reload, and run the new build.
			for (const tab of old) await expect.poll(() => bootFile(tab)).toMatch(/n\.js$/);
			for (const tab of [...old, fresh]) await bothLive(tab);
			expect(socketsPerChannel(agent)).toBe(1);

			clearInterval(pushing);
			await Promise.all(pushes);
			await expect.poll(async () => (await keptNumbers(fresh)).length, KEPT).toBe(sent);
			const kept = await keptNumbers(fresh);
			expect(new Set(kept).size, 'no event kept twice').toBe(kept.length);
			expect(
				[...kept].sort((a, b) => a - b),
				'no event missing'
			).toEqual([...Array(sent).keys()]);
		} finally {
			clearInterval(pushing);
			clearInterval(sampling);
			for (const tab of context.pages()) await tab.close();
			await site.close();
		}
	});
});
