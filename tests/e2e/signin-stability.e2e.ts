import type { Page } from '@playwright/test';
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

/** The console's own settings file without its identity provider, as a build ships it. */
async function withoutProvider(page: Page) {
	await page.route('**/config.json', async (route) => {
		const response = await route.fetch();
		const settings = (await response.json()) as Record<string, unknown>;
		delete settings.identityProvider;
		await route.fulfill({ response, json: settings });
	});
}

test.describe('nothing on the sign-in page moves after it appears', () => {
	for (const size of [
		{ name: 'a phone', width: 360, height: 740 },
		{ name: 'a desktop', width: 1280, height: 800 }
	]) {
		test(`on ${size.name}, with the identity provider`, async ({ page }) => {
			await page.setViewportSize(size);
			await recordShifts(page);
			await page.goto('/login?next=%2Fdrives');
			await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
			// Settled: the agent's status is known (it was "Checking" at first paint).
			await expect(page.getByTestId('agent-status').getByRole('status')).toHaveText(
				'Running, nobody signed in'
			);
			await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
			expect(await layoutShift(page)).toEqual({ cumulative: 0, shifts: [] });
		});

		test(`on ${size.name}, without an identity provider`, async ({ page }) => {
			await page.setViewportSize(size);
			await withoutProvider(page);
			await recordShifts(page);
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
