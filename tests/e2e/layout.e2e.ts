import type { Page } from '@playwright/test';
import type { Simulator } from '../../simulator/index.ts';
import { control, expect, signInWithForm, signInWithToken, test } from './fixtures.ts';
import { screenTests, show, TEAM } from './routes.ts';

/**
 * Every page at the width of a portal's iframe (360 px) and full screen, light and dark: nothing
 * may overflow sideways. Screenshots land in tests/e2e/screenshots for a person to look at.
 */
type Shot = {
	name: string;
	open: (page: Page, agent: Simulator) => Promise<void>;
	ready: string;
	/** Changes the agent or what the console holds: ends a walk (`screenTests` in routes.ts). */
	changes?: true;
};

const SIGNED_OUT: Shot[] = [
	{ name: 'login', open: (p) => show(p, '/login'), ready: 'Sign in' },
	{
		name: 'login-error',
		open: async (p) => {
			await show(p, '/login');
			await signInWithForm(p, 'admin@example.com', 'Desktop admin', 'wrong');
		},
		ready: 'The username, password or user type is wrong'
	},
	{
		name: 'mfa',
		open: async (p) => {
			await show(p, '/login');
			await signInWithForm(p, 'mfa@example.com');
		},
		ready: 'Enter your verification code'
	},
	{
		name: 'sms',
		open: async (p) => {
			await show(p, '/login');
			await signInWithForm(p, 'sms@example.com');
		},
		ready: 'Enter your verification code'
	},
	{
		name: 'signup',
		open: (p) => show(p, '/signup'),
		ready: 'Create an account'
	},
	{
		name: 'confirm',
		open: async (p) => {
			await show(p, '/signup/confirm');
			await p.getByLabel('E-mail address').fill('pending@example.com');
			await p.getByRole('button', { name: 'Continue' }).click();
			await p.getByLabel('Activation code').fill('ZZZZ');
		},
		ready: 'That code is not right'
	},
	{
		name: 'forgot-password',
		open: (p) => show(p, '/forgot-password'),
		ready: 'Reset your password'
	}
];

/** Both channels live: said in one line at 360 px, in each channel's card when wider. */
const channelsLive = (p: Page) =>
	expect(
		p.getByTestId('channels-line').or(p.getByTestId('statechange-status').getByText('Live'))
	).toBeVisible();

/** Opens the events page at `search`, live, with the sample frames shown. */
const eventsWithSample = (search: string) => async (p: Page, agent: Simulator) => {
	await show(p, `/events${search}`);
	await channelsLive(p);
	await pushSample(p, agent);
};

const SIGNED_IN: Shot[] = [
	{ name: 'overview', open: (p) => show(p, '/'), ready: 'Up to date' },
	{
		name: 'overview-busy',
		changes: true,
		open: async (p, agent) => {
			await show(p, '/');
			await expect(p.getByTestId('statechange-status').first()).toHaveText('Live');
			await pushSample(p, agent);
		},
		ready: 'The connection to the storage was reset.'
	},
	{
		name: 'overview-paused',
		changes: true,
		open: async (p, agent) => {
			await fetch(`${agent.url}/management/command/2`, { method: 'POST' });
			await show(p, '/');
		},
		ready: 'Paused since'
	},
	{
		name: 'overview-confirm',
		open: async (p) => {
			await show(p, '/');
			await p.getByTestId('agent-actions').getByRole('button', { name: 'Stop the agent' }).click();
		},
		ready: 'What will happen'
	},
	{
		name: 'overview-updating',
		changes: true,
		open: async (p, agent) => {
			agent.options.restartSeconds = 600;
			await control(agent, 'update', { isUpdateRequired: true, newVersion: '3.5.0' });
			await show(p, '/');
			await p.getByRole('button', { name: 'Update now' }).click();
			await p.getByRole('button', { name: 'Update and restart' }).click();
		},
		ready: 'Restarting on the new version'
	},
	{
		name: 'overview-stopped',
		changes: true,
		open: async (p, agent) => {
			agent.options.restartSeconds = 600;
			await show(p, '/');
			await p.getByTestId('agent-actions').getByRole('button', { name: 'Stop the agent' }).click();
			await p.getByTestId('confirm-dialog').getByRole('button', { name: 'Stop the agent' }).click();
		},
		ready: 'The agent is stopped'
	},
	{ name: 'drives', open: (p) => show(p, '/drives'), ready: 'Team Drive' },
	{
		name: 'drive',
		open: async (p) => {
			await show(p, '/drives/6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f?pageSize=25');
			await expect(p.getByTestId('trend-transfers').locator('canvas').first()).toBeVisible();
		},
		ready: 'Showing 1 to 25 of 3,000'
	},
	{
		name: 'drive-empty',
		changes: true,
		open: async (p, agent) => {
			await control(agent, 'drives', { filesPerDrive: 1 });
			await show(p, '/drives/6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f?state=256');
		},
		ready: 'No files in the state'
	},
	{
		name: 'drive-unknown',
		open: (p) => show(p, '/drives/no-such-drive'),
		ready: 'This drive was removed or does not exist'
	},
	{
		name: 'files',
		open: (p) =>
			p
				.goto('/drives/6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f/files?path=Projects%2FBrand+2027')
				.then(() => undefined),
		ready: 'Brand film.fcpbundle'
	},
	{
		name: 'backup',
		open: (p) => show(p, '/backups/2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e'),
		ready: 'Laptop documents'
	},
	{
		name: 'history',
		open: (p) => show(p, '/history'),
		ready: 'Showing 1 to 25'
	},
	{
		name: 'history-panel',
		open: async (p) => {
			await show(p, '/history?status=error');
			await p.getByTestId('history-table').locator('tbody tr').first().getByRole('button').click();
		},
		ready: 'Other fields from the agent'
	},
	{
		name: 'history-empty',
		open: (p) => show(p, '/history?status=error&origin=direct&direction=download'),
		ready: 'No transfers match these filters'
	},
	{
		name: 'transfers',
		changes: true,
		open: async (p, agent) => {
			// Busy: the seeded work and the drives' files moving, with their frames.
			await show(p, '/transfers');
			await channelsLive(p).catch(() => undefined);
			await control(agent, 'activity', { eventsPerSecond: 8 });
			await control(agent, 'clock', { advanceSeconds: 2 });
		},
		ready: 'MB/s'
	},
	{
		name: 'transfers-panel',
		open: async (p) => {
			await show(p, '/transfers');
			await p.getByRole('button', { name: 'Stills', exact: true }).click();
		},
		ready: 'This transfer cannot be canceled'
	},
	{
		name: 'transfers-cancel',
		open: async (p) => {
			await show(p, '/transfers');
			await p.getByRole('button', { name: 'Cancel Footage…' }).click();
		},
		ready: 'Keep it running'
	},
	{
		name: 'transfers-empty',
		changes: true,
		open: async (p, agent) => {
			await control(agent, 'transfers', { empty: true });
			await show(p, '/transfers');
		},
		ready: 'The agent is moving nothing now'
	},
	{
		name: 'transfers-new',
		open: async (p) => {
			await show(p, '/transfers/new');
			await p.getByLabel('Account to copy from').selectOption('acc-aws-1');
			await p
				.getByLabel('Account to copy to')
				.selectOption({ label: 'Another account: enter its id' });
			await p.getByRole('button', { name: 'Start the copy…' }).click();
		},
		ready: 'Enter the bucket.'
	},
	{
		name: 'transfers-new-confirm',
		open: async (p) => {
			await show(p, '/transfers/new');
			await p.getByLabel('Account to copy from').selectOption('acc-aws-1');
			await p.getByLabel('Bucket to copy from').fill('studio-projects');
			await p.getByLabel('Path to copy', { exact: true }).fill('team/Footage/Selects/');
			await p.getByLabel('Account to copy to').selectOption('acc-wasabi-1');
			await p.getByLabel('Bucket to copy to').fill('studio-archive');
			await p.getByLabel('Path to copy into').fill('archive/2026/Selects/');
			await p.getByRole('button', { name: 'Start the copy…' }).click();
		},
		ready: 'Start this copy?'
	},
	{
		name: 'users-invite',
		open: async (p) => {
			await show(p, '/users');
			await p.getByRole('button', { name: 'Invite a user' }).click();
			await p.getByTestId('invite-dialog').getByLabel('First name').fill('Nia');
		},
		ready: 'Send the invitation'
	},
	{
		name: 'users-manage',
		open: async (p) => {
			await show(p, '/users?q=pending');
			await p.getByRole('button', { name: /Pat/ }).first().click();
			await p.getByRole('button', { name: 'Edit name and type' }).click();
			await p.getByRole('button', { name: 'Delete this user…' }).click();
		},
		ready: 'billing items'
	},
	{
		name: 'users-bulk',
		open: async (p) => {
			await show(p, '/users?status=pending');
			await p.locator('tbody input[type="checkbox"]').first().check();
		},
		ready: 'selected'
	},
	{
		name: 'profile-mfa',
		open: async (p) => {
			await show(p, '/profile');
			await p.getByTestId('mfa').getByRole('button', { name: 'Turn on' }).click();
		},
		ready: 'Type the code the app shows'
	},
	{
		name: 'agent-menu',
		open: async (p) => {
			await show(p, '/');
			await p.getByTestId('agent-status').click();
		},
		ready: 'Open the overview'
	},
	{ name: 'profile', open: (p) => show(p, '/profile'), ready: 'Signed in as' },
	{ name: 'users', open: (p) => show(p, '/users'), ready: 'Showing 1 to 25' },
	{
		name: 'users-panel',
		open: async (p) => {
			await show(p, '/users?q=admin');
			await p.getByRole('button', { name: 'Alex Admin' }).click();
		},
		ready: 'Other fields from the agent'
	},
	{
		name: 'events',
		changes: true,
		open: async (p, agent) => {
			await eventsWithSample('')(p, agent);
			await p.getByTestId('summary').first().click();
		},
		ready: 'events in this window may be missing'
	},
	{
		name: 'events-transfers',
		changes: true,
		open: eventsWithSample('?view=transfers'),
		ready: 'Failed'
	},
	{
		name: 'events-files',
		changes: true,
		open: eventsWithSample('?view=files'),
		ready: 'Waiting to upload'
	},
	{
		name: 'users-empty',
		open: (p) => show(p, '/users?q=nobody-at-all'),
		ready: 'No users match'
	},
	{
		name: 'settings',
		open: async (p) => {
			await show(p, '/settings');
			await p.getByRole('button', { name: 'Test connection' }).click();
		},
		ready: 'Connected.'
	},
	{ name: 'activity-empty', open: (p) => show(p, '/activity'), ready: 'No change recorded yet.' },
	{
		name: 'activity',
		changes: true,
		open: async (p, agent) => {
			// A change another client made, as the agent announces it; the journal keeps it.
			await show(p, '/activity');
			await control(agent, `drives/${TEAM}`, { allowDelete: false });
		},
		ready: 'agent-app'
	},
	{
		// Left open over the page: it ends a walk.
		name: 'palette',
		changes: true,
		open: async (p) => {
			await show(p, '/transfers');
			await p.keyboard.press('Control+k');
			await p.keyboard.type('dr');
		},
		ready: 'Add a drive'
	},
	{
		name: 'settings-diagnostics',
		open: async (p) => {
			await show(p, '/settings');
			await p.getByRole('button', { name: 'Prepare diagnostics' }).click();
		},
		ready: 'Save file'
	},
	{
		name: 'user-menu',
		open: async (p) => {
			await show(p, '/');
			await p.getByRole('button', { name: 'admin@example.com' }).click();
		},
		ready: 'Session expires'
	},
	{
		name: 'not-found',
		open: (p) => show(p, '/nope'),
		ready: 'There is no such page'
	}
];

/** A few frames of each kind, a failed transfer and a gap, through the page's own agent. */
async function pushSample(page: Page, agent: Simulator) {
	const push = (channel: string, frame: unknown) => control(agent, 'push', { channel, frame });
	const progress = (id: string, status: string, bytes: number, error: string | null = null) => ({
		Type: 1,
		Data: {
			TransferMode: 'Upload',
			Status: status,
			Path: `/Projects/Brand 2027/${id}`,
			Name: id,
			StorageName: 'Studio S3',
			Bytes: bytes,
			Size: 40_000_000,
			Speed: 2_500_000,
			Error: error,
			TransferId: id
		}
	});
	await push('notification', progress('hero.psd', 'InProgress', 12_000_000));
	await push('notification', progress('cut-v3.mov', 'Completed', 40_000_000));
	await push(
		'notification',
		progress('ledger.xlsx', 'Failed', 22_000_000, 'The connection to the storage was reset.')
	);
	await push('notification', {
		Type: 2,
		Data: { Title: 'Storage almost full', Message: 'Studio S3 is 91% full.' }
	});
	await push('notification', { Type: 4, Data: { Operation: 'update_user', HttpMethod: 'PUT' } });
	await push('notification', { Type: 64, Data: { Something: 'new' } });
	await push('statechange', {
		Path: '/Projects/Brand 2027/hero.psd',
		StorageName: 'Studio S3',
		State: 4
	});
	await push('statechange', {
		Path: '/Projects/Brand 2027/ledger.xlsx',
		StorageName: 'Studio S3',
		State: 256
	});
	await control(agent, 'sockets', { action: 'drop' });
	// Both gone, then both back as the agent counts them (the page's "Live" from before the drop
	// could still show for a moment, and a frame pushed then would reach no socket).
	const sockets = () =>
		agent.live.clientCount('notification') + agent.live.clientCount('statechange');
	await expect.poll(sockets).toBe(0);
	await expect.poll(sockets, { timeout: 15_000 }).toBe(2);
	// The gap markers close (each says until when), and the channels are live again.
	await expect(page.getByTestId('gap').filter({ hasText: 'still down' })).toHaveCount(0, {
		timeout: 15_000
	});
	await channelsLive(page);
	await push('statechange', { Path: '/Video/Raw/IMG_4821.CR3', StorageName: 'Archive', State: 2 });
}

const SIZES = [
	{ name: '360', width: 360, height: 780 },
	{ name: 'wide', width: 1280, height: 800 }
];

/** Checks for sideways overflow and takes the screenshot, in the size and scheme already set. */
async function shoot(page: Page, shot: Shot, label: string) {
	await expect(page.getByText(shot.ready).first()).toBeVisible();
	const overflow = await page.evaluate(
		() => document.documentElement.scrollWidth - window.innerWidth
	);
	expect.soft(overflow, `${shot.name} overflows sideways at ${label}`).toBeLessThanOrEqual(0);
	// The pictures are for people to look at (`SCREENSHOTS=1 npm run test:e2e`); the fit is
	// checked on every run.
	if (process.env.SCREENSHOTS)
		await page.screenshot({
			path: `tests/e2e/screenshots/${shot.name}-${label}.png`,
			fullPage: true
		});
}

/** Opened once at 360 px, then resized and recoloured in place. */
async function fit(page: Page, agent: Simulator, shot: Shot) {
	const [first] = SIZES;
	await page.setViewportSize({ width: first?.width ?? 360, height: first?.height ?? 780 });
	await page.emulateMedia({ colorScheme: 'light' });
	await shot.open(page, agent);
	for (const size of SIZES) {
		await page.setViewportSize({ width: size.width, height: size.height });
		for (const scheme of ['light', 'dark'] as const) {
			await page.emulateMedia({ colorScheme: scheme });
			await shoot(page, shot, `${size.name}-${scheme}`);
		}
	}
}

/**
 * Walks through the screens (`screenTests` in routes.ts), each loading the console once and
 * following a link to each screen.
 */
for (const [signedIn, shots] of [
	[false, SIGNED_OUT],
	[true, SIGNED_IN]
] as const) {
	test.describe(`pages fit at 360 px and wide, light and dark, signed ${signedIn ? 'in' : 'out'}`, () => {
		const start = async (page: Page, agent: Simulator) => {
			if (!signedIn) return;
			await signInWithToken(page, agent);
			await control(agent, 'status', { status: 1 });
		};
		screenTests(shots, start, fit);
	});
}
