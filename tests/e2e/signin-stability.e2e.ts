import type { Page } from '@playwright/test';
import { E2E_ORIGIN } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';

type Shift = { value: number; moved: string[] };

/** Every layout shift since the page began, with what moved (buffered: none is missed). */
async function recordShifts(page: Page) {
	await page.addInitScript(() => {
		const shifts: Shift[] = [];
		(window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
		new PerformanceObserver((list) => {
			for (const entry of list.getEntries() as unknown as {
				value: number;
				sources: { node: Node | null }[];
			}[])
				shifts.push({
					value: entry.value,
					moved: entry.sources.map((s) =>
						s.node instanceof Element ? s.node.outerHTML.slice(0, 100) : String(s.node?.nodeName)
					)
				});
		}).observe({ type: 'layout-shift', buffered: true });
	});
}
/** The cumulative layout shift, with the shifts that make it up (to say what moved). */
async function layoutShift(page: Page) {
	const all = await page.evaluate(
		() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts
	);
	return { cumulative: all.reduce((sum, shift) => sum + shift.value, 0), shifts: all };
}

/**
 * The console's own settings file without its identity provider, as a build ships it. Read once
 * and answered from here: the loads come seconds apart, and a fetch from the route could reuse a
 * connection the server has closed meanwhile.
 */
async function withoutProvider(page: Page) {
	const settings = (await (await fetch(`${E2E_ORIGIN}/config.json`)).json()) as Record<
		string,
		unknown
	>;
	delete settings.identityProvider;
	await page.route('**/config.json', (route) => route.fulfill({ json: settings }));
}

test.describe('nothing on the sign-in page moves after it appears', () => {
	// One tab, loaded afresh for each size (each load has a layout-shift record of its own).
	test('on a phone and a desktop, with and without the identity provider', async ({ page }) => {
		test.setTimeout(60_000);
		await recordShifts(page);
		const sizes = [
			{ name: 'a phone', width: 360, height: 740 },
			{ name: 'a desktop', width: 1280, height: 800 }
		];
		for (const size of sizes) {
			await test.step(`on ${size.name}, with the identity provider`, async () => {
				await page.setViewportSize(size);
				await page.goto('/login?next=%2Fdrives');
				await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
				// Settled: the agent's status is known (it was "Checking" at first paint).
				await expect(page.getByTestId('agent-status').getByRole('status')).toHaveText(
					'Running, nobody signed in'
				);
				await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
				expect(await layoutShift(page)).toEqual({ cumulative: 0, shifts: [] });
			});
		}
		await withoutProvider(page);
		for (const size of sizes) {
			await test.step(`on ${size.name}, without an identity provider`, async () => {
				await page.setViewportSize(size);
				await page.goto('/login');
				await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
				await expect(page.getByTestId('agent-status').getByRole('status')).toHaveText(
					'Running, nobody signed in'
				);
				await expect(page.getByRole('button', { name: /Continue with/ })).toHaveCount(0);
				expect(await layoutShift(page)).toEqual({ cumulative: 0, shifts: [] });
			});
		}
	});
});
