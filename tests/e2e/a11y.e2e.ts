import type { Locator, Page } from '@playwright/test';
import type { Simulator } from '../../simulator/index.ts';
import { violationsOf } from './axe.ts';
import { control, expect, signInWithForm, signInWithToken, test } from './fixtures.ts';
import { screenTests, show } from './routes.ts';

/**
 * An axe scan of every page and dialog, light and dark. Any violation fails, listed with the
 * rule, the elements and what axe says to fix. Only colours change with the scheme, so the dark
 * pass runs the contrast rule alone. axe-core runs in the page itself, put there once per page:
 * the pages have no frames, and `@axe-core/playwright` put it there again for every scan and
 * opened a second page to finish each one, which was two thirds of this file's time.
 */
async function scan(page: Page, label: string, only?: string[], within?: string) {
	const violations = await violationsOf(page, only, within);
	const report = violations.map(
		(v) =>
			`${label}: ${v.id} (${v.impact}): ${v.help}\n${v.nodes
				.slice(0, 5)
				.map(
					(n) => `   ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 3).join(' ')}`
				)
				.join('\n')}`
	);
	expect.soft(report, `accessibility violations on ${label}`).toEqual([]);
}

type Screen = {
	name: string;
	open: (page: Page, agent: Simulator) => Promise<unknown>;
	/** Changes the agent or what the console holds: ends a walk (`screenTests` in routes.ts). */
	changes?: true;
};

const SIGNED_OUT: Screen[] = [
	{ name: 'sign in', open: (p) => show(p, '/login') },
	{
		name: 'sign in with an error',
		open: async (p) => {
			await show(p, '/login');
			await signInWithForm(p, 'admin@example.com', 'Desktop admin', 'wrong');
			await expect(p.getByText(/wrong/).first()).toBeVisible();
		}
	},
	{
		name: 'verification code',
		open: async (p) => {
			await show(p, '/login');
			await signInWithForm(p, 'mfa@example.com');
			await expect(p.getByText('Enter your verification code')).toBeVisible();
		}
	},
	{ name: 'sign up', open: (p) => show(p, '/signup') },
	{ name: 'activation', open: (p) => show(p, '/signup/confirm') },
	{ name: 'forgot password', open: (p) => show(p, '/forgot-password') },
	{ name: 'settings', open: (p) => show(p, '/settings') }
];

const SIGNED_IN: Screen[] = [
	{ name: 'overview', open: (p) => show(p, '/') },
	{ name: 'drives', open: (p) => show(p, '/drives') },
	{
		name: 'drive page',
		open: async (p) => {
			await show(p, '/drives/6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f?state=4&pageSize=25');
			await expect(p.getByTestId('files-table')).toBeVisible();
			await expect(p.getByTestId('activity-table')).toBeVisible();
			await expect(p.getByTestId('trend-transfers').locator('canvas').first()).toBeVisible();
		}
	},
	{
		name: 'backup page',
		open: async (p) => {
			await show(p, '/backups/2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e?pageSize=25');
			await expect(p.getByTestId('files-table')).toBeVisible();
		}
	},
	{
		name: 'history',
		open: async (p) => {
			await show(p, '/history?status=error');
			await expect(p.getByTestId('history-table')).toBeVisible();
		}
	},
	{
		name: 'history panel',
		open: async (p) => {
			await show(p, '/history');
			await p.getByTestId('history-table').locator('tbody tr').first().getByRole('button').click();
			await expect(p.getByTestId('history-panel')).toBeVisible();
		}
	},
	{
		name: 'command confirmation',
		open: async (p) => {
			await show(p, '/');
			await p.getByTestId('agent-actions').getByRole('button', { name: 'Pause' }).click();
			await expect(p.getByTestId('confirm-dialog')).toBeVisible();
		}
	},
	{
		name: 'status menu',
		open: async (p) => {
			await show(p, '/');
			await p.getByTestId('agent-status').click();
			await expect(p.locator('#agent-menu')).toBeVisible();
		}
	},
	{
		name: 'invite dialog',
		open: async (p) => {
			await show(p, '/users');
			await p.getByRole('button', { name: 'Invite a user' }).click();
			await expect(p.getByTestId('invite-dialog')).toBeVisible();
		}
	},
	{
		name: 'user panel with actions and delete confirmation',
		open: async (p) => {
			await show(p, '/users?q=creative');
			await p.getByRole('button', { name: 'Casey Creative' }).click();
			await p.getByRole('button', { name: 'Delete this user…' }).click();
			await expect(p.getByLabel(/to confirm/)).toBeVisible();
		}
	},
	{
		name: 'bulk actions',
		open: async (p) => {
			await show(p, '/users');
			await p.getByLabel('Select every row on this page').check();
			await p.getByRole('button', { name: /^Delete \d+…$/ }).click();
			await expect(p.getByTestId('bulk')).toContainText('to confirm');
		}
	},
	{
		name: 'MFA enrolment',
		open: async (p) => {
			await show(p, '/profile');
			await p.getByTestId('mfa').getByRole('button', { name: 'Turn on' }).click();
			await expect(p.getByTestId('mfa-qr')).toBeVisible();
		}
	},
	{
		name: 'plan confirmation',
		open: async (p) => {
			await show(p, '/profile');
			await p
				.getByTestId('plan')
				.getByRole('button', { name: /Switch to/ })
				.click();
			await expect(p.getByTestId('confirm-dialog')).toBeVisible();
		}
	},
	{
		name: 'user menu',
		open: async (p) => {
			await show(p, '/');
			await p.getByRole('button', { name: 'admin@example.com' }).click();
		}
	},
	{ name: 'profile', open: (p) => show(p, '/profile') },
	{
		name: 'users',
		open: async (p) => {
			await show(p, '/users');
			await expect(p.getByTestId('users-range')).toBeVisible();
		}
	},
	{
		name: 'user panel',
		open: async (p) => {
			await show(p, '/users?q=admin@example.com');
			await p.getByRole('button', { name: 'Alex Admin' }).click();
			await expect(p.getByRole('dialog')).toBeVisible();
		}
	},
	{
		name: 'users error',
		changes: true,
		open: async (p, agent) => {
			await control(agent, 'faults', { path: '/user/get_all_users', status: 500, count: 3 });
			await show(p, '/users');
			await expect(p.getByRole('alert')).toBeVisible();
		}
	},
	{
		name: 'events',
		changes: true,
		open: async (p, agent) => {
			await show(p, '/events');
			await expect(p.getByTestId('notification-status')).toHaveText('Live');
			await control(agent, 'push', {
				channel: 'notification',
				frame: { Type: 1, Data: { TransferId: 't', Name: 'a.psd', Status: 'Failed', Error: 'x' } }
			});
			// The event opens in the detail pane, and the list holds still meanwhile.
			await p.getByTestId('summary').first().click();
			await expect(p.getByTestId('event-detail')).toBeVisible();
			await expect(p.getByTestId('paused')).toBeVisible();
		}
	},
	{
		name: 'events at 360 px, tools open',
		open: async (p) => {
			await show(p, '/events');
			await expect(p.getByTestId('notification-status')).toHaveText('Live');
			await p.setViewportSize({ width: 360, height: 780 });
			await p.getByRole('button', { name: 'Filters and tools' }).click();
			await expect(p.getByLabel('Regular expression')).toBeVisible();
		}
	},
	{
		name: 'add a drive, errors and the folder picker',
		open: async (p) => {
			await show(p, '/drives/new');
			await p.getByLabel('Synced folder').check();
			await p.getByRole('button', { name: 'Browse' }).click();
			await p.getByRole('button', { name: 'Documents' }).click();
			await p.getByRole('button', { name: 'Add the drive' }).click();
			await expect(p.getByLabel('Name')).toHaveAccessibleDescription(/Enter a name/);
		}
	},
	{
		name: 'add a backup, confirmation',
		open: async (p) => {
			await show(p, '/backups/new');
			await p.getByLabel('Name').fill('Campaigns');
			await p.getByLabel('Folder to back up').fill('D:\\Projects');
			await p.getByLabel('Cloud account', { exact: true }).selectOption('acc-aws-1');
			await p.getByLabel('Bucket').fill('campaigns');
			await p.getByRole('button', { name: 'Add the backup' }).click();
			await expect(p.getByTestId('confirm-dialog')).toBeVisible();
		}
	},
	{
		name: 'change a drive, locked fields and a change made elsewhere',
		changes: true,
		open: async (p, agent) => {
			await show(p, '/drives/6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f/edit');
			await p.getByLabel('Name').fill('Team Drive (studio)');
			await control(agent, 'drives/6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f', { permissionType: 1 });
			await p.getByRole('button', { name: 'Save changes' }).click();
			await p.getByTestId('confirm-dialog').getByRole('button', { name: 'Save changes' }).click();
			await expect(p.getByTestId('changed-elsewhere')).toBeVisible();
		}
	},
	{
		name: 'network shares, a mount retried that failed, and what to check',
		changes: true,
		open: async (p, agent) => {
			await show(p, '/shares');
			// The mount's outcome comes on the notification channel: wait until the page listens.
			await expect.poll(() => agent.live.clientCount('notification')).toBeGreaterThan(0);
			const scans = p.getByTestId('share-card').filter({ hasText: 'Old scans' });
			await scans.getByRole('button', { name: 'Try to mount again' }).click();
			await p
				.getByTestId('confirm-dialog')
				.getByRole('button', { name: 'Try to mount again' })
				.click();
			await expect(scans.getByTestId('mount-likely')).toBeVisible();
			await scans.getByText('Other things to check').click();
			await expect(scans.getByTestId('mount-checks')).toBeVisible();
		}
	},
	{
		name: 'network shares, none',
		changes: true,
		open: async (p, agent) => {
			await control(agent, 'shares', { empty: true });
			await show(p, '/shares');
			await expect(p.getByTestId('shares-empty')).toBeVisible();
		}
	},
	{
		name: 'add a share, errors',
		open: async (p) => {
			await show(p, '/shares/new');
			await p.getByRole('button', { name: 'Add the share' }).click();
			await expect(p.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(
				/Enter a name/
			);
		}
	},
	{
		name: 'add a share, confirmation',
		open: async (p) => {
			await show(p, '/shares/new?kind=nfs');
			await p.getByLabel('Name', { exact: true }).fill('Media');
			await p.getByLabel(/^Share/).fill('nas.invalid:/media');
			await p.getByLabel('Mount folder').fill('/mnt/media');
			await p.getByRole('button', { name: 'Add the share' }).click();
			await expect(p.getByTestId('confirm-dialog')).toBeVisible();
		}
	},
	{
		name: 'add a share that does not mount, the outcome',
		changes: true,
		open: async (p) => {
			await show(p, '/shares/new?kind=nfs');
			await p.getByLabel('Name', { exact: true }).fill('Media');
			await p.getByLabel(/^Share/).fill('nas.invalid:/media');
			await p.getByLabel('Mount folder').fill('/mnt/media');
			await p.getByRole('button', { name: 'Add the share' }).click();
			await p.getByTestId('confirm-dialog').getByRole('button', { name: 'Add the share' }).click();
			await expect(p.getByTestId('share-result').getByTestId('mount-checks')).toBeVisible();
		}
	},
	{
		name: 'change a share that is not mounted',
		open: async (p) => {
			await show(p, '/shares/smb/a7b8c9d0-e1f2-4a3b-9c4d-5e6f7a8b9c0d');
			await expect(p.getByTestId('share-now')).toContainText('Not mounted');
			await p.getByLabel('With an account on the server').check();
			await expect(p.getByLabel('Password', { exact: true })).toBeVisible();
		}
	},
	{
		name: 'remove a share, confirmation',
		open: async (p) => {
			await show(p, '/shares');
			await p
				.getByTestId('share-card')
				.filter({ hasText: 'Studio media' })
				.getByRole('button', { name: 'Remove…' })
				.click();
			await expect(p.getByTestId('confirm-dialog')).toBeVisible();
		}
	},
	{
		name: 'transfers now, a panel that cannot cancel',
		open: async (p) => {
			await show(p, '/transfers');
			await p.getByRole('button', { name: 'Stills', exact: true }).click();
			await expect(p.getByTestId('cancel-block')).toBeVisible();
		}
	},
	{
		name: 'transfers now, cancel confirmation',
		open: async (p) => {
			await show(p, '/transfers');
			await p.getByRole('button', { name: 'Cancel Footage…' }).click();
			await expect(p.getByTestId('confirm-dialog')).toBeVisible();
		}
	},
	{
		name: 'transfers now, empty',
		changes: true,
		open: async (p, agent) => {
			await control(agent, 'transfers', { empty: true });
			await show(p, '/transfers');
			await expect(p.getByTestId('transfers-empty')).toBeVisible();
		}
	},
	{
		name: 'start a transfer, errors and another account',
		open: async (p) => {
			await show(p, '/transfers/new');
			await p
				.getByLabel('Account to copy to')
				.selectOption({ label: 'Another account: enter its id' });
			await p.getByRole('button', { name: 'Start the copy…' }).click();
			await expect(p.getByLabel('Bucket to copy from')).toHaveAccessibleDescription(
				/Enter the bucket/
			);
		}
	},
	{
		name: 'start a transfer, confirmation',
		open: async (p) => {
			await show(p, '/transfers/new');
			await p.getByLabel('Account to copy from').selectOption('acc-aws-1');
			await p.getByLabel('Bucket to copy from').fill('studio-projects');
			await p.getByLabel('Path to copy', { exact: true }).fill('team/');
			await p.getByLabel('Account to copy to').selectOption('acc-wasabi-1');
			await p.getByLabel('Bucket to copy to').fill('studio-archive');
			await p.getByLabel('Path to copy into').fill('archive/');
			await p.getByRole('button', { name: 'Start the copy…' }).click();
			await expect(p.getByTestId('confirm-dialog')).toBeVisible();
		}
	},
	{
		name: 'a drive’s files, an item’s actions',
		open: async (p) => {
			await show(p, '/drives/6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f/files?path=Docs%2FContracts');
			await p
				.getByRole('button', { name: /^Actions for / })
				.first()
				.click();
			await expect(p.getByTestId('item-menu')).toBeVisible();
		}
	},
	{ name: 'transfers', open: (p) => show(p, '/events?view=transfers') },
	{ name: 'file states', open: (p) => show(p, '/events?view=files') },
	{ name: 'not found', open: (p) => show(p, '/no-such-page') }
];

/**
 * A screen opens once and is scanned in light, then in dark. Screens are shown in walks that load
 * the console once and follow a link to each (a fresh load of each was most of their cost); a
 * screen that resizes the window gives the next one its size back.
 */
async function scanScreen(page: Page, agent: Simulator, screen: Screen) {
	const size = page.viewportSize();
	await page.emulateMedia({ colorScheme: 'light' });
	await screen.open(page, agent);
	await expect(page.locator('h1').first()).toBeVisible();
	await scan(page, `${screen.name} (light)`);
	await page.emulateMedia({ colorScheme: 'dark' });
	await scan(page, `${screen.name} (dark)`, ['color-contrast']);
	if (size && page.viewportSize()?.width !== size.width) await page.setViewportSize(size);
}

for (const [signedIn, screens] of [
	[false, SIGNED_OUT],
	[true, SIGNED_IN]
] as const) {
	test.describe(`no accessibility violations, signed ${signedIn ? 'in' : 'out'}`, () => {
		const start = async (page: Page, agent: Simulator) => {
			if (!signedIn) return;
			await control(agent, 'status', { status: 1 });
			await signInWithToken(page, agent);
		};
		screenTests(screens, start, scanScreen);
	});
}

/**
 * A hovered filled button keeps its text readable: the scans above never hover. First, a planted
 * pair of 16 px buttons proves the scans check WCAG 2.2's target size.
 */
test('hovered primary and danger buttons keep their contrast, light and dark', async ({
	page,
	agent
}) => {
	await control(agent, 'status', { status: 1 });
	await signInWithToken(page, agent);
	await page.goto('/drives/6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f');
	await expect(page.getByTestId('health-counts')).toBeVisible();
	// The scans hold WCAG 2.2's target size: two 16 px buttons side by side fail them.
	await page
		.locator('h1')
		.first()
		.evaluate((h1) => {
			const pair = document.createElement('div');
			pair.dataset.planted = '';
			pair.style.display = 'flex';
			for (const name of ['planted one', 'planted two']) {
				const button = document.createElement('button');
				button.setAttribute('aria-label', name);
				button.style.cssText = 'width:16px;height:16px;padding:0;border:0';
				pair.append(button);
			}
			h1.after(pair);
		});
	const planted = await violationsOf(page, undefined, '[data-planted]');
	expect(planted.find((v) => v.id === 'target-size')?.nodes).toHaveLength(2);
	await page.locator('[data-planted]').evaluate((pair) => pair.remove());
	const hovered = async (kind: string, button: Locator) => {
		await expect(button).toHaveClass(new RegExp(`btn-${kind}`));
		await expect(button).toBeEnabled();
		await button.hover();
		// Hovered for real, or the scan below proves nothing.
		await expect.poll(() => button.evaluate((b) => b.matches(':hover'))).toBe(true);
		// The button alone: the page around it is scanned at rest by the walks.
		await button.evaluate((b) => b.setAttribute('data-hovered', ''));
		for (const scheme of ['light', 'dark'] as const) {
			await page.emulateMedia({ colorScheme: scheme });
			await scan(page, `hovered ${kind} button (${scheme})`, ['color-contrast'], '[data-hovered]');
		}
		await button.evaluate((b) => b.removeAttribute('data-hovered'));
		await page.emulateMedia({ colorScheme: 'light' });
	};
	await hovered('primary', page.getByRole('button', { name: 'Sync now' }));
	await page.getByRole('button', { name: 'More', exact: true }).click();
	await page.getByRole('button', { name: /Remove this drive/ }).click();
	await hovered(
		'danger',
		page.getByTestId('remove-dialog').getByRole('button', { name: 'Remove now' })
	);
});

/**
 * Asked for less motion (the system's setting), the pulse of the "Checking" pill and the loading
 * spinner stand still; they still say what they mean in words. Otherwise they move.
 */
test('nothing pulses or spins when the system asks for reduced motion', async ({ page, agent }) => {
	await signInWithToken(page, agent);
	// Both answers held, so the pill says "Checking" and the users list is loading.
	await control(agent, 'faults', { path: '/management/agent_status', delayMs: 60_000, count: 10 });
	await control(agent, 'faults', { path: '/user/get_all_users', delayMs: 60_000, count: 10 });
	const animation = (locator: Locator) =>
		locator.evaluate((element) => getComputedStyle(element).animationName);
	for (const [reducedMotion, pulse, spin] of [
		['no-preference', 'pulse', 'spin'],
		['reduce', 'none', 'none']
	] as const) {
		await page.emulateMedia({ reducedMotion });
		await page.goto('/users');
		const pill = page.getByTestId('agent-status');
		await expect(pill).toHaveAttribute('data-tone', 'neutral');
		await expect(pill).toContainText('Checking');
		const loading = page.getByRole('status').filter({ hasText: 'Loading users' });
		await expect(loading).toBeVisible();
		expect(await animation(pill.locator('span').first()), reducedMotion).toBe(pulse);
		expect(await animation(loading.locator('span').first()), reducedMotion).toBe(spin);
	}
});
