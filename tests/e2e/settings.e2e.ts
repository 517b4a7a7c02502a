import { E2E_ORIGIN } from '../../playwright.config.ts';
import { AGENT_URL_KEY, closedPort, control, expect, test } from './fixtures.ts';

// Signing out of the previous agent when the address changes: auth.e2e.ts (session end).
test.describe('settings', () => {
	// One signed-out settings page for every check: each step puts back what it changed.
	test('test connection explains every outcome, and a saved address is used everywhere', async ({
		page,
		agent
	}) => {
		test.setTimeout(150_000);
		const address = page.getByLabel('Address', { exact: true });
		const testConnection = page.getByRole('button', { name: 'Test connection' });
		const result = page.getByTestId('connection-result');

		await test.step('reports a reachable agent with its status in words', async () => {
			await control(agent, 'status', { status: 1 });
			await page.goto('/settings');
			await expect(address).toHaveValue(agent.url);
			await testConnection.click();
			await expect(result).toContainText(
				`Connected. The agent at ${agent.url} answers; its status is Started: running with a signed-in user.`
			);
			agent.reset();
		});

		await test.step('tells a CORS block apart and names this page origin', async () => {
			await control(agent, 'cors', { allowOrigins: ['http://some-other-console.test'] });
			await testConnection.click();
			await expect(result).toContainText("Blocked by the agent's CORS settings.");
			await expect(result).toContainText(`Add ${E2E_ORIGIN} to the agent's allowed origins`);
			await expect(page.getByTestId('page-origin')).toHaveText(E2E_ORIGIN);
			agent.reset();
		});

		await test.step('recognises a service that is not an agent', async () => {
			await control(agent, 'faults', {
				path: '/management/agent_status',
				body: 'html',
				count: 20
			});
			await testConnection.click();
			await expect(result).toContainText('Not an agent.');
			await expect(result).toContainText('The body is not JSON.');
			await control(agent, 'faults', undefined, 'DELETE');
			await control(agent, 'faults', { path: '/management/agent_status', status: 404, count: 20 });
			await testConnection.click();
			await expect(result).toContainText('It answered 404');
			await control(agent, 'faults', undefined, 'DELETE');
		});

		await test.step('reports an unreachable address', async () => {
			const port = await closedPort();
			await address.fill(`http://127.0.0.1:${port}`);
			await testConnection.click();
			await expect(result).toContainText(
				`Unreachable. Nothing answers at http://127.0.0.1:${port}.`
			);
		});

		await test.step('refuses an IPv6 literal, which the security policy cannot allow, and says what to use', async () => {
			await address.fill('http://[::1]:29123');
			await testConnection.click();
			await expect(page.getByText('Use http://localhost:29123 instead')).toBeVisible();
		});

		await test.step('refuses a host that is not loopback without sending anything there', async () => {
			const requests: string[] = [];
			page.on('request', (r) => requests.push(r.url()));
			await address.fill('http://agent.example.com:29123');
			await testConnection.click();
			await expect(page.getByText('agent.example.com is not this computer.')).toBeVisible();
			await address.fill('http://agent.example.com:29123');
			await page.getByRole('button', { name: 'Save' }).click();
			await expect(address).toHaveAttribute('aria-invalid', 'true');
			expect(requests.filter((u) => u.includes('example.com'))).toEqual([]);
			expect(await page.evaluate((k) => localStorage.getItem(k), AGENT_URL_KEY)).not.toContain(
				'example.com'
			);
		});

		await test.step('saves with Enter, is used everywhere and survives a reload', async () => {
			const port = await closedPort();
			await address.fill(`127.0.0.1:${port}/`);
			await address.press('Enter');
			await expect(result).toContainText(
				`Saved. The console now talks to http://127.0.0.1:${port}`
			);
			await expect(page.getByTestId('current-address')).toHaveText(`http://127.0.0.1:${port}`);
			await expect(page.getByTestId('agent-status')).toContainText('Unreachable');
			await page.reload();
			await expect(page.getByTestId('current-address')).toHaveText(`http://127.0.0.1:${port}`);
			await expect(page.locator('footer')).toContainText(`http://127.0.0.1:${port}`);
			// Back to the simulator.
			await address.fill(agent.url);
			await page.getByRole('button', { name: 'Save' }).click();
			await expect(page.getByTestId('agent-status')).toContainText('Running, nobody signed in');
		});

		// Last: the page's clock is fake from here on.
		await test.step('reports an agent that answers too slowly', async () => {
			await page.clock.install();
			await control(agent, 'faults', {
				path: '/management/agent_status',
				delayMs: 60_000,
				count: 3
			});
			const sent = page.waitForRequest((r) => r.url().includes('/management/agent_status'));
			await testConnection.click();
			await sent;
			// The test's own 5-second limit, skipped on the page's clock.
			await page.clock.fastForward(5_500);
			await expect(result).toContainText('No answer in time.');
		});
	});
});
