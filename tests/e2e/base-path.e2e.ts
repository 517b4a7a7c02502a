import { existsSync } from 'node:fs';
import { E2E_ORIGIN } from '../../playwright.config.ts';
import { startStaticServer } from '../../scripts/static-server.ts';
import { control, expect, signInWithForm, test } from './fixtures.ts';

/** The console built for a sub-path (`npm run build:admin`: BASE_PATH=/admin) and served there. */
test.describe('hosted under /admin/', () => {
	test.use({ serviceWorkers: 'allow' });
	test.skip(
		!existsSync('build-admin/index.html') && !process.env.CI,
		'run npm run build:admin first (npm test does)'
	);

	test('every route, deep link, bookmark and sign-in round trip stays under /admin/', async ({
		page,
		agent
	}) => {
		const site = await startStaticServer({
			root: 'build-admin',
			base: '/admin',
			host: '127.0.0.1',
			port: 0,
			configOverrides: { agentUrl: agent.url }
		});
		try {
			await control(agent, 'cors', { allowOrigins: [E2E_ORIGIN, site.url] });
			// A bookmark of a signed-in page: sign in first, then back to it.
			await page.goto(`${site.url}/admin/users?page=2`);
			await expect(page).toHaveURL(`${site.url}/admin/login?next=%2Fadmin%2Fusers%3Fpage%3D2`);
			await signInWithForm(page, 'admin@example.com');
			await expect(page).toHaveURL(`${site.url}/admin/users?page=2`);
			await expect(page.getByTestId('users-range')).toContainText('Showing 26 to 50');

			const nav = page.getByRole('navigation', { name: 'Main' });
			for (const [name, path] of [
				['Events', '/admin/events'],
				['Profile', '/admin/profile'],
				['Settings', '/admin/settings'],
				['Overview', '/admin/']
			] as const) {
				await nav.getByRole('link', { name }).click();
				await expect(page).toHaveURL(`${site.url}${path}`);
				await expect(page.locator('h1')).toBeVisible();
			}
			// A deep link served by the fallback, and the bare host sent to the console.
			await page.goto(`${site.url}/admin/events?view=files`);
			await expect(page.getByRole('link', { name: 'File states' })).toHaveAttribute(
				'aria-current',
				'page'
			);
			await page.goto(site.url);
			await expect(page).toHaveURL(`${site.url}/admin/`);
			const outside = await page.request.get(`${site.url}/users`);
			expect(outside.status()).toBe(404);
			// The copy kept for the server's absence is the console's under /admin/ alone.
			expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(
				`${site.url}/admin/`
			);
			// Its server stopped, the console under /admin/ still opens, and says from where.
			site.server.close();
			site.server.closeAllConnections();
			await page.reload();
			await expect(page.getByTestId('kept-copy')).toBeVisible();
			await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
		} finally {
			site.server.close();
		}
	});
});
