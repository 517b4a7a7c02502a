import type { Page } from '@playwright/test';
import type { Simulator } from '../../simulator/index.ts';
import { control, expect, signInWithToken, test, visit } from './fixtures.ts';

type AgentUser = {
	id: string;
	username: string;
	firstname: string;
	lastname: string;
	status: number;
};

/** What the agent itself answers for a query, to compare the page with. */
async function agentPage(sim: Simulator, token: string, query: Record<string, string | number>) {
	const params = new URLSearchParams({ token, ...query } as Record<string, string>);
	const res = await fetch(`${sim.url}/user/get_all_users?${params}`);
	return (await res.json()) as { data: AgentUser[]; total: number };
}

const rows = (page: Page) => page.locator('tbody tr');
const usernames = (page: Page) =>
	page
		.locator('tbody tr')
		.locator('td[data-label="Username and e-mail"], td[data-label="Username"]')
		.allTextContents();
const range = (page: Page) => page.getByTestId('users-range');

/** The users list, read afresh, for `search`. */
async function openUsers(page: Page, search = '') {
	// The list is read when the page is opened: from another page, as a link would.
	if (new URL(page.url()).pathname === '/users') await visit(page, '/profile');
	await visit(page, `/users${search}`);
	await expect(range(page)).toContainText('Showing');
}

test('users list: paged, searched, sorted, filtered and opened on the agent, in the URL', async ({
	page,
	agent,
	context
}) => {
	test.setTimeout(225_000);
	// The page's clock, for the search's pause while typing: installed before the console loads.
	await page.clock.install();
	const token = await signInWithToken(page, agent);
	await test.step('pages forward and back, with the range and the URL following', async () => {
		await openUsers(page);
		const total = (await agentPage(agent, token, { page: 1, pagesize: 25 })).total;
		await expect(range(page)).toHaveText(`Showing 1 to 25 of ${total}`);
		const first = await usernames(page);

		await page.getByRole('link', { name: 'Next page' }).click();
		await expect(page).toHaveURL(/[?&]page=2\b/);
		await expect(range(page)).toHaveText(`Showing 26 to 50 of ${total}`);
		const second = (await agentPage(agent, token, { page: 2, pagesize: 25 })).data;
		expect(await usernames(page)).toEqual(second.map((u) => u.username));

		await page.getByRole('link', { name: 'Next page' }).click();
		await expect(range(page)).toHaveText(`Showing 51 to 75 of ${total}`);
		await page.getByRole('link', { name: 'Previous page' }).click();
		await expect(range(page)).toHaveText(`Showing 26 to 50 of ${total}`);
		await page.goBack();
		await expect(range(page)).toHaveText(`Showing 51 to 75 of ${total}`);
		await page.getByRole('link', { name: 'First page' }).click();
		await expect(range(page)).toHaveText(`Showing 1 to 25 of ${total}`);
		expect(await usernames(page)).toEqual(first);

		await page.getByRole('link', { name: 'Last page' }).click();
		const last = Math.ceil(total / 25);
		await expect(range(page)).toHaveText(`Showing ${(last - 1) * 25 + 1} to ${total} of ${total}`);
		await expect(page.getByRole('link', { name: 'Next page' })).toHaveCount(0);

		// Typing a page number jumps there.
		await page.getByLabel('Page', { exact: true }).fill('3');
		await page.getByLabel('Page', { exact: true }).press('Enter');
		await expect(range(page)).toHaveText(`Showing 51 to 75 of ${total}`);
	});
	await test.step('search is debounced, goes back to page 1, and matches across the whole set', async () => {
		// The page's clock, held while typing: on a loaded machine the keys can come further apart
		// than the pause that sends the search (a fresh-clone run once sent "so" then "son").
		await openUsers(page, '?page=4');
		const expected = await agentPage(agent, token, { page: 1, pagesize: 25, username: 'son' });
		expect(expected.total).toBeGreaterThan(1);
		const requests: string[] = [];
		page.on('request', (r) => {
			if (r.url().includes('get_all_users'))
				requests.push(new URL(r.url()).searchParams.get('username') ?? '');
		});
		await page.clock.pauseAt(Date.now() + 1000);
		await page.getByLabel('Search by username').pressSequentially('son', { delay: 30 });
		// Not yet: the search goes once the typing has paused.
		await page.clock.runFor(250);
		expect(requests).toEqual([]);
		await page.clock.runFor(100);
		await page.clock.resume();
		await expect(page).toHaveURL(/[?&]q=son\b/);
		await expect(page).not.toHaveURL(/page=/);
		await expect(range(page)).toHaveText(
			`Showing 1 to ${Math.min(25, expected.total)} of ${expected.total}`
		);
		for (const name of await usernames(page)) expect(name.toLowerCase()).toContain('son');
		// One request for the pause after typing, not one per key.
		expect(requests).toEqual(['son']);
		await expect(page.getByTestId('users-total')).toContainText(`${expected.total} users match`);

		// Clearing the box shows everyone again; Back returns to the search.
		await page.getByLabel('Search by username').fill('');
		await expect(page).not.toHaveURL(/q=/);
		await page.goBack();
		await expect(page.getByLabel('Search by username')).toHaveValue('son');
		await expect(range(page)).toContainText(`of ${expected.total}`);
	});
	await test.step('a search that matches nobody says so and offers the way back', async () => {
		await openUsers(page);
		await page.getByLabel('Search by username').fill('no-such-person');
		await page.getByLabel('Search by username').press('Enter');
		await expect(page.getByTestId('users-empty')).toHaveText(/No users match “no-such-person”/);
		await page.getByRole('link', { name: 'Show all users' }).click();
		await expect(range(page)).toContainText('Showing 1 to 25');
		await expect(page.getByLabel('Search by username')).toHaveValue('');
	});
	await test.step('sorts by a column, both ways, on the agent', async () => {
		await openUsers(page);
		const header = page.getByRole('columnheader', { name: 'Username' });
		await header.getByRole('link').click();
		await expect(header).toHaveAttribute('aria-sort', 'ascending');
		await expect(page).toHaveURL(/sort=username/);
		const asc = await agentPage(agent, token, {
			page: 1,
			pagesize: 25,
			sortfield: 'Username',
			descending: 'false'
		});
		await expect.poll(() => usernames(page)).toEqual(asc.data.map((u) => u.username));

		await header.getByRole('link').click();
		await expect(header).toHaveAttribute('aria-sort', 'descending');
		const desc = await agentPage(agent, token, {
			page: 1,
			pagesize: 25,
			sortfield: 'Username',
			descending: 'true'
		});
		await expect.poll(() => usernames(page)).toEqual(desc.data.map((u) => u.username));
		await expect(page.getByRole('columnheader', { name: 'Created' })).not.toHaveAttribute(
			'aria-sort',
			/./
		);
	});
	await test.step('filters by status', async () => {
		await openUsers(page);
		const pending = await agentPage(agent, token, { page: 1, pagesize: 25, userStatus: 4 });
		await page.getByLabel('Status').selectOption({ label: 'Pending' });
		await expect(page).toHaveURL(/status=pending/);
		await expect(range(page)).toContainText(`of ${pending.total}`);
		const statuses = await page.locator('tbody tr td[data-label="Status"]').allTextContents();
		expect(statuses.length).toBeGreaterThan(0);
		for (const s of statuses) expect(s.trim()).toBe('Pending');
		await page.getByLabel('Status').selectOption({ label: 'All statuses' });
		await expect(page).not.toHaveURL(/status=/);
	});
	await test.step('refresh and Back keep the view; a deep link opens page 7 of a filtered search', async () => {
		// A deep link: the console loaded from it.
		await page.goto('/users?q=a&status=active&sort=email&order=asc&page=7&pageSize=10');
		const expected = await agentPage(agent, token, {
			page: 7,
			pagesize: 10,
			username: 'a',
			userStatus: 1,
			sortfield: 'Email',
			descending: 'false'
		});
		const check = async () => {
			await expect(range(page)).toHaveText(`Showing 61 to 70 of ${expected.total}`);
			await expect.poll(() => usernames(page)).toEqual(expected.data.map((u) => u.username));
			await expect(page.getByLabel('Search by username')).toHaveValue('a');
			await expect(page.getByLabel('Status')).toHaveValue('1');
			await expect(page.getByLabel('Rows per page')).toHaveValue('10');
			await expect(page.getByLabel('Page', { exact: true })).toHaveValue('7');
			await expect(page.getByRole('columnheader', { name: 'E-mail' })).toHaveAttribute(
				'aria-sort',
				'ascending'
			);
		};
		await check();
		await page.reload();
		await check();
		await page.getByRole('link', { name: 'Next page' }).click();
		await expect(range(page)).toHaveText(`Showing 71 to 80 of ${expected.total}`);
		await page.goBack();
		await check();
		await page.goForward();
		await expect(range(page)).toHaveText(`Showing 71 to 80 of ${expected.total}`);
	});
	await test.step('a page past the end offers the last page', async () => {
		await visit(page, '/users?page=999');
		await expect(page.getByTestId('users-empty')).toContainText('Page 999 is past the end');
		await page.getByRole('link', { name: 'Go to the last page' }).click();
		await expect(range(page)).toContainText('Showing');
	});
	await test.step('a row opens a panel with every field, including ones this version does not know', async () => {
		await openUsers(page, '?q=admin%40example.com');
		await page.getByRole('button', { name: 'Alex Admin' }).click();
		const panel = page.getByRole('dialog', { name: 'Alex Admin' });
		await expect(panel).toBeVisible();
		const field = (label: string) =>
			panel.locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd[1]');
		await expect(field('User type')).toHaveText('Account admin, Desktop admin');
		await expect(field('Account owner')).toHaveText('Yes');
		await expect(field('Signs in with')).toHaveText('Hosted user directory');
		await expect(panel.getByTestId('other-fields')).toContainText('department');
		await expect(panel.getByTestId('other-fields')).toContainText('IT');
		// Back closes the panel and stays on the list.
		await page.goBack();
		await expect(panel).toBeHidden();
		await expect(range(page)).toContainText('Showing 1 to 1 of 1');
		// A click anywhere on the row opens it too; Escape closes it.
		await rows(page).first().locator('td').nth(2).click();
		await expect(panel).toBeVisible();
		await page.keyboard.press('Escape');
		await expect(panel).toBeHidden();
		await expect(page).toHaveURL(/q=admin/);
	});
	await test.step('an opened user has a link that reopens it after a refresh and in another tab', async () => {
		await openUsers(page, '?q=admin%40example.com');
		await page.getByRole('button', { name: 'Alex Admin' }).click();
		const panel = page.getByRole('dialog', { name: 'Alex Admin' });
		await expect(panel).toBeVisible();
		await expect(page).toHaveURL(/[?&]user=/);
		const link = panel.getByRole('link', { name: 'Open this user in a new tab' });
		const href = await link.getAttribute('href');
		expect(href).toMatch(/q=admin%40example\.com&user=|user=.*q=admin/);
		await page.reload();
		await expect(page.getByRole('dialog', { name: 'Alex Admin' })).toBeVisible();
		const other = await context.newPage();
		await other.goto(href ?? '');
		await expect(other.getByRole('dialog', { name: 'Alex Admin' })).toBeVisible();
		// Closing it leaves the list's own address.
		await other.keyboard.press('Escape');
		await expect(other).toHaveURL(/\/users\?q=admin%40example\.com$/);
		await other.close();
	});
	await test.step('one column when usernames are e-mail addresses; no sideways scroll at 1024 px', async () => {
		await page.setViewportSize({ width: 1024, height: 800 });
		await openUsers(page);
		await expect(page.getByRole('columnheader', { name: 'Username and e-mail' })).toBeVisible();
		await expect(page.getByRole('columnheader', { name: 'E-mail', exact: true })).toHaveCount(0);
		const overflow = await page
			.locator('table')
			.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
		expect(overflow).toBeLessThanOrEqual(0);
		// A page where they differ shows both.
		await control(agent, 'faults', {
			path: '/user/get_all_users',
			status: 200,
			body: 'json',
			json: {
				total: 1,
				data: [
					{
						id: 'u1',
						firstname: 'Kim',
						lastname: 'Lee',
						username: 'kim',
						email: 'kim.lee@example.com',
						userType: 64,
						status: 1,
						owner: false,
						mfa: false,
						createDate: '2026-01-01T00:00:00Z'
					}
				]
			}
		});
		await page.reload();
		await expect(page.getByRole('columnheader', { name: 'E-mail', exact: true })).toBeVisible();
		await page.setViewportSize({ width: 1280, height: 720 });
	});
	await test.step('at 360 px addresses wrap after the @ and before dots, and a tap anywhere opens the user', async () => {
		await page.setViewportSize({ width: 360, height: 780 });
		await openUsers(page, '?q=niklaus');
		const cell = rows(page).first().locator('td[data-label="Username and e-mail"]');
		// One element holds the pieces: a flex item each would stand side by side (Firefox).
		await expect(cell.locator(':scope > span')).toHaveCount(1);
		const html = (await cell.locator(':scope > span').innerHTML()).replace(/<!--.*?-->/g, '');
		expect(html).toBe('niklaus<wbr>.matsumoto@<wbr>example<wbr>.com');
		await rows(page).first().locator('td[data-label="Status"]').click();
		await expect(page.getByRole('dialog')).toBeVisible();
		await page.setViewportSize({ width: 1280, height: 720 });
	});
	await test.step('a row the console cannot read is still shown, as the agent sent it', async () => {
		await control(agent, 'faults', {
			path: '/user/get_all_users',
			body: 'json',
			json: { data: [{ id: 7, username: null, note: '<b>bold</b>' }], total: 1 }
		});
		await openUsers(page);
		await page.getByRole('button', { name: /A row the console cannot read/ }).click();
		const panel = page.getByRole('dialog', { name: 'Unreadable row' });
		await expect(panel.getByTestId('other-fields')).toContainText('<b>bold</b>');
		await expect(panel.locator('b')).toHaveCount(0);
	});
	await test.step('an error from the agent mid-paging says what happened and recovers', async () => {
		await openUsers(page);
		await control(agent, 'faults', { path: '/user/get_all_users', status: 500, count: 1 });
		await page.getByRole('link', { name: 'Next page' }).click();
		await expect(page.getByRole('alert')).toContainText('unexpected error (500)');
		await expect(page).toHaveURL(/page=2/);
		// The range line and the pager speak of the same page: the one asked for.
		await expect(range(page)).toHaveText('Page 2 could not be loaded.');
		await expect(page.getByLabel('Page', { exact: true })).toHaveValue('2');
		await page.getByRole('button', { name: 'Try again' }).click();
		await expect(range(page)).toContainText('Showing 26 to 50');
		await expect(page.getByRole('alert')).toHaveCount(0);
	});
	await test.step('a slow answer is overtaken by a newer one and never shown', async () => {
		await openUsers(page);
		await control(agent, 'faults', { path: '/user/get_all_users', delayMs: 1500, count: 1 });
		const slow = page
			.waitForRequest((r) => r.url().includes('/user/get_all_users') && r.url().includes('page=2'))
			// The slow call ends one way or the other: answered late, or aborted by the console.
			.then((request) => request.response())
			.then((response) => response?.finished());
		await page.getByRole('link', { name: 'Next page' }).click();
		await expect(page).toHaveURL(/page=2/);
		// While page 2 is slow, the range line says so, in step with the pager.
		await expect(range(page)).toHaveText('Loading page 2…');
		await expect(page.getByLabel('Page', { exact: true })).toHaveValue('2');
		await page.getByRole('link', { name: 'Next page' }).click();
		await expect(range(page)).toContainText('Showing 51 to 75');
		const third = (await agentPage(agent, token, { page: 3, pagesize: 25 })).data;
		await slow;
		// Once the slow page 2 is over, and a frame later, page 3 is still what is shown.
		await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
		await expect(range(page)).toContainText('Showing 51 to 75');
		expect(await usernames(page)).toEqual(third.map((u) => u.username));
	});
	await test.step('remembers the page size in this browser, across reloads and plain links', async () => {
		await openUsers(page, '?page=3');
		await page.getByLabel('Rows per page').selectOption('10');
		// The first row on screen stays in view: row 51 is on page 6 of 10 rows.
		await expect(page).toHaveURL(/pageSize=10/);
		await expect(page).toHaveURL(/page=6\b/);
		await expect(range(page)).toContainText('Showing 51 to 60 of');
		await expect(rows(page)).toHaveCount(10);
		await page.reload();
		await expect(rows(page)).toHaveCount(10);
		await page.goto('/users');
		await expect(range(page)).toContainText('Showing 1 to 10 of');
		await expect(page.getByLabel('Rows per page')).toHaveValue('10');
	});
});
