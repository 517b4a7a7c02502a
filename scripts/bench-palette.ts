import type { Browser } from '@playwright/test';
import { startSimulator } from '../simulator/index.ts';
import { record } from './bench-table.ts';
import { AFTER_PAINT, percentile, signedInContext } from './bench-browser.ts';

/**
 * The jump-anywhere section of `npm run bench`: from the key press (Ctrl+K, the event's own time)
 * to the dialog painted with its field focused, on a signed-in page. The first opening comes as
 * soon as the button is there: the dialog's code (in no page's first load) is fetched from the
 * moment the button is drawn, and the browser draws the dialog for the first time.
 */

const LATER_OPENS = 10;
const TARGET_MS = 100;

/**
 * Installed before the key press (and not awaited: it settles after it): the milliseconds from the
 * key press to the dialog painted with its field focused.
 */
const ARM = `(window.__paletteOpened = new Promise((resolve) => {
	addEventListener('keydown', (event) => {
		const pressed = event.timeStamp;
		const ready = () => {
			const field = document.querySelector('[data-testid="palette-field"]');
			if (field && document.activeElement === field && field.getBoundingClientRect().height > 0)
				(${AFTER_PAINT}).then(() => resolve(performance.now() - pressed));
			else requestAnimationFrame(ready);
		};
		ready();
	}, { once: true, capture: true });
}), 0)`;

export async function paletteOpens(browser: Browser, baseUrl: string) {
	const sim = await startSimulator({
		port: 0,
		log: false,
		eventsPerSecond: 0,
		allowOrigins: [baseUrl]
	});
	const context = await signedInContext(browser, sim.url);
	try {
		const page = await context.newPage();
		await page.goto(`${baseUrl}/transfers`);
		await page.getByTestId('palette-button').waitFor();
		const open = async () => {
			await page.evaluate(ARM);
			await page.keyboard.press('Control+k');
			const ms = (await page.evaluate('window.__paletteOpened')) as number;
			await page.keyboard.press('Escape');
			await page.getByTestId('palette').waitFor({ state: 'detached' });
			return Math.round(ms);
		};
		const first = await open();
		const later: number[] = [];
		for (let i = 0; i < LATER_OPENS; i++) later.push(await open());
		const sorted = [...later].sort((a, b) => a - b);
		const worst = Math.max(first, sorted.at(-1) ?? NaN);
		console.log('\nJump anywhere: Ctrl+K to the dialog painted with its field focused, /transfers');
		console.log(`  target: within ${TARGET_MS} ms, the first opening too\n`);
		console.log(
			`  first ${first} ms; ${LATER_OPENS} later: ${later.map((ms) => `${ms} ms`).join(', ')}   median ${percentile(sorted, 50)} ms  ${worst <= TARGET_MS ? 'ok' : 'OVER TARGET'}`
		);
		record(
			'jump anywhere: Ctrl+K to the dialog painted, field focused',
			`first ${first} ms (right after the page is drawn); later median ${percentile(sorted, 50)} ms, worst ${sorted.at(-1)} ms`,
			`within ${TARGET_MS} ms`
		);
	} finally {
		await context.close();
		await sim.close();
	}
}
