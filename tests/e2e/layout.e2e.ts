import { control, expect, signInWithToken, test } from './fixtures.ts';

/**
 * Every page at the width of a portal's iframe (360 px) and full screen, light and dark: nothing
 * may overflow sideways. Screenshots land in tests/e2e/screenshots for a person to look at.
 */
const PAGES = [
	{ name: 'overview', path: '/', ready: 'Up to date' },
	{ name: 'settings', path: '/settings', ready: 'Connected.' },
	{ name: 'not-found', path: '/nope', ready: 'There is no such page' }
];
const SIZES = [
	{ name: '360', width: 360, height: 780 },
	{ name: 'wide', width: 1280, height: 800 }
];

for (const scheme of ['light', 'dark'] as const) {
	for (const size of SIZES) {
		test(`pages fit at ${size.name} in ${scheme}`, async ({ page, agent }) => {
			await page.setViewportSize({ width: size.width, height: size.height });
			await page.emulateMedia({ colorScheme: scheme });
			await signInWithToken(page, agent);
			await control(agent, 'status', { status: 1 });
			for (const p of PAGES) {
				await page.goto(p.path);
				if (p.name === 'settings')
					await page.getByRole('button', { name: 'Test connection' }).click();
				await expect(page.getByText(p.ready).first()).toBeVisible();
				const overflow = await page.evaluate(
					() => document.documentElement.scrollWidth - window.innerWidth
				);
				expect(overflow, `${p.name} overflows sideways`).toBeLessThanOrEqual(0);
				await page.screenshot({
					path: `tests/e2e/screenshots/${p.name}-${size.name}-${scheme}.png`,
					fullPage: true
				});
			}
		});
	}
}
