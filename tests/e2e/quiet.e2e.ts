import type { Page, Request } from '@playwright/test';
import {
	control,
	expect,
	fakeNotifications,
	push,
	signInWithToken,
	test,
	visit
} from './fixtures.ts';

/**
 * A console left open in a background tab costs next to nothing: what arrives is held until the
 * tab is shown, except a problem, whose alert cannot wait. Headless Chromium reports every page
 * visible, so the page is told it is hidden as a browser would tell it.
 */
async function setShown(page: Page, shown: boolean) {
	await page.evaluate((shown) => {
		Object.defineProperty(document, 'hidden', { configurable: true, get: () => !shown });
		Object.defineProperty(document, 'visibilityState', {
			configurable: true,
			get: () => (shown ? 'visible' : 'hidden')
		});
		document.dispatchEvent(new Event('visibilitychange'));
	}, shown);
}

/** The page's reads of the agent under way, on each page followed (`followRequests`). */
const underway = new WeakMap<Page, Set<Request>>();

/** Follows the page's HTTP requests from now on, for `runClock`. */
function followRequests(page: Page) {
	const requests = new Set<Request>();
	underway.set(page, requests);
	page.on('request', (request) => {
		if (request.resourceType() === 'fetch') requests.add(request);
	});
	page.on('requestfinished', (request) => requests.delete(request));
	page.on('requestfailed', (request) => requests.delete(request));
}

/**
 * Runs the page's clock in 1 s steps, each once no request is under way: a read the machine is
 * slow to answer is never timed out by the clock (the agent's status check gives up after 8 s,
 * and the agent gone and back reads everything again).
 */
async function runClock(page: Page, ms: number) {
	const requests = underway.get(page);
	if (!requests) throw new Error('runClock: call followRequests(page) before the page loads');
	for (let t = 0; t < ms; t += 1000) {
		await expect.poll(() => requests.size).toBe(0);
		await page.clock.runFor(1000);
	}
}

/** The page's reads of the agent's status. */
function statusReads(page: Page) {
	const reads: string[] = [];
	page.on('request', (request) => {
		if (new URL(request.url()).pathname === '/management/agent_status') reads.push(request.url());
	});
	return reads;
}

/** The page's own time, which its installed clock may have run ahead of the test's. */
const pageNow = (page: Page) => page.evaluate(() => Date.now());

const call = (operation: string) => ({
	Type: 4,
	Data: { Operation: operation, HttpMethod: 'PUT', Origin: 'http://localhost' }
});

test('an overview on the page clock: what it reads again, what it draws, and when', async ({
	page,
	agent
}) => {
	test.setTimeout(150_000);
	const reads: string[] = [];
	page.on('request', (request) => {
		const path = new URL(request.url()).pathname;
		if (/check_update|clouddrive$|cloudbackup$|transfer_history|history/.test(path))
			reads.push(path);
	});
	const statuses = statusReads(page);
	followRequests(page);
	await page.clock.install();
	await signInWithToken(page, agent);
	await page.goto('/');
	await expect(page.getByTestId('notification-status')).toHaveText('Live');
	const updates = () => reads.filter((p) => p.includes('check_update')).length;

	await test.step('the overview reads the drives and failures again every 30 s, and does not check for updates again', async () => {
		await expect(page.getByTestId('overview-update')).toContainText('Version');
		await expect(page.getByTestId('drives-and-backups-summary')).toBeVisible();
		const others = () => reads.filter((p) => !p.includes('check_update')).length;
		expect(updates()).toBe(1);
		const before = others();
		await runClock(page, 30_000);
		await expect.poll(others).toBeGreaterThan(before);
		await runClock(page, 30_000);
		await expect.poll(others).toBeGreaterThan(before + 2);
		expect(updates()).toBe(1);
	});

	await test.step('an idle overview is not drawn again to say that nothing moved', async () => {
		await expect(page.getByTestId('overview-checked')).toHaveText(
			'Checked every 30 s while this page is open, and at once when the agent announces a change'
		);
		// Two samples of nothing: the chart is there, at zero.
		await runClock(page, 11_000);
		const chart = page.getByTestId('throughput-chart');
		await expect(chart.locator('canvas')).toHaveCount(1);
		await page.evaluate(() => {
			const changes: string[] = [];
			(window as unknown as { changes: string[] }).changes = changes;
			for (const id of ['throughput-chart', 'overview-checked']) {
				const el = document.querySelector(`[data-testid="${id}"]`)!;
				new MutationObserver(() => changes.push(id)).observe(el, {
					subtree: true,
					childList: true,
					characterData: true,
					attributes: true
				});
			}
		});
		// Eight more samples and a status check or two, all saying what the last one said.
		await runClock(page, 40_000);
		expect(await page.evaluate(() => (window as unknown as { changes: string[] }).changes)).toEqual(
			[]
		);
	});

	await test.step('words that count seconds follow the clock only where they are on screen', async () => {
		await page.setViewportSize({ width: 1280, height: 500 });
		const channels = page.getByTestId('overview-channels');
		await expect(channels.getByTestId('notification-status')).toHaveText('Live');
		await push(agent, 'notification', call('update_user'));
		const freshness = channels.getByTestId('notification-freshness');
		await freshness.scrollIntoViewIfNeeded();
		await expect(freshness).toHaveText('Last event just now');

		// Scrolled away, the card's words stay as they were while the clock goes on.
		await page.evaluate(() => window.scrollTo(0, 0));
		await expect(channels).not.toBeInViewport();
		const before = await freshness.textContent();
		await page.clock.runFor(5000);
		await expect(page.getByTestId('activity-active')).toBeVisible();
		expect(await freshness.textContent()).toBe(before);

		// Seen again, they catch up at once.
		await freshness.scrollIntoViewIfNeeded();
		await expect(freshness).toHaveText('Last event 5 s ago');
		await page.setViewportSize({ width: 1280, height: 720 });
	});

	await test.step('a chart shows the time a tab was hidden as a break, said under it, not figures it did not see', async () => {
		// A chart of its own first minute: the steps before drew two minutes of it.
		await visit(page, '/events');
		await page.getByRole('button', { name: 'Clear' }).click();
		await expect(page.getByTestId('timeline-empty')).toBeVisible();
		await visit(page, '/');
		const chart = page.getByTestId('throughput-chart');
		// Two samples, 5 s apart: enough for a chart.
		await runClock(page, 10_000);
		await expect(chart.locator('canvas')).toHaveCount(1);
		await expect(page.getByTestId('chart-hidden-break')).toHaveCount(0);
		await setShown(page, false);
		await push(agent, 'notification', {
			Type: 1,
			Data: {
				TransferMode: 'Upload',
				Status: 'InProgress',
				Path: '/Projects/a.mov',
				Name: 'a.mov',
				StorageName: 'Studio S3',
				Bytes: 1_000_000,
				Size: 100_000_000,
				Speed: 2_000_000,
				Error: null,
				TransferId: 'a'
			}
		});
		// Hidden, the page takes no samples: the hub holds the transfer until it is shown.
		await runClock(page, 10_000);
		await setShown(page, true);
		await runClock(page, 5000);
		await expect(chart.locator('[role="img"]')).toHaveAttribute(
			'aria-label',
			/^Throughput over the last minute: at .*, 1\.9 MB\/s up/
		);
		await expect(page.getByTestId('chart-hidden-break')).toHaveText(
			/^No figures from \d.* to \d.*: this tab was in the background/
		);
	});

	await test.step('the agent status is read every 30 s, and at once after a change the agent announces', async () => {
		await expect(page.getByTestId('overview-checked')).toHaveText(
			'Checked every 30 s while this page is open, and at once when the agent announces a change'
		);
		await page.clock.pauseAt((await pageNow(page)) + 1000);
		// The read when the channel came, under way or done.
		await runClock(page, 1000);
		const before = statuses.length;
		// Within 30 s of it: none, where every 10 s would have read once.
		await runClock(page, 15_000);
		expect(statuses).toHaveLength(before);
		// Another client pauses the agent through its API, which announces the call.
		await fetch(`${agent.url}/management/command/2`, { method: 'POST' });
		await expect
			.poll(async () => {
				await page.clock.runFor(100);
				return statuses.length;
			})
			.toBe(before + 1);
		await expect(page.getByTestId('agent-status').getByRole('status')).toHaveText('Paused');
		// Resumed the same way, for the next step.
		await fetch(`${agent.url}/management/command/4`, { method: 'POST' });
		await expect
			.poll(async () => {
				await page.clock.runFor(100);
				return page.getByTestId('agent-status').getByRole('status').textContent();
			})
			.toBe('Running');
	});

	await test.step('the agent status is read at once when the channel drops: the agent gone is said without waiting', async () => {
		await page.clock.pauseAt((await pageNow(page)) + 1000);
		await expect(page.getByTestId('agent-status').getByRole('status')).toHaveText('Running');
		await control(agent, 'faults', { path: '/management/agent_status', body: 'reset', count: 50 });
		await control(agent, 'sockets', { action: 'drop', mode: 'refuse' });
		// The clock stands still: no look is due, the drop alone reads the status.
		await expect(page.getByTestId('agent-status')).toContainText('Unreachable');
		await expect(page.getByTestId('overview-checked')).toContainText('next try at');
	});
});

test('a hidden tab holds routine events and lets a problem alert; a chart opened in the background waits', async ({
	page,
	agent
}) => {
	test.setTimeout(75_000);

	await test.step('a hidden tab holds routine events until shown, and lets a problem alert at once', async () => {
		await page.context().grantPermissions(['notifications']);
		const notifications = await fakeNotifications(page);
		await signInWithToken(page, agent);
		await page.goto('/');
		await page.getByLabel(/browser notification when this tab is hidden/).check();
		await page.getByRole('link', { name: 'Events', exact: true }).first().click();
		const counts = page.getByTestId('timeline-counts');
		await expect(counts).toContainText('0 shown of 0 kept');
		// A second tab in front, where the same events are seen.
		const front = await page.context().newPage();
		await front.goto('/events');
		await expect(front.getByTestId('timeline-counts')).toContainText('0 shown of 0 kept');
		await expect(front.getByTestId('notification-status')).toHaveText('Live');
		await expect.poll(() => agent.live.clientCount('notification')).toBe(1);

		// Every count the hidden tab draws is noted, and the moment it is shown again: an event
		// drawn while hidden would leave its count before that moment.
		await page.evaluate(() => {
			const seen: string[] = [];
			(window as unknown as { seen: string[] }).seen = seen;
			const counts = document.querySelector('[data-testid="timeline-counts"]')!;
			const note = () => {
				const text = /\d+ shown of \d+ kept/.exec(counts.textContent ?? '')?.[0];
				if (text && seen.at(-1) !== text) seen.push(text);
			};
			note();
			new MutationObserver(note).observe(counts, {
				subtree: true,
				childList: true,
				characterData: true
			});
		});
		const seen = () => page.evaluate(() => (window as unknown as { seen: string[] }).seen);

		await notifications.hide(true);
		await push(agent, 'notification', call('update_user'));
		await expect(front.getByTestId('timeline-counts')).toContainText('1 shown of 1 kept');

		// A problem alerts at once; the list nobody sees is not drawn for it.
		await push(agent, 'notification', {
			Type: 2,
			Data: { Title: 'Sync stopped', Message: 'Credentials refused', Severity: 'Error' }
		});
		await expect.poll(notifications.shown).toEqual([expect.stringContaining('Sync stopped')]);
		await push(agent, 'notification', call('edit_user'));
		await expect(front.getByTestId('timeline-counts')).toContainText('3 shown of 3 kept');

		// Shown again: what came meanwhile is there (the problem's batch at the first draw, what
		// the hub held after it as soon as it comes), and nothing was drawn while hidden.
		await page.evaluate(() => (window as unknown as { seen: string[] }).seen.push('shown'));
		await notifications.hide(false);
		await expect(counts).toContainText('3 shown of 3 kept');
		const drawn = await seen();
		expect(drawn.slice(0, 2)).toEqual(['0 shown of 0 kept', 'shown']);
		expect(drawn.at(-1)).toBe('3 shown of 3 kept');
		await front.close();
	});

	await test.step('a chart on a page opened in the background is drawn only once the tab is shown', async () => {
		// Hidden from its first script on, as a tab opened behind the one in front.
		const background = await page.context().newPage();
		await background.addInitScript(() => {
			Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
			Object.defineProperty(document, 'visibilityState', {
				configurable: true,
				get: () => 'hidden'
			});
		});
		await background.goto('/drives/6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f');
		const trend = background.getByTestId('trend-transfers');
		await expect(trend.getByRole('img')).toHaveAttribute('aria-label', /.+/);
		await expect(trend.locator('canvas')).toHaveCount(0);
		await setShown(background, true);
		await expect(trend.locator('canvas').first()).toBeVisible();
	});
});

test('a hidden tab without browser alerts is not woken; a visible one draws a trickle every 3 s at most', async ({
	page,
	agent
}) => {
	test.setTimeout(75_000);

	await test.step('a hidden tab without browser alerts is not woken even for a problem: its toast comes when the tab is shown', async () => {
		await signInWithToken(page, agent);
		await page.goto('/users');
		await expect.poll(() => agent.live.clientCount('notification')).toBe(1);
		// A second tab in front, where the problem is seen as it comes.
		const front = await page.context().newPage();
		await front.goto('/events');
		await expect(front.getByTestId('notification-status')).toHaveText('Live');
		await expect.poll(() => agent.live.clientCount('notification')).toBe(1);

		await setShown(page, false);
		await push(agent, 'notification', {
			Type: 2,
			Data: { Title: 'Sync stopped', Message: 'Credentials refused', Severity: 'Error' }
		});
		await expect(front.getByTestId('timeline-counts')).toContainText('1 shown of 1 kept');
		await expect(page.getByText(/Sync stopped/)).toHaveCount(0);

		// Shown again, the problem comes with what else was held, and raises its toast then (a tab
		// woken for it while hidden took it quietly, and showed no toast on its return).
		await setShown(page, true);
		await expect(page.getByText(/Sync stopped/).first()).toBeVisible();
		await front.close();
	});

	await test.step('a visible page draws a trickle of events every 3 s at most, with the counts in the same draw', async () => {
		await visit(page, '/events');
		await expect(page.getByTestId('notification-status')).toHaveText('Live');
		// The page's time of every change of the list's count and of the channel's count.
		await page.evaluate(() => {
			const draws: { at: number; what: string }[] = [];
			(window as unknown as { draws: typeof draws }).draws = draws;
			for (const what of ['timeline-counts', 'notification-counts']) {
				const el = document.querySelector(`[data-testid="${what}"]`)!;
				new MutationObserver(() => draws.push({ at: performance.now(), what })).observe(el, {
					subtree: true,
					childList: true,
					characterData: true
				});
			}
		});
		const draws = () =>
			page.evaluate(() => (window as unknown as { draws: { at: number; what: string }[] }).draws);
		await control(agent, 'activity', { eventsPerSecond: 4 });
		await expect
			.poll(async () => (await draws()).filter((d) => d.what === 'timeline-counts').length, {
				timeout: 20_000
			})
			.toBeGreaterThanOrEqual(4);
		await control(agent, 'activity', { eventsPerSecond: 0 });
		const seen = await draws();
		const list = seen.filter((d) => d.what === 'timeline-counts').map((d) => d.at);
		// Ticks are not exact: 2.8 s is the least gap the console allows.
		for (let i = 1; i < list.length; i++) expect(list[i]! - list[i - 1]!).toBeGreaterThan(2700);
		// In the same draw: within a few milliseconds of one of the list's.
		for (const d of seen.filter((d) => d.what === 'notification-counts'))
			expect(Math.min(...list.map((at) => Math.abs(at - d.at)))).toBeLessThan(20);
	});
});
