import { readFile } from 'node:fs/promises';
import { control, expect, signInWithForm, tokenKey, test, visit } from './fixtures.ts';

/** Markup that would run if any of it were rendered as HTML. */
const HOSTILE_NAME = '<img src=x onerror="window.__xss=1">';
const HOSTILE_TEXT = '<script>window.__xss=2</script><b>bold</b>';
const HOSTILE_PATH = '/x/<img src=y onerror="window.__xss=3">.psd';

test('trust: the Content-Security-Policy, the token kept out of sight, and markup from the agent kept as text', async ({
	page,
	agent,
	context,
	cspViolations
}) => {
	test.setTimeout(150_000);
	const consoleText: string[] = [];
	const consoleUrls: string[] = [];
	context.on('console', (msg) => consoleText.push(msg.text()));
	page.on('framenavigated', (frame) => consoleUrls.push(frame.url()));
	page.on('request', (request) => {
		if (!request.url().startsWith(agent.url)) consoleUrls.push(request.url());
	});

	await test.step('the Content-Security-Policy blocks other hosts, and the suite would notice a violation', async () => {
		await page.goto('/login');
		await page.evaluate(() => fetch('http://192.0.2.1/steal').catch(() => undefined));
		await page.evaluate(() => {
			const script = document.createElement('script');
			script.id = 'blocked-inline';
			script.textContent = 'window.__inline = 1';
			document.body.append(script);
		});
		await expect.poll(() => cspViolations.length).toBe(2);
		expect(cspViolations.join('\n')).toMatch(/connect-src blocked http:\/\/192\.0\.2\.1/);
		expect(cspViolations.join('\n')).toMatch(/script-src-elem blocked inline/);
		expect(await page.evaluate(() => (window as { __inline?: number }).__inline)).toBeUndefined();
		// Expected here; every other step must end with none, and the page find no script of its
		// own text.
		cspViolations.length = 0;
		await page.evaluate(() => document.getElementById('blocked-inline')?.remove());
	});

	await test.step('the token never shows in the console URL, console messages, page text, exports or errors; sign-out and a 401 remove it', async () => {
		await signInWithForm(page, 'admin@example.com');
		await expect(page).toHaveURL(/\/$/);
		const token = await page.evaluate((key) => sessionStorage.getItem(key), tokenKey(agent.url));
		expect(token).toMatch(/^eyJ/);
		const secret = token!.split('.')[2]!;

		// A session through every page, an error with the body shown, and an export.
		for (const path of ['/', '/profile', '/users', '/events', '/settings']) {
			await visit(page, path);
			await expect(page.locator('h1')).toBeVisible();
			expect(await page.content()).not.toContain(secret);
		}
		await control(agent, 'faults', {
			path: '/user/get_all_users',
			status: 200,
			body: 'json',
			json: { echo: `/user/get_all_users?token=${token}` }
		});
		await visit(page, '/users');
		await page.getByRole('alert').getByText('Details').click();
		await expect(page.getByRole('alert')).toContainText('token=***');
		expect(await page.content()).not.toContain(secret);
		await visit(page, '/events');
		await expect(page.getByTestId('notification-status')).toHaveText('Live');
		// A frame pushed before its socket is connected is lost.
		await expect(page.getByTestId('statechange-status')).toHaveText('Live');
		await control(agent, 'push', {
			channel: 'notification',
			frame: { Type: 4, Data: { EndpointAddress: `/user/x?token=${token}`, HttpMethod: 'PUT' } }
		});
		await expect(page.getByTestId('timeline')).toContainText('token=***');
		const [download] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('button', { name: 'JSON lines' }).click()
		]);
		expect(await readFile(await download.path(), 'utf8')).not.toContain(secret);

		// Sign-out forgets it.
		await page.getByRole('button', { name: 'admin@example.com' }).click();
		await page.getByRole('button', { name: 'Sign out' }).click();
		await expect(page).toHaveURL(/\/login/);
		expect(
			await page.evaluate((key) => sessionStorage.getItem(key), tokenKey(agent.url))
		).toBeNull();

		// So does a 401.
		await signInWithForm(page, 'admin@example.com');
		await expect(page).toHaveURL(/\/events/);
		await control(agent, 'revoke', {});
		await page.goto('/users');
		await expect(page).toHaveURL(/\/login/);
		expect(
			await page.evaluate((key) => sessionStorage.getItem(key), tokenKey(agent.url))
		).toBeNull();

		for (const url of consoleUrls) expect(url).not.toContain(secret);
		for (const text of consoleText) expect(text).not.toContain(secret);

		await test.step('a token whose exp is past the range of dates leaves the user menu and sign-out working', async () => {
			// The agent accepts it (its exp is far in the future); the console cannot make a date of it.
			agent.tokens.ttlSeconds = 1e13;
			await signInWithForm(page, 'admin@example.com');
			await expect(page).toHaveURL(/\/users/);
			await visit(page, '/');
			await expect(page.getByText('Signed in as admin@example.com')).toBeVisible();
			await page.getByRole('button', { name: 'admin@example.com' }).click();
			await expect(page.locator('#user-menu')).toContainText(
				'The token does not say when it expires.'
			);
			await page.locator('#user-menu').getByRole('button', { name: 'Sign out' }).click();
			await expect(page).toHaveURL(/\/login/);
		});
	});

	await test.step('markup from the agent stays text everywhere it is shown and exported', async () => {
		await signInWithForm(page, 'admin@example.com');
		await expect(page).toHaveURL(/\/$/);
		await visit(page, '/profile');
		await page.getByLabel('First name').fill(HOSTILE_NAME);
		await page.getByRole('button', { name: 'Save changes' }).click();
		await expect(page.getByTestId('profile-details')).toContainText(HOSTILE_NAME);

		await visit(page, '/users?q=admin@example.com');
		await expect(page.locator('tbody')).toContainText(HOSTILE_NAME);
		await page.getByRole('button', { name: /img src=x/ }).click();
		await expect(page.getByRole('dialog')).toContainText(HOSTILE_NAME);
		// Closing goes Back in history (the panel is a history entry): let that land first.
		await page.keyboard.press('Escape');
		await expect(page.locator('dialog')).toHaveCount(0);

		await visit(page, '/events');
		await expect(page.getByTestId('notification-status')).toHaveText('Live');
		// A frame pushed before its socket is connected is lost.
		await expect(page.getByTestId('statechange-status')).toHaveText('Live');
		await control(agent, 'push', {
			channel: 'notification',
			frame: { Type: 2, Data: { Title: HOSTILE_TEXT, Message: HOSTILE_TEXT } }
		});
		await control(agent, 'push', {
			channel: 'statechange',
			frame: { Path: HOSTILE_PATH, State: 4 }
		});
		await control(agent, 'push', {
			channel: 'notification',
			frame: { Type: 1, Data: { TransferId: 'x', Name: HOSTILE_NAME, Status: 'InProgress' } }
		});
		await expect(page.getByTestId('timeline')).toContainText(HOSTILE_PATH);
		await page.getByTestId('summary').filter({ hasText: 'window.__xss=2' }).click();
		await expect(page.getByTestId('payload')).toContainText('<script>window.__xss=2</script>');
		const [download] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('button', { name: 'CSV' }).click()
		]);
		expect(await readFile(await download.path(), 'utf8')).toContain('window.__xss=3');
		const views = page.getByRole('navigation', { name: 'Views' });
		await views.getByRole('link', { name: 'Transfers' }).click();
		await expect(page.getByTestId('transfer')).toContainText(HOSTILE_NAME);
		await page.getByRole('link', { name: 'File states' }).click();
		await expect(page.getByTestId('file-states')).toContainText(HOSTILE_PATH);

		// Nothing ran, and no element came from the agent's text.
		expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
		expect(await page.locator('img[src="x"], img[src="y"], script:not([src])').count()).toBe(0);
	});
});
