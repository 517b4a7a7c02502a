import { E2E_ORIGIN } from '../../playwright.config.ts';
import {
	AGENT_URL_KEY,
	closedPort,
	control,
	expect,
	signInWithToken,
	test,
	tokenKey
} from './fixtures.ts';

test.describe('settings: test connection', () => {
	test('reports a reachable agent with its status in words', async ({ page, agent }) => {
		await control(agent, 'status', { status: 1 });
		await page.goto('/settings');
		await expect(page.getByLabel('Address', { exact: true })).toHaveValue(agent.url);
		await page.getByRole('button', { name: 'Test connection' }).click();
		await expect(page.getByTestId('connection-result')).toContainText(
			`Connected. The agent at ${agent.url} answers; its status is Started: running with a signed-in user.`
		);
	});

	test('reports an unreachable address', async ({ page }) => {
		const port = await closedPort();
		await page.goto('/settings');
		await page.getByLabel('Address', { exact: true }).fill(`http://127.0.0.1:${port}`);
		await page.getByRole('button', { name: 'Test connection' }).click();
		await expect(page.getByTestId('connection-result')).toContainText(
			`Unreachable. Nothing answers at http://127.0.0.1:${port}.`
		);
	});

	test('tells a CORS block apart and names this page origin', async ({ page, agent }) => {
		await control(agent, 'cors', { allowOrigins: ['http://some-other-console.test'] });
		await page.goto('/settings');
		await page.getByRole('button', { name: 'Test connection' }).click();
		const result = page.getByTestId('connection-result');
		await expect(result).toContainText("Blocked by the agent's CORS settings.");
		await expect(result).toContainText(`Add ${E2E_ORIGIN} to the agent's allowed origins`);
		await expect(page.getByTestId('page-origin')).toHaveText(E2E_ORIGIN);
	});

	test('recognises a service that is not an agent', async ({ page, agent }) => {
		await control(agent, 'faults', { path: '/management/agent_status', body: 'html', count: 20 });
		await page.goto('/settings');
		await page.getByRole('button', { name: 'Test connection' }).click();
		await expect(page.getByTestId('connection-result')).toContainText('Not an agent.');
		await expect(page.getByTestId('connection-result')).toContainText('The body is not JSON.');
		await control(agent, 'faults', undefined, 'DELETE');
		await control(agent, 'faults', { path: '/management/agent_status', status: 404, count: 20 });
		await page.getByRole('button', { name: 'Test connection' }).click();
		await expect(page.getByTestId('connection-result')).toContainText('It answered 404');
	});

	test('reports an agent that answers too slowly', async ({ page, agent }) => {
		await page.clock.install();
		await page.goto('/settings');
		await control(agent, 'faults', { path: '/management/agent_status', delayMs: 60_000, count: 3 });
		const sent = page.waitForRequest((r) => r.url().includes('/management/agent_status'));
		await page.getByRole('button', { name: 'Test connection' }).click();
		await sent;
		// The test's own 5-second limit, skipped on the page's clock.
		await page.clock.fastForward(5_500);
		await expect(page.getByTestId('connection-result')).toContainText('No answer in time.');
	});

	test('refuses an IPv6 literal, which the security policy cannot allow, and says what to use', async ({
		page
	}) => {
		await page.goto('/settings');
		await page.getByLabel('Address', { exact: true }).fill('http://[::1]:29123');
		await page.getByRole('button', { name: 'Test connection' }).click();
		await expect(page.getByText('Use http://localhost:29123 instead')).toBeVisible();
	});

	test('refuses a host that is not loopback without sending anything there', async ({ page }) => {
		const requests: string[] = [];
		page.on('request', (r) => requests.push(r.url()));
		await page.goto('/settings');
		await page.getByLabel('Address', { exact: true }).fill('http://agent.example.com:29123');
		await page.getByRole('button', { name: 'Test connection' }).click();
		await expect(page.getByText('agent.example.com is not this computer.')).toBeVisible();
		await page.getByLabel('Address', { exact: true }).fill('http://agent.example.com:29123');
		await page.getByRole('button', { name: 'Save' }).click();
		await expect(page.getByLabel('Address', { exact: true })).toHaveAttribute(
			'aria-invalid',
			'true'
		);
		expect(requests.filter((u) => u.includes('example.com'))).toEqual([]);
		expect(await page.evaluate((k) => localStorage.getItem(k), AGENT_URL_KEY)).not.toContain(
			'example.com'
		);
	});
});

test.describe('settings: saving the address', () => {
	test('saves with Enter, is used everywhere and survives a reload', async ({ page, agent }) => {
		const port = await closedPort();
		await page.goto('/settings');
		await page.getByLabel('Address', { exact: true }).fill(`127.0.0.1:${port}/`);
		await page.getByLabel('Address', { exact: true }).press('Enter');
		await expect(page.getByTestId('connection-result')).toContainText(
			`Saved. The console now talks to http://127.0.0.1:${port}`
		);
		await expect(page.getByTestId('current-address')).toHaveText(`http://127.0.0.1:${port}`);
		await expect(page.getByTestId('agent-status')).toContainText('Unreachable');
		await page.reload();
		await expect(page.getByTestId('current-address')).toHaveText(`http://127.0.0.1:${port}`);
		await expect(page.locator('footer')).toContainText(`http://127.0.0.1:${port}`);
		// Back to the simulator.
		await page.getByLabel('Address', { exact: true }).fill(agent.url);
		await page.getByRole('button', { name: 'Save' }).click();
		await expect(page.getByTestId('agent-status')).toContainText('Running, nobody signed in');
	});

	test('changing the address signs out of the previous agent', async ({ page, agent }) => {
		const token = await signInWithToken(page, agent);
		const port = await closedPort();
		await page.goto('/settings');
		await expect(page.getByRole('button', { name: 'admin@example.com' })).toBeVisible();
		await page.getByLabel('Address', { exact: true }).fill(`http://127.0.0.1:${port}`);
		await expect(
			page.getByText('Saving another address signs you out of the current agent.')
		).toBeVisible();
		await page.getByRole('button', { name: 'Save' }).click();
		await expect(page.getByTestId('connection-result')).toContainText(
			'you were signed out of the previous agent'
		);
		await expect(page.getByRole('button', { name: 'admin@example.com' })).toHaveCount(0);
		expect(await page.evaluate((k) => sessionStorage.getItem(k), tokenKey(agent.url))).toBeNull();
		expect((await fetch(`${agent.url}/authentication/user?token=${token}`)).status).toBe(401);
	});
});
