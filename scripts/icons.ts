import { chromium } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { chromiumExecutable } from './chromium.ts';

/**
 * Draws the installed app's icons (static/icon-*.png, named in static/manifest.webmanifest) from
 * static/favicon.svg with the browser the tests use, so no image library is needed:
 * `npx tsx scripts/icons.ts` after the mark changes. The maskable one fills its square with the
 * mark's colour and keeps the line well inside the middle 80 %, which any launcher's mask leaves whole.
 */
const svg = await readFile('static/favicon.svg', 'utf8');
const colour = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1] ?? '#4f46e5';
const maskable = svg
	.replace('viewBox="0 0 32 32"', 'viewBox="-4 -4 40 40"')
	.replace(/<rect[^>]*\/>/, `<rect x="-4" y="-4" width="40" height="40" fill="${colour}"/>`);

const browser = await chromium.launch({ executablePath: chromiumExecutable() });
try {
	for (const [file, size, source] of [
		['static/icon-192.png', 192, svg],
		['static/icon-512.png', 512, svg],
		['static/icon-maskable-512.png', 512, maskable]
	] as const) {
		const page = await browser.newPage({ viewport: { width: size, height: size } });
		await page.setContent(
			`<style>*{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${source}`
		);
		await page.screenshot({ path: file, omitBackground: true });
		await page.close();
		console.log(`${file}: ${size}×${size}`);
	}
} finally {
	await browser.close();
}
