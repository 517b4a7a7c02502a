import type { Page } from '@playwright/test';
import { KEPT, bothLive, expect, push, signInWithToken, stored, test, visit } from './fixtures.ts';

test.describe('one connection for every tab', () => {
	test('tabs share the sockets: a tab opened later, a tab closing, and the last one leaving', async ({
		page,
		agent,
		context
	}) => {
		test.setTimeout(75_000);

		const later =
			await test.step('a tab opened later sees the transfers already under way', async () => {
				await signInWithToken(page, agent);
				await page.goto('/events?view=transfers');
				await bothLive(page);
				await push(agent, 'notification', {
					Type: 1,
					Data: { TransferId: 'early', Status: 'InProgress', Name: 'early.bin', Bytes: 5, Size: 10 }
				});
				await expect(page.getByTestId('transfer-counts')).toHaveText(
					'1 active · 0 failed · 0 done'
				);
				const later = await context.newPage();
				await later.goto('/events?view=transfers');
				await bothLive(later);
				await expect(later.getByTestId('transfer-counts')).toHaveText(
					'1 active · 0 failed · 0 done'
				);
				await expect(later.getByText('early.bin')).toBeVisible();
				return later;
			});

		await test.step('a tab closing leaves the others listening on the same sockets', async () => {
			// Both tabs on the events page; then one goes.
			await visit(page, '/events');
			await bothLive(page);
			await visit(later, '/events');
			await bothLive(later);
			await later.close();
			await push(agent, 'statechange', { Path: '/after-close.psd', StorageName: 'S', State: 4 });
			await expect(page.getByTestId('timeline')).toContainText('/after-close.psd');
			await expect(page.getByTestId('statechange-status')).toHaveText('Live');
			expect(agent.live.clientCount('statechange')).toBe(1);
		});

		await test.step('two tabs share one socket per channel, and both show what arrives', async () => {
			const second = await context.newPage();
			await second.goto('/events');
			await bothLive(second);
			const third = await context.newPage();
			await third.goto('/');
			await expect(
				third.getByTestId('overview-channels').getByTestId('notification-status')
			).toHaveText('Live');
			expect(agent.live.clientCount('notification')).toBe(1);
			expect(agent.live.clientCount('statechange')).toBe(1);
			await expect(page.getByTestId('statechange-reader')).toHaveText(
				/^Read in a worker shared by all tabs/
			);
			await push(agent, 'statechange', { Path: '/shared.psd', StorageName: 'S', State: 4 });
			for (const p of [page, second])
				await expect(p.getByTestId('timeline')).toContainText('/shared.psd');
			// The last tab to leave closes the sockets.
			await third.close();
			await second.close();
			await page.close();
			await expect.poll(() => agent.live.clientCount('notification')).toBe(0);
		});
	});

	test('without SharedWorker each tab has a worker of its own; without any worker the page reads its frames', async ({
		page,
		agent,
		context
	}) => {
		test.setTimeout(60_000);
		await signInWithToken(page, agent);

		await test.step('without SharedWorker each tab reads its frames in a worker of its own', async () => {
			const withoutShared = async (p: Page) => {
				await p.addInitScript(() => {
					// @ts-expect-error -- a browser without SharedWorker
					delete window.SharedWorker;
				});
				await p.goto('/events');
				await bothLive(p);
			};
			await withoutShared(page);
			const second = await context.newPage();
			await withoutShared(second);
			expect(agent.live.clientCount('notification')).toBe(2);
			await push(agent, 'statechange', { Path: '/own.psd', StorageName: 'S', State: 4 });
			for (const p of [page, second]) {
				await expect(p.getByTestId('timeline')).toContainText('/own.psd');
				await expect(p.getByTestId('statechange-reader')).toHaveText(
					/^Read in this tab's own worker/
				);
			}
			await second.close();
			await page.close();
			await expect.poll(() => agent.live.clientCount('notification')).toBe(0);
		});

		await test.step('without any worker the page reads its frames itself', async () => {
			const bare = await context.newPage();
			await bare.addInitScript(() => {
				// @ts-expect-error -- a browser without workers
				delete window.SharedWorker;
				// @ts-expect-error -- a browser without workers
				delete window.Worker;
			});
			await bare.goto('/events');
			await bothLive(bare);
			await expect(bare.getByTestId('statechange-reader')).toHaveText('Read on the page');
			// What the tabs before kept is forgotten, so what this one keeps can be counted.
			await bare.getByRole('button', { name: 'Clear' }).click();
			await expect.poll(() => stored(bare, agent.url), KEPT).toBe(0);
			await push(agent, 'statechange', { Path: '/page.psd', StorageName: 'S', State: 4 });
			await expect(bare.getByTestId('timeline')).toContainText('/page.psd');
			// The tab keeps the timeline itself, and a reload shows it.
			await expect.poll(() => stored(bare, agent.url), KEPT).toBe(1);
			await bare.reload();
			await bothLive(bare);
			await expect(bare.getByTestId('timeline')).toContainText('/page.psd');
			await expect(bare.getByTestId('gap').filter({ hasText: 'nobody was listening' })).toHaveCount(
				2
			);
		});
	});
});
