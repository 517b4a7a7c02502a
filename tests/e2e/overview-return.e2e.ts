import type { Page } from '@playwright/test';
import { control, expect, signInWithToken, test } from './fixtures.ts';

const status = (page: Page) => page.getByTestId('agent-status').getByRole('status');

test.describe('the overview when the agent comes back', () => {
	test('an outage ends: every card reads again and keeps no error from before', async ({
		page,
		agent
	}) => {
		await page.clock.install();
		const reads: string[] = [];
		page.on('request', (r) => {
			const path = new URL(r.url()).pathname;
			if (/check_update|drive|backup/.test(path)) reads.push(path);
		});
		await signInWithToken(page, agent);
		await page.goto('/');
		await expect(status(page)).toHaveText('Running');
		await expect(page.getByTestId('overview-update')).toContainText('Version');
		await expect(page.getByTestId('drives-and-backups-summary')).toContainText('with errors');
		// Its channels too, which a busy machine opens a moment after the page.
		await expect(page.getByTestId('notification-status')).toHaveText('Live');

		// The agent goes away (a restart, a network change): nothing it serves answers, and its
		// channels drop, which has the console look at once.
		await page.route(`${agent.url}/**`, (route) => route.abort('connectionrefused'));
		await control(agent, 'sockets', { action: 'drop', mode: 'refuse' });
		await expect(status(page)).toHaveText('Unreachable');
		await page.clock.runFor(30_000);
		const before = reads.length;

		// Back: the update card, read only when the page opened, is read again, and so is the rest.
		await page.unroute(`${agent.url}/**`);
		await control(agent, 'sockets', { mode: 'normal' });
		// Time moves in small steps, so a check under way is not timed out by the jump.
		await expect
			.poll(async () => {
				await page.clock.runFor(1000);
				return status(page).textContent();
			})
			.toBe('Running');
		await expect
			.poll(() => reads.slice(before).filter((p) => p.endsWith('check_update')).length)
			.toBeGreaterThan(0);
		await expect(page.getByTestId('overview-update')).toContainText('Version');
		await expect(page.getByTestId('drives-and-backups-summary')).toContainText('with errors');
		await expect(page.getByText(/unreachable/i)).toHaveCount(0);
	});
});
