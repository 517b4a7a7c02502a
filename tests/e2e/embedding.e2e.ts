import { E2E_ORIGIN } from '../../playwright.config.ts';
import { developmentIdentityProvider, DEFAULT_OPTIONS } from '../../simulator/index.ts';
import type { FrameLocator, Page } from '@playwright/test';
import type { Simulator } from '../../simulator/index.ts';
import { framedConsole, portalOn } from '../portal.ts';
import { control, expect, test } from './fixtures.ts';

type PortalOptions = {
	/** The agent the framed console talks to; its CORS is opened to the console's site when given. */
	agent?: Simulator;
	/** Without `agent`: the agent address the console's config names. */
	agentUrl?: string;
	/** The console's page the portal frames. */
	path: string;
	/** localhost: another origin of the same site; 127.0.0.1: another site. */
	host?: 'localhost' | '127.0.0.1';
	/** Whether the console's config lets the portal frame it. */
	allowed?: boolean;
	overrides?: Record<string, unknown>;
};

/** Opens the portal framing the console, runs the steps, and closes both servers. */
async function inPortal(
	page: Page,
	{ agent, agentUrl, path, host = 'localhost', allowed = true, overrides = {} }: PortalOptions,
	steps: (frame: FrameLocator) => Promise<void>
) {
	const { site, port } = await framedConsole(
		agentUrl ?? agent?.url ?? E2E_ORIGIN,
		(p) => (allowed ? [`http://${host}:${p}`] : []),
		overrides
	);
	const portal = await portalOn(String(port), host, `${site.url}${path}`);
	try {
		if (agent) await control(agent, 'cors', { allowOrigins: [E2E_ORIGIN, site.url] });
		await page.goto(portal.url);
		await steps(page.frameLocator('iframe[title="Agent console"]'));
	} finally {
		portal.server.close();
		site.server.close();
	}
}

test.describe('embedded in a portal', () => {
	// The console's service worker, where the frame's browser allows it, must break nothing.
	test.use({ serviceWorkers: 'allow' });

	test('works inside the frame, and offers a tab of its own', async ({ page, agent }) => {
		await inPortal(page, { agent, path: '/login' }, async (frame) => {
			await expect(frame.getByTestId('framed-notice')).toContainText(
				'The console is open inside another page'
			);
			await expect(
				frame.getByRole('link', { name: 'Open the console in a new tab' })
			).toHaveAttribute('target', '_blank');
			await frame.getByLabel('Username').fill('admin@example.com');
			await frame.getByLabel('Password', { exact: true }).fill('Passw0rd!');
			await frame.getByLabel('Password', { exact: true }).press('Enter');
			await expect(frame.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
			// The overview's alert toggle cannot work in a frame: it says why instead.
			await expect(frame.getByTestId('problems-notify-framed')).toContainText(
				'not available inside another page'
			);
			await expect(frame.getByText('Alert me with a browser notification')).toHaveCount(0);
		});
	});

	test('the framed notice, once dismissed, stays dismissed after a reload', async ({
		page,
		agent
	}) => {
		await inPortal(page, { agent, path: '/login' }, async (frame) => {
			const notice = frame.getByTestId('framed-notice');
			await expect(notice).toBeVisible();
			await notice.getByRole('button', { name: 'Dismiss this notice' }).click();
			await expect(notice).toBeHidden();
			await page.reload();
			await expect(frame.getByLabel('Username')).toBeVisible();
			await expect(notice).toBeHidden();
		});
	});

	test('settings say browser notifications are unavailable inside the frame', async ({
		page,
		agent
	}) => {
		await page.goto('/settings');
		await expect(page.getByRole('heading', { name: "This console's origin" })).toBeVisible();
		await expect(page.getByTestId('notify-unavailable')).toHaveCount(0);
		await inPortal(page, { agentUrl: agent.url, path: '/settings' }, async (frame) => {
			await expect(frame.getByTestId('notify-unavailable')).toContainText(
				'inside another page, where browsers allow no notifications'
			);
		});
	});

	test('where the browser blocks storage in the frame, it says so instead of looping', async ({
		page,
		agent
	}) => {
		await inPortal(page, { agent, path: '/users', host: '127.0.0.1' }, async (frame) => {
			await expect(frame.getByRole('alert').first()).toContainText(
				'does not let the console keep anything inside this page'
			);
			await expect(frame.getByLabel('Username')).toBeVisible();
			await frame.getByLabel('Username').fill('admin@example.com');
			await frame.getByLabel('Password', { exact: true }).fill('Passw0rd!');
			await frame.getByLabel('Password', { exact: true }).press('Enter');
			await expect(
				frame.getByText(/does not let the console keep your sign-in here/)
			).toBeVisible();
			await expect(frame.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
			// Nor does it keep a copy of the console here: Settings says what that costs.
			await frame
				.getByRole('navigation', { name: 'Main' })
				.getByRole('link', { name: 'Settings' })
				.click();
			await expect(frame.getByTestId('kept-copy-unavailable')).toHaveText(
				'This browser keeps no copy of the console here, so the console cannot open while its server is down.'
			);
		});
	});

	test('signs in through the provider’s pop-up, which hands its answer back to the frame', async ({
		page,
		agent
	}) => {
		await inPortal(
			page,
			{
				agent,
				agentUrl: agent.url,
				path: '/login',
				overrides: { identityProvider: developmentIdentityProvider(DEFAULT_OPTIONS) }
			},
			async (frame) => {
				const popupOpened = page.waitForEvent('popup');
				await frame.getByRole('button', { name: 'Continue with Google' }).click();
				const popup = await popupOpened;
				await popup.getByRole('button', { name: 'Continue' }).click();
				await popup.waitForEvent('close');
				await expect(frame.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
				await expect(frame.getByTestId('overview-session')).toContainText(
					'google.user@example.com'
				);
				// The portal still shows its own page: the sign-in happened in the frame.
				await expect(page.getByRole('heading', { name: 'Portal' })).toBeVisible();
			}
		);
	});

	test('a pop-up whose console window is gone says so instead of signing in itself', async ({
		page
	}) => {
		await page.clock.install();
		await page.goto('/login/provider#id_token=x.y.z&state=popup.nobody-waits');
		// HANDOFF_WAIT_MS in src/lib/api/provider.ts (which needs Svelte's compiler to import).
		await page.clock.runFor(3000);
		await expect(page.getByRole('alert')).toContainText(
			'The console window that started this sign-in did not take the answer'
		);
		expect(page.url()).not.toContain('id_token');
	});

	test('a portal that is not in frameAncestors cannot frame it', async ({ page }) => {
		await inPortal(page, { agentUrl: E2E_ORIGIN, path: '/login', allowed: false }, async () => {
			await expect(page.getByRole('heading', { name: 'Portal' })).toBeVisible();
			const frame = page.frames().find((f) => f !== page.mainFrame());
			await expect.poll(() => frame?.url()).toMatch(/^chrome-error:/);
		});
	});

	test.describe('in a browser that prefers Japanese', () => {
		test.use({ locale: 'ja-JP' });

		test('the framed console speaks Japanese, and a choice in the frame applies there', async ({
			page,
			agent
		}) => {
			await inPortal(page, { agent, path: '/login' }, async (frame) => {
				await expect(frame.getByRole('heading', { level: 1 })).toHaveText('サインイン');
				await expect(frame.locator('html')).toHaveAttribute('lang', 'ja');
				await frame.getByLabel('ユーザー名').fill('admin@example.com');
				await frame.getByRole('link', { name: '設定' }).first().click();
				await frame.locator('#language').selectOption('de');
				await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
				await expect(frame.locator('html')).toHaveAttribute('lang', 'de');
			});
		});
	});
});
