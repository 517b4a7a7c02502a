import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from '@playwright/test';
import { E2E_ORIGIN } from '../../playwright.config.ts';
import { startStaticServer } from '../../scripts/static-server.ts';
import { control, expect, signInWithForm, test } from './fixtures.ts';
import type { Simulator } from '../../simulator/index.ts';

/**
 * Chromium's Local Network Access, played on this machine: the console is served by a static
 * server of its own, and a browser started with `--ip-address-space-overrides` counts that server
 * (and a portal's) as a public or private address. The agent stays on loopback, as it is on a
 * user's computer. Each test starts its own browser, since the override is a launch switch.
 */

type Space = 'public' | 'private';

async function freePort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

/** A portal page on `port` that frames the console, with an `allow` attribute or none. */
async function portal(port: number, src: string, allow: string | null): Promise<Server> {
	const server = createServer((_req, res) => {
		res.setHeader('content-type', 'text/html; charset=utf-8');
		res.end(
			`<!doctype html><title>Intranet portal</title><h1>Portal</h1><iframe src="${src}" title="Agent console" width="400" height="760"${allow === null ? '' : ` allow="${allow}"`}></iframe>`
		);
	});
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	return server;
}

/**
 * The console served on its own port, counted as `space`, with the agent's CORS allowing it; a
 * portal port counted as `space` too when the test frames it.
 */
async function served(agent: Simulator, space: Space, portalPort?: number, hostName?: string) {
	const site = await startStaticServer({
		root: 'build',
		host: '127.0.0.1',
		port: 0,
		allowHosts: hostName ? [hostName] : [],
		configOverrides: {
			agentUrl: agent.url,
			...(portalPort ? { frameAncestors: [`http://localhost:${portalPort}`] } : {})
		}
	});
	const port = new URL(site.url).port;
	// Under a host name of its own, the page is not one of this device's addresses to the console.
	const url = hostName ? `http://${hostName}:${port}` : site.url;
	await control(agent, 'cors', { allowOrigins: [E2E_ORIGIN, url] });
	const ports = [port, ...(portalPort ? [portalPort] : [])];
	const browser = await chromium.launch({
		executablePath: test.info().project.use.launchOptions?.executablePath,
		args: [
			`--ip-address-space-overrides=${ports.map((p) => `127.0.0.1:${p}=${space}`).join(',')}`,
			...(hostName ? [`--host-resolver-rules=MAP ${hostName} 127.0.0.1`] : [])
		]
	});
	return { site: { ...site, url }, browser };
}

async function signIn(page: Page | ReturnType<Page['frameLocator']>) {
	await signInWithForm(page as Page, 'admin@example.com');
	await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
}

/** A tab of its own in `browser`, with the local-network permission granted to `url`, signed in. */
async function signedInGranted(browser: Browser, url: string) {
	const context = await browser.newContext();
	await context.grantPermissions(['local-network-access'], { origin: url });
	const page = await context.newPage();
	await page.goto(`${url}/login`);
	await signIn(page);
	return { context, page };
}

test.describe('served from a portal: the browser local-network permission', () => {
	let launched: Browser | null = null;
	const closing: { close(): unknown }[] = [];
	test.afterEach(async () => {
		await launched?.close();
		launched = null;
		for (const server of closing.splice(0)) server.close();
	});

	/** `served`, with its browser and server closed after the test. */
	async function serve(...args: Parameters<typeof served>) {
		const { site, browser } = await served(...args);
		launched = browser;
		closing.push(site.server);
		return { site, browser };
	}

	test('a public page with the permission refused says so, not "unreachable"', async ({
		agent
	}) => {
		const { site, browser } = await serve(agent, 'public');
		// Nothing granted: a headless browser refuses what it would ask a person.
		const page = await (await browser.newContext()).newPage();
		await page.goto(`${site.url}/login`);
		const alert = page.getByRole('alert').filter({ hasText: 'reach apps on this device' });
		await expect(alert).toContainText(`This browser does not let this page (${site.url})`);
		await expect(alert.getByTestId('local-network-advice')).toContainText('Local network access');
		await expect(page.getByText(/unreachable/i)).toHaveCount(0);
		// Test connection gives the same diagnosis.
		await page.goto(`${site.url}/settings`);
		await page.getByRole('button', { name: 'Test connection' }).click();
		await expect(page.getByTestId('connection-result')).toContainText(
			"Blocked by the browser's local network permission"
		);
	});

	test('a public page over plain HTTP under a host name: the browser cannot ask, so no site setting helps', async ({
		agent
	}) => {
		const { site, browser } = await serve(agent, 'public', undefined, 'console.portal.test');
		const page = await (await browser.newContext()).newPage();
		await page.goto(`${site.url}/login`);
		// Not a secure context (plain HTTP, not this device): the permission cannot be granted at all.
		const alert = page.getByRole('alert').filter({ hasText: 'reach apps on this device' });
		await expect(alert).toContainText('lets only secure pages reach apps on this device');
		const advice = alert.getByTestId('local-network-advice');
		await expect(advice).toContainText(`${site.url} is not served over HTTPS`);
		await expect(advice).toContainText('a site setting cannot allow it');
		await expect(page.getByText('Blocked by the browser')).toBeVisible();
		await expect(page.getByText(/unreachable/i)).toHaveCount(0);
	});

	test('a public page with the permission granted works', async ({ agent }) => {
		const { site, browser } = await serve(agent, 'public');
		const { page } = await signedInGranted(browser, site.url);
		await expect(page.getByTestId('notification-status').first()).toHaveText('Live');
	});

	test('refused while signed in: the status pill and the live channels say the browser blocks them', async ({
		agent
	}) => {
		const { site, browser } = await serve(agent, 'public');
		const { context, page } = await signedInGranted(browser, site.url);
		const channels = page.getByTestId('overview-channels');
		await expect(channels.getByTestId('notification-status')).toHaveText('Live');
		// Taken back (a headless browser then refuses it); the open sockets stay, dropped they
		// cannot come back.
		await context.clearPermissions();
		await control(agent, 'sockets', { action: 'drop' });
		await page.getByRole('button', { name: 'Check now' }).click();
		await expect(page.getByRole('banner').getByText('Blocked by the browser')).toBeVisible();
		await expect(channels.getByTestId('notification-blocked')).toContainText(
			'The browser does not let this page reach apps on this device'
		);
	});

	test('a page from a private address works without being asked', async ({ agent }) => {
		const { site, browser } = await serve(agent, 'private');
		const page = await (await browser.newContext()).newPage();
		await page.goto(`${site.url}/login`);
		// Nothing granted: the browser still counts the permission as one to ask.
		expect(
			await page.evaluate(
				async () =>
					(await navigator.permissions.query({ name: 'loopback-network' as PermissionName })).state
			)
		).toBe('prompt');
		await signIn(page);
	});

	test('inside a portal frame that does not delegate it: the portal message and a tab of its own', async ({
		agent
	}) => {
		const portalPort = await freePort();
		const { site, browser } = await serve(agent, 'public', portalPort);
		closing.push(await portal(portalPort, `${site.url}/login`, null));
		const page = await (await browser.newContext()).newPage();
		await page.goto(`http://localhost:${portalPort}/`);
		const frame = page.frameLocator('iframe[title="Agent console"]');
		const alert = frame.getByRole('alert').filter({ hasText: 'reach apps on this device' });
		await expect(alert).toContainText('The page this console is framed in does not let it');
		await expect(alert.getByTestId('local-network-advice')).toContainText(
			'allow="loopback-network; local-network-access"'
		);
		await expect(
			alert.getByRole('link', { name: 'Open the console in a new tab' })
		).toHaveAttribute('target', '_blank');
		await expect(frame.getByText(/unreachable/i)).toHaveCount(0);
	});

	test('the same frame with allow="loopback-network" works', async ({ agent }) => {
		const portalPort = await freePort();
		const { site, browser } = await serve(agent, 'public', portalPort);
		closing.push(await portal(portalPort, `${site.url}/login`, 'loopback-network'));
		const context = await browser.newContext();
		await context.grantPermissions(['local-network-access']);
		const page = await context.newPage();
		await page.goto(`http://localhost:${portalPort}/`);
		const frame = page.frameLocator('iframe[title="Agent console"]');
		await signIn(frame);
	});
});
