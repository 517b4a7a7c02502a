import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_ORIGIN } from '../../playwright.config.ts';
import { startStaticServer } from '../../scripts/static-server.ts';
import { closedPort, control, expect, signInWithToken, test } from './fixtures.ts';

test.use({ serviceWorkers: 'allow' });

/** Stops answering at once: the browser's kept-alive connections are cut too. */
function stop(server: Server) {
	server.close();
	server.closeAllConnections();
}

test('installable; its server stopped, a reload opens the kept copy; back, a newer build is taken', async ({
	page,
	agent
}) => {
	const dir = await mkdtemp(join(tmpdir(), 'console-offline-'));
	const [first, second] = [join(dir, 'first'), join(dir, 'second')];
	await cp('build', first, { recursive: true });
	const port = await closedPort();
	const serve = (root: string) =>
		startStaticServer({ root, host: '127.0.0.1', port, configOverrides: { agentUrl: agent.url } });
	let site = await serve(first);
	try {
		await control(agent, 'cors', { allowOrigins: [E2E_ORIGIN, site.url] });
		await signInWithToken(page, agent);
		await page.goto(`${site.url}/`);
		const live = page.getByTestId('overview-channels').getByTestId('notification-status');
		await expect(live).toHaveText('Live');
		// Installed (all of this build kept) before the server goes.
		expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(
			`${site.url}/`
		);

		const cdp = await page.context().newCDPSession(page);
		const manifest = await cdp.send('Page.getAppManifest');
		expect(manifest.url).toBe(`${site.url}/manifest.webmanifest`);
		expect(manifest.errors).toEqual([]);
		expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);

		stop(site.server);
		await page.reload();
		await expect(page.getByTestId('kept-copy')).toHaveText(
			"The console's server is not answering: this is the copy kept in the browser."
		);
		// The agent is reached as ever: its reads and its live channels, through the shared hub.
		await expect(live).toHaveText('Live');
		await expect(page.getByTestId('drives-and-backups').getByRole('listitem')).toHaveCount(6);
		await expect.poll(() => agent.live.clientCount('notification')).toBe(1);
		// Nothing but the console's own files is kept: no answer of the agent.
		const kept = await page.evaluate(async () => {
			const urls: string[] = [];
			for (const name of await caches.keys())
				for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
			return urls;
		});
		expect(kept.length).toBeGreaterThan(10);
		expect(kept.filter((url) => !url.startsWith(`${site.url}/`))).toEqual([]);

		// A newer build deployed while the server was down: the next reload takes it.
		await cp(first, second, { recursive: true });
		const index = join(second, 'index.html');
		const html = await readFile(index, 'utf8');
		await writeFile(index, html.replace('<head>', '<head><meta name="build" content="second">'));
		await rm(`${index}.br`, { force: true });
		await rm(`${index}.gz`, { force: true });
		await writeFile(join(second, '_app', 'version.json'), '{"version":"second"}');
		site = await serve(second);
		await page.reload();
		await expect(page.locator('meta[name="build"]')).toHaveAttribute('content', 'second');
		await expect(live).toHaveText('Live');
		await expect(page.getByTestId('kept-copy')).toHaveCount(0);
	} finally {
		stop(site.server);
		await rm(dir, { recursive: true, force: true });
	}
});
