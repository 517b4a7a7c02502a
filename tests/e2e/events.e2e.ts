import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { Simulator } from '../../simulator/index.ts';
import {
	AGENT_URL_KEY,
	bothLive,
	control,
	expect,
	openEvents,
	push,
	retryNow,
	test,
	tokenKey,
	visit
} from './fixtures.ts';
import { startSimulator } from '../../simulator/index.ts';
import { E2E_ORIGIN } from '../../playwright.config.ts';

const pushRaw = (sim: Simulator, channel: 'notification' | 'statechange', raw: string) =>
	control(sim, 'push', { channel, raw });

const progress = (id: string, status: string, bytes: number, extra: object = {}) => ({
	Type: 1,
	Data: {
		TransferMode: 'Upload',
		Status: status,
		StorageType: 'AmazonS3',
		Path: `/Projects/${id}.psd`,
		Bytes: bytes,
		Size: 1000,
		Error: null,
		Name: `${id}.psd`,
		StorageName: 'Studio S3',
		Speed: 100,
		Duration: '00:00:05',
		TransferId: id,
		...extra
	}
});

async function agentToken(sim: Simulator): Promise<string> {
	const res = await fetch(`${sim.url}/authentication/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ username: 'admin@example.com', password: 'Passw0rd!', type: 16 })
	});
	return ((await res.json()) as { jwtToken: string }).jwtToken;
}

const rows = (page: Page) => page.getByTestId('timeline').locator('li');
const row = (page: Page, text: string | RegExp) => rows(page).filter({ hasText: text });

/** Back on the timeline, with no filter, and every event, transfer and file state forgotten. */
async function clear(page: Page) {
	await visit(page, '/events');
	await expect(page.getByLabel('Search', { exact: true })).toHaveValue('');
	await page.getByRole('button', { name: 'Clear' }).click();
	await expect(page.getByTestId('timeline-empty')).toBeVisible();
}

test('the timeline in words: every kind, unreadable frames, a regular expression, a held event, pause and clear', async ({
	page,
	agent,
	context
}) => {
	test.setTimeout(90_000);
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	await openEvents(page, agent);

	await test.step('shows frames of every documented kind in words, and unknown ones raw', async () => {
		await push(agent, 'notification', progress('hero', 'InProgress', 450));
		await push(agent, 'notification', {
			Type: 2,
			Data: { Title: 'Storage almost full', Message: 'Studio S3 is 91% full.' }
		});
		await push(agent, 'notification', {
			Type: 4,
			Data: {
				Operation: 'update_user',
				EndpointAddress: '/authentication/update_user',
				HttpMethod: 'PUT'
			}
		});
		await push(agent, 'notification', { Type: 8, Data: { Progress: 40, Version: '2.1' } });
		await push(agent, 'notification', { Type: 64, Data: { Something: 'new' } });
		await push(agent, 'statechange', {
			Path: '/Projects/hero.psd',
			StorageName: 'Studio S3',
			State: 4
		});
		await push(agent, 'statechange', { Path: '/Projects/odd.bin', State: 1024 });

		await expect(row(page, 'Transfer progress')).toContainText(
			'Upload hero.psd (Studio S3), 45 %, in progress'
		);
		await expect(row(page, 'User notification')).toContainText(
			'Storage almost full: Studio S3 is 91% full.'
		);
		await expect(row(page, 'Agent call')).toContainText('PUT update_user');
		await expect(row(page, 'Agent update progress')).toContainText('40 %');
		await expect(row(page, 'Unknown type 64')).toContainText('{"Something":"new"}');
		await expect(row(page, 'hero.psd (Studio S3): Waiting to upload')).toContainText('File state');
		await expect(row(page, '/Projects/odd.bin')).toContainText('Unknown (1024)');
		// Newest first.
		await expect(rows(page).first()).toContainText('/Projects/odd.bin');

		// A row opens to its payload, as it came.
		await row(page, 'Unknown type 64').getByRole('button').click();
		await expect(page.getByTestId('payload')).toContainText('"Type": 64');
	});

	await test.step('counts and shows a frame it cannot read', async () => {
		// The event opened before holds the list still: closed, and the list emptied.
		await page.getByRole('button', { name: 'Close the event' }).click();
		await clear(page);
		await pushRaw(agent, 'notification', '{"Type": oops');
		await pushRaw(agent, 'statechange', '{"Path": "/a"}');
		await expect(page.getByTestId('notification-counts')).toContainText('1 unreadable');
		await expect(page.getByTestId('statechange-counts')).toContainText('1 unreadable');
		await expect(row(page, 'Unreadable frame')).toHaveCount(2);
		await expect(row(page, 'not JSON')).toContainText('{"Type": oops');
	});

	await test.step('searches with a regular expression when asked, and says when one cannot be read', async () => {
		await clear(page);

		await push(agent, 'statechange', { Path: '/a/cut-v3.mov', StorageName: 'S', State: 4 });
		await push(agent, 'statechange', { Path: '/a/cut-v12.mov', StorageName: 'S', State: 4 });
		await push(agent, 'statechange', { Path: '/a/notes.txt', StorageName: 'S', State: 4 });
		await page.getByLabel('Regular expression').check();
		await page.getByLabel('Search').fill('cut-v\\d{2}\\.mov');
		await expect(page).toHaveURL(/re=1/);
		await expect(rows(page)).toHaveCount(1);
		await expect(rows(page).first()).toContainText('cut-v12.mov');
		await page.getByLabel('Search').fill('cut-v(');
		await expect(page.getByRole('alert')).toContainText('Not a regular expression');
		await expect(rows(page)).toHaveCount(3);
		await page.getByLabel('Search').fill('');
		await page.getByLabel('Regular expression').uncheck();
	});

	await test.step('a selected event holds still in a detail pane while more arrive, and copies as JSON', async () => {
		await clear(page);

		await push(agent, 'statechange', { Path: '/first.psd', StorageName: 'S', State: 4 });
		await push(agent, 'statechange', { Path: '/second.psd', StorageName: 'S', State: 2 });
		const target = row(page, '/first.psd');
		await target.getByRole('button').click();
		const detail = page.getByTestId('event-detail');
		await expect(detail).toContainText('File state');
		await expect(detail.getByTestId('payload')).toContainText('"Path": "/first.psd"');
		const before = await target.boundingBox();
		await push(agent, 'statechange', { Path: '/later.psd', StorageName: 'S', State: 4 }, 5);
		await expect(page.getByTestId('paused')).toContainText(
			'Holding still while you look at an event, 5 new'
		);
		expect(await target.boundingBox()).toEqual(before);
		await expect(target.getByRole('button')).toHaveAttribute('aria-current', 'true');
		await detail.getByRole('button', { name: 'Copy the payload as JSON' }).click();
		const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
		expect(copied).toEqual({ Path: '/first.psd', StorageName: 'S', State: 4 });
		await detail.getByRole('button', { name: 'Close the event' }).click();
		await expect(detail).toHaveCount(0);
		await expect(page.getByTestId('paused')).toBeHidden();
		await expect(rows(page).first()).toContainText('/later.psd');
	});

	await test.step('pause keeps buffering and counts, jump to latest shows them; clear empties', async () => {
		await clear(page);

		await push(agent, 'notification', progress('first', 'InProgress', 10));
		await expect(row(page, 'first.psd')).toHaveCount(1);
		await page.getByRole('button', { name: 'Pause' }).click();
		await push(agent, 'notification', progress('later', 'InProgress', 10), 3);
		await expect(page.getByTestId('paused')).toContainText('Paused, 3 new');
		await expect(row(page, 'later.psd')).toHaveCount(0);
		await page.getByRole('button', { name: 'Jump to latest' }).click();
		await expect(row(page, 'later.psd')).toHaveCount(3);
		await expect(page.getByTestId('paused')).toBeHidden();

		await page.getByRole('button', { name: 'Clear' }).click();
		await expect(page.getByTestId('timeline-empty')).toBeVisible();
		await expect(page.getByTestId('timeline-counts')).toContainText('0 shown of 0 kept');
	});
});

test('on the page clock: the channel card, times, filters, the number kept and file states, across a reload', async ({
	page,
	agent
}) => {
	test.setTimeout(100_000);
	await page.clock.install();

	await test.step('a channel card never says "No events yet" beside a count of events', async () => {
		// Every state the card is drawn in from the page's first moment, as the reader sees it.
		await page.addInitScript(() => {
			const drawn: string[] = [];
			(window as unknown as { drawn: string[] }).drawn = drawn;
			const read = () => {
				const counts = document.querySelector('[data-testid="notification-counts"]');
				const fresh = document.querySelector('[data-testid="notification-freshness"]');
				if (counts && fresh)
					drawn.push(`${counts.textContent?.trim()} | ${fresh.textContent?.trim()}`);
			};
			new MutationObserver(read).observe(document, {
				subtree: true,
				childList: true,
				characterData: true
			});
		});
		await control(agent, 'activity', { eventsPerSecond: 10 });
		await openEvents(page, agent);
		const card = page.getByRole('region', { name: /Notifications/ });
		await expect(card.getByTestId('notification-counts')).not.toContainText(/^0 received/);
		await expect(card.getByTestId('notification-freshness')).not.toHaveText('No events yet');
		await push(agent, 'notification', { Type: 64, Data: { Title: 'Hello' } }, 5);
		await expect
			.poll(() => page.evaluate(() => (window as unknown as { drawn: string[] }).drawn.length))
			.toBeGreaterThan(2);
		const drawn = await page.evaluate(() => (window as unknown as { drawn: string[] }).drawn);
		expect(drawn.filter((d) => /[1-9]\d* received/.test(d) && d.includes('No events yet'))).toEqual(
			[]
		);
		await control(agent, 'activity', { eventsPerSecond: 0 });
	});

	await test.step('shows times as the clock says them, or as how long ago', async () => {
		await push(agent, 'statechange', { Path: '/clocked.psd', StorageName: 'S', State: 4 });
		const time = row(page, '/clocked.psd').getByTestId('event-time');
		await expect(time).toHaveText(/^\d\d:\d\d:\d\d\.\d{3}( [AP]M)?$/);
		await page.getByRole('button', { name: 'Show how long ago' }).click();
		await page.clock.runFor(90_000);
		await expect(time).toHaveText(/minute ago|2 minutes ago|90 seconds ago/);
		await page.reload();
		await expect(page.getByRole('button', { name: 'Show clock times' })).toBeVisible();
	});

	await test.step('filters and search are in the URL and survive a reload', async () => {
		await clear(page);
		await page.getByLabel('Channel', { exact: true }).selectOption({ label: 'Notifications' });
		await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'Transfer progress' });
		await page.getByLabel('Search', { exact: true }).fill('hero');
		await expect(page).toHaveURL(/channel=notification/);
		await expect(page).toHaveURL(/kind=progress/);
		await expect(page).toHaveURL(/q=hero/);
		await page.reload();
		await expect(page.getByTestId('notification-status')).toHaveText('Live');
		await expect(page.getByLabel('Channel', { exact: true })).toHaveValue('notification');
		await expect(page.getByLabel('Kind', { exact: true })).toHaveValue('progress');
		await expect(page.getByLabel('Search', { exact: true })).toHaveValue('hero');
		await push(agent, 'notification', progress('hero', 'InProgress', 100));
		await push(agent, 'notification', progress('other', 'InProgress', 100));
		await push(agent, 'statechange', { Path: '/Projects/hero.psd', State: 4 });
		await expect(row(page, 'hero.psd')).toHaveCount(1);
		await expect(row(page, 'other.psd')).toHaveCount(0);
		await expect(page.getByTestId('timeline-counts')).toContainText('1 shown (filtered) of 3 kept');
	});

	await test.step('keeps at most the chosen number of events and says how many dropped', async () => {
		await clear(page);

		await page.getByLabel('Keep the last').selectOption('1000');
		await push(agent, 'statechange', { Path: '/flood.bin', State: 2 }, 1_200);
		await expect(page.getByTestId('timeline-counts')).toContainText(
			'1,000 shown of 1,000 kept; 200 older events dropped to stay within 1,000'
		);
		// Only the rows in view are in the page.
		expect(await rows(page).count()).toBeLessThan(60);
		await page.reload();
		await expect(page.getByLabel('Keep the last')).toHaveValue('1000');
	});

	await test.step('file states: the latest per path, in words and raw, sortable', async () => {
		await clear(page);
		await visit(page, '/events?view=files');
		await push(agent, 'statechange', { Path: '/b/second.psd', StorageName: 'Archive', State: 2 });
		await push(agent, 'statechange', { Path: '/a/first.psd', StorageName: 'Archive', State: 4 });
		await push(agent, 'statechange', {
			Path: '/a/first.psd',
			StorageName: 'Archive',
			State: 4 | 256
		});
		await push(agent, 'statechange', { Path: '/c/odd.psd', State: 2048 });
		const table = page.getByTestId('file-states');
		await expect(table.locator('tbody tr')).toHaveCount(3);
		await expect(table.locator('tbody tr').filter({ hasText: 'first.psd' })).toContainText(
			'Uploading, error'
		);
		await expect(table.locator('tbody tr').filter({ hasText: 'odd.psd' })).toContainText(
			'Unknown (2048)'
		);
		await table.getByRole('link', { name: 'Path' }).click();
		await expect(page).toHaveURL(/sort=path/);
		await expect(table.locator('tbody tr').first()).toContainText('/a/first.psd');
		await page.reload();
		await expect(page).toHaveURL(/view=files/);
		await expect(page.getByTestId('files-empty')).toBeVisible();
	});
});

test("the sockets: the agent's Exit, exports with gap markers, a drop, and a change of address", async ({
	page,
	agent
}) => {
	test.setTimeout(90_000);
	await openEvents(page, agent);

	await test.step("the agent's Exit command: closed by the agent, then back", async () => {
		await fetch(`${agent.url}/management/command/8`, { method: 'POST' });
		await expect(page.getByTestId('notification-status')).toContainText(
			'The agent closed the connection.'
		);
		await expect(page.getByTestId('gap').first()).toContainText('the agent closed the connection');
		// The agent's restart is made due at once (its control surface is down with it).
		agent.clock.advance(agent.options.restartSeconds * 1000);
		await expect(page.getByTestId('notification-status')).toHaveText('Live', { timeout: 20_000 });
	});

	await test.step('exports what is shown as JSON lines and CSV, gap markers included', async () => {
		// Both back after the agent's restart, so Clear leaves no open gap.
		await bothLive(page);
		await clear(page);
		await push(agent, 'notification', {
			Type: 2,
			Data: { Title: '=cmd|calc', Message: '<b>hi</b>' }
		});
		// Shown before the drop: frames reach the tab a moment after the agent sends them.
		await expect(row(page, '=cmd|calc')).toHaveCount(1);
		await control(agent, 'sockets', { action: 'drop' });
		// The drop seen first (a marker per channel), else "Live" may still be the status from before.
		await expect(page.getByTestId('gap')).toHaveCount(2);
		await expect(page.getByTestId('notification-status')).toHaveText('Live', { timeout: 15_000 });
		await expect(page.getByTestId('statechange-status')).toHaveText('Live', { timeout: 15_000 });
		await push(agent, 'statechange', { Path: '/after.bin', State: 0 });
		await expect(row(page, '/after.bin')).toHaveCount(1);

		const [jsonl] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('button', { name: 'JSON lines' }).click()
		]);
		expect(jsonl.suggestedFilename()).toMatch(/^agent-events-.*\.jsonl$/);
		const lines = (await readFile(await jsonl.path(), 'utf8'))
			.trim()
			.split('\n')
			.map((l) => JSON.parse(l) as { kind: string; summary: string; payload: unknown });
		expect(lines.map((l) => l.kind)).toEqual(['user-notification', 'gap', 'gap', 'state']);
		expect(lines[0]?.payload).toEqual({
			Type: 2,
			Data: { Title: '=cmd|calc', Message: '<b>hi</b>' }
		});
		expect(lines[1]?.summary).toMatch(/disconnected .* may be missing/);

		const [csv] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('button', { name: 'CSV' }).click()
		]);
		const text = await readFile(await csv.path(), 'utf8');
		const csvLines = text.trim().split('\r\n');
		expect(csvLines[0]).toBe('Time (UTC),Channel,Event,Summary,As sent');
		expect(csvLines).toHaveLength(5);
		expect(text).toContain("'=cmd|calc: <b>hi</b>");
	});

	await test.step('the sockets drop: reconnecting with a countdown, then live, and a gap marker', async () => {
		await clear(page);

		await control(agent, 'sockets', { action: 'drop', mode: 'refuse' });
		await expect(page.getByTestId('notification-status')).toHaveText(
			/Disconnected\. Reconnecting in \d+ s \(attempt \d+\)/
		);
		await expect(page.getByTestId('gap')).toHaveCount(2);
		await expect(page.getByTestId('gap').first()).toContainText('and still down');
		await control(agent, 'sockets', { mode: 'normal' });
		await retryNow(page);
		await expect(page.getByTestId('notification-status')).toHaveText('Live', { timeout: 15_000 });
		await expect(page.getByTestId('statechange-status')).toHaveText('Live', { timeout: 15_000 });
		for (const gap of await page.getByTestId('gap').all())
			await expect(gap).toHaveText(
				/channel disconnected [\d:.]+( [AP]M)? to [\d:.]+( [AP]M)? \(the connection was lost\): events in this window may be missing/
			);
	});

	await test.step('a change of agent address moves the sockets', async () => {
		const other = await startSimulator({
			port: 0,
			log: false,
			eventsPerSecond: 0,
			allowOrigins: [E2E_ORIGIN]
		});
		try {
			await expect.poll(() => agent.live.clientCount('notification')).toBe(1);
			// What Settings and a sign-in to the other agent leave behind: its address and its token.
			const token = await agentToken(other);
			await page.evaluate(
				({ key, url, tokenKey, token }) => {
					localStorage.setItem(key, url);
					sessionStorage.setItem(tokenKey, token);
				},
				{ key: AGENT_URL_KEY, url: other.url, tokenKey: tokenKey(other.url), token }
			);
			await page.goto('/events');
			await expect(page.getByTestId('notification-status')).toHaveText('Live');
			await expect.poll(() => other.live.clientCount('notification')).toBe(1);
			await expect.poll(() => agent.live.clientCount('notification')).toBe(0);
			// The frame goes out on statechange: that socket must be open too, or it is lost.
			await expect(page.getByTestId('statechange-status')).toHaveText('Live');
			await expect.poll(() => other.live.clientCount('statechange')).toBe(1);
			await push(other, 'statechange', { Path: '/from-the-other-agent.bin', State: 0 });
			await expect(row(page, '/from-the-other-agent.bin')).toHaveCount(1);
		} finally {
			await other.close();
		}
	});
});

test('transfers as bars and as a work list, and the first screen at 360 px', async ({
	page,
	agent
}) => {
	test.setTimeout(75_000);
	await openEvents(page, agent, '?view=transfers');

	await test.step('transfers: bars reach 100 %, a failed one shows as failed', async () => {
		await expect(page.getByTestId('transfers-empty')).toBeVisible();
		await push(agent, 'notification', progress('good', 'InProgress', 500));
		await push(agent, 'notification', progress('bad', 'InProgress', 300));
		const good = page.getByTestId('transfer').filter({ hasText: 'good.psd' });
		await expect(good.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
		await expect(good).toContainText('5 sec left');
		await push(agent, 'notification', progress('good', 'Completed', 1000));
		await push(
			agent,
			'notification',
			progress('bad', 'Failed', 600, { Error: 'The connection to the storage was reset.' })
		);
		await expect(good.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
		await expect(good.getByTestId('transfer-outcome')).toHaveText('Completed');
		const bad = page.getByTestId('transfer').filter({ hasText: 'bad.psd' });
		await expect(bad).toHaveAttribute('data-outcome', 'failed');
		await expect(bad.getByTestId('transfer-outcome')).toHaveText('Failed');
		await expect(bad.getByTestId('transfer-error')).toHaveText(
			'The connection to the storage was reset.'
		);
	});

	await test.step('transfers are a work list: active, then failed, then done, counted, with their times', async () => {
		await clear(page);
		await visit(page, '/events?view=transfers');
		await push(
			agent,
			'notification',
			progress('done', 'Completed', 1000, { StartTimeUtc: '2026-11-22T09:15:00Z' })
		);
		await push(agent, 'notification', progress('bad', 'Failed', 10, { Error: 'reset' }));
		await push(agent, 'notification', progress('busy', 'InProgress', 10));
		// The same name in two folders: each says its folder.
		await push(
			agent,
			'notification',
			progress('twin-a', 'InProgress', 10, { Name: 'cut.mov', Path: '/A/cut.mov' })
		);
		await push(
			agent,
			'notification',
			progress('twin-b', 'InProgress', 10, { Name: 'cut.mov', Path: '/B/cut.mov' })
		);
		await expect(page.getByTestId('transfer-counts')).toHaveText('3 active · 1 failed · 1 done');
		const outcomes = page.getByTestId('transfer-outcome');
		await expect(outcomes).toHaveText([
			'In progress',
			'In progress',
			'In progress',
			'Failed',
			'Completed'
		]);
		const done = page.getByTestId('transfer').filter({ hasText: 'done.psd' });
		await expect(done.getByTestId('transfer-times')).toContainText(
			/started \d\d:\d\d:\d\d( [AP]M)? · finished at \d\d:\d\d:\d\d/
		);
		await expect(page.getByTestId('transfer-folder')).toHaveText(['/B', '/A']);
		await expect(
			page.getByTestId('transfer').filter({ hasText: 'busy.psd' }).getByTestId('transfer-folder')
		).toHaveCount(0);
	});

	await test.step('at 360 px the first screen shows events, with the end of each summary', async () => {
		await visit(page, '/events');

		await page.setViewportSize({ width: 360, height: 780 });
		await push(
			agent,
			'notification',
			progress('a-rather-long-file-name-for-a-phone', 'Failed', 500, {
				Error: 'The connection to the storage was reset.'
			})
		);
		const first = rows(page).first();
		await expect(first).toBeVisible();
		const box = await first.boundingBox();
		expect(box!.y + box!.height).toBeLessThanOrEqual(780);
		// The summary wraps instead of cutting off how the transfer ended.
		const summary = first.getByTestId('summary');
		const fits = await summary.evaluate((el) => el.scrollWidth <= el.clientWidth);
		expect(fits).toBe(true);
		await expect(summary).toContainText('failed');
		// The filters fold away, and open on demand; the channels say they are live in one line.
		await expect(page.getByTestId('channels-line')).toContainText('Both channels live');
		await expect(page.getByLabel('Kind')).toHaveCount(0);
		await page.getByRole('button', { name: 'Filters and tools' }).click();
		await page.getByLabel('Kind').selectOption('progress');
		await expect(page).toHaveURL(/kind=progress/);
		await expect(page.getByRole('button', { name: 'Filters and tools' })).toContainText('1 on');
		await page.getByTestId('channels-line').getByRole('button', { name: 'Details' }).click();
		await expect(page.getByTestId('notification-status')).toHaveText('Live');
	});
});
