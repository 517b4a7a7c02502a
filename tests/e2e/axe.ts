import axe from 'axe-core';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

type AxeWindow = { axe?: typeof axe };

/**
 * axe's violations on what the page shows (or the part `within` selects), every rule or only
 * `rules`: axe put in the page once
 * (the pages have no frames), asked for its violations only, the one result the scans read.
 * Every rule is axe's default set plus `target-size`, WCAG 2.2's one AA rule in axe, which
 * axe-core leaves off by default: without it "no violations" says nothing about 2.2.
 */
export async function violationsOf(page: Page, rules?: string[], within?: string) {
	if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
	return page.evaluate(
		async ({ rules, within }) =>
			(
				await (window as AxeWindow).axe!.run(within ?? document, {
					...(rules
						? { runOnly: { type: 'rule' as const, values: rules } }
						: { rules: { 'target-size': { enabled: true } } }),
					resultTypes: ['violations']
				})
			).violations,
		{ rules, within }
	);
}

/**
 * The a11y.e2e.ts scan, on what is open in a flow's own test (a dialog, a page in a state only
 * that flow reaches): light with every rule, dark with contrast. axe runs in the page, put there
 * once per page.
 */
export async function scan(page: Page, label: string) {
	// Off the buttons: this scans them at rest; a11y.e2e.ts scans hovered ones.
	await page.mouse.move(0, 0);
	for (const scheme of ['light', 'dark'] as const) {
		await page.emulateMedia({ colorScheme: scheme });
		const violations = await violationsOf(page, scheme === 'dark' ? ['color-contrast'] : undefined);
		expect(
			violations.map((v) => `${label} (${scheme}): ${v.id}: ${v.help} ${v.nodes[0]?.target}`)
		).toEqual([]);
	}
	await page.emulateMedia({ colorScheme: 'light' });
}
