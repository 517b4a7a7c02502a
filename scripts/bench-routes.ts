import type { Browser, Page } from '@playwright/test';
import { startSimulator } from '../simulator/index.ts';
import { record } from './bench-table.ts';
import { AFTER_PAINT, percentile, signedInContext } from './bench-browser.ts';

/**
 * The click-to-content section of `npm run bench`: for every signed-in route, from a click on its
 * link to its content painted, with the development agent at its ordinary rate. Each change is a
 * real navigation: from another route (the neutral one) to the measured one, then back.
 */

const CHANGES = Number(process.env.ROUTE_CHANGES) || 20;
const TARGET_P95_MS = 100;
/**
 * How long a person's pointer rests on a link before the click; the app preloads on hover.
 * `ROUTE_HOVER_MS=0 npm run bench` clicks with no hover first (a keyboard or a touch).
 */
const HOVER_MS = Number(process.env.ROUTE_HOVER_MS ?? 100);
const TEAM_DRIVE = '6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f';
const BACKUP = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';

type Route = {
	path: string;
	/**
	 * Where the link is clicked from, reached from the measured route by its main-menu link, or by
	 * Back where the menu has none.
	 */
	from: string;
	/** The link clicked: in the main menu, or on the `from` page where the menu has none. */
	link: string;
	/** The content: the page's heading, and its first data (a CSS selector with some text). */
	h1: string;
	data: string;
	what: string;
};

const nav = (path: string) => `nav[aria-label="Main"] a[href="${path}"]`;

const ROUTES: Route[] = [
	{
		path: '/',
		from: '/settings',
		link: nav('/'),
		h1: 'Overview',
		data: '[data-testid="drives-and-backups"] li',
		what: 'first drive in the overview list'
	},
	{
		path: '/events',
		from: '/settings',
		link: nav('/events'),
		h1: 'Events',
		data: '[data-testid="timeline"] li',
		what: 'first timeline row'
	},
	{
		path: '/drives',
		from: '/settings',
		link: nav('/drives'),
		h1: 'Drives and backups',
		data: '[data-testid="drives"] a[href]',
		what: 'first drive card'
	},
	{
		path: `/drives/${TEAM_DRIVE}`,
		from: '/drives',
		link: `main a[href="/drives/${TEAM_DRIVE}"]`,
		h1: 'Team Drive drive',
		data: '[data-testid="files-table"] tbody tr',
		what: 'first file row'
	},
	{
		path: `/drives/${TEAM_DRIVE}/files`,
		from: `/drives/${TEAM_DRIVE}`,
		link: `main a[href="/drives/${TEAM_DRIVE}/files"]`,
		h1: 'Files of Team Drive',
		data: '[data-testid="file-row"]',
		what: 'first entry of the folder'
	},
	{
		path: `/backups/${BACKUP}`,
		from: '/drives',
		link: `main a[href="/backups/${BACKUP}"]`,
		h1: 'Laptop documents backup',
		data: '[data-testid="files-table"] tbody tr',
		what: 'first file row'
	},
	{
		path: '/drives/new',
		from: '/drives',
		link: 'main a[href="/drives/new"]',
		h1: 'Add a drive',
		data: '#letter-hint',
		what: 'the next free letter'
	},
	{
		path: '/backups/new',
		from: '/drives',
		link: 'main a[href="/backups/new"]',
		h1: 'Add a backup',
		data: '#account option:nth-child(2)',
		what: 'first known account'
	},
	{
		path: '/history',
		from: '/settings',
		link: nav('/history'),
		h1: 'Transfer history',
		data: '[data-testid="history-table"] tbody tr',
		what: 'first transfer row'
	},
	{
		path: '/transfers',
		from: '/settings',
		link: nav('/transfers'),
		h1: 'Transfers now',
		data: '[data-testid="transfers-table"] tbody tr',
		what: 'first transfer row'
	},
	{
		path: '/transfers/new',
		from: '/transfers',
		link: 'main a[href="/transfers/new"]',
		h1: 'Start a transfer',
		data: '#source-account option:nth-child(2)',
		what: 'first known account'
	},
	{
		path: '/shares',
		from: '/settings',
		link: nav('/shares'),
		h1: 'Network shares',
		data: '[data-testid="share-card"]',
		what: 'first share'
	},
	{
		path: '/users',
		from: '/settings',
		link: nav('/users'),
		h1: 'Users',
		data: 'main tbody tr',
		what: 'first user row'
	},
	{
		path: '/profile',
		from: '/settings',
		link: nav('/profile'),
		h1: 'Profile',
		data: '[data-testid="profile-details"] dd',
		what: 'first profile detail'
	},
	{
		path: '/settings',
		from: '/profile',
		link: nav('/settings'),
		h1: 'Settings',
		data: '[data-testid="current-address"]',
		what: 'the agent address'
	}
];

/** The content of every route, so the neutral route's can be waited for too. */
const CONTENT = new Map(ROUTES.map((r) => [r.path, r]));

/**
 * Runs in the page (a string, as bench.ts's MEASURE_NEXT_PAGE, for the same reason). Clicks the
 * link, waits until the page's heading is the route's and its first data has text, then for the
 * task after the next frame, which runs once that frame is painted.
 */
const measureClick = (r: Pick<Route, 'link' | 'h1' | 'data'>) => `(async () => {
	const { link, h1, data } = ${JSON.stringify({ link: r.link, h1: r.h1, data: r.data })};
	const shown = () => {
		const heading = document.querySelector('main h1');
		if (!heading || heading.textContent.replace(/\\s+/g, ' ').trim() !== h1) return false;
		return !!document.querySelector(data)?.textContent.trim();
	};
	const target = document.querySelector(link);
	if (!target) throw new Error('no link ' + link);
	const start = performance.now();
	target.click();
	if (!shown())
		await new Promise((resolve, reject) => {
			const observer = new MutationObserver(() => {
				if (!shown()) return;
				observer.disconnect();
				clearTimeout(timer);
				resolve();
			});
			observer.observe(document.body, { subtree: true, childList: true, characterData: true });
			const timer = setTimeout(() => {
				observer.disconnect();
				reject(new Error('no content within 10 s'));
			}, 10000);
		});
	await ${AFTER_PAINT};
	return performance.now() - start;
})()`;

async function contentShown(page: Page, path: string) {
	const r = CONTENT.get(path);
	if (!r) throw new Error(`No content defined for ${path}`);
	await page.locator('main h1', { hasText: r.h1 }).waitFor();
	await page.locator(r.data).first().waitFor();
}

export async function clickToContent(browser: Browser, baseUrl: string) {
	const sim = await startSimulator({ port: 0, log: false, allowOrigins: [baseUrl] });
	const context = await signedInContext(browser, sim.url);
	try {
		console.log(
			`\nClick to content, every route: from a click on its link to its heading and first data painted (${CHANGES} changes each, the development agent at its ordinary rate, ${sim.options.eventsPerSecond} events/s)`
		);
		console.log(
			`  each change comes from another route (and goes back before the next); ${HOVER_MS > 0 ? `the pointer rests on the link ${HOVER_MS} ms before the click, as a person's does, so the app may preload on hover` : 'no hover before the click (ROUTE_HOVER_MS=0), so nothing to preload on'}`
		);
		console.log(`  target: p95 under ${TARGET_P95_MS} ms\n`);
		console.log(
			`  ${'route'.padEnd(44)} ${'from'.padEnd(10)} ${'median'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)}  verdict`
		);
		const page = await context.newPage();
		const p95s: { path: string; p95: number }[] = [];
		let failures = 0;
		for (const r of ROUTES) {
			await page.goto(baseUrl + r.from);
			await contentShown(page, r.from);
			const times: number[] = [];
			let failed = '';
			for (let i = 0; i < CHANGES; i++) {
				if (i > 0) {
					// Back to the neutral route, as a person would: by its main-menu link, or the
					// browser's Back where the menu has none (a drive's page).
					if (await page.locator(nav(r.from)).count()) await page.locator(nav(r.from)).click();
					else await page.goBack();
					await contentShown(page, r.from);
				}
				if (HOVER_MS > 0) {
					await page.locator(r.link).first().hover();
					await page.waitForTimeout(HOVER_MS);
				}
				try {
					times.push(await page.evaluate<number>(measureClick(r)));
				} catch (error) {
					failed = (error as Error).message.split('\n')[0] ?? 'failed';
					break;
				}
			}
			const sorted = [...times].sort((a, b) => a - b);
			const p95 = percentile(sorted, 95);
			const ms = (n: number) => `${n.toFixed(0)} ms`;
			const short = (path: string) => path.replace(/([0-9a-f]{8})[0-9a-f-]{28}/, '$1…');
			const label = `${short(r.path)} (h1, ${r.what})`;
			const from = short(r.from);
			if (failed) failures++;
			else p95s.push({ path: short(r.path), p95 });
			console.log(
				failed
					? `  ${label.padEnd(44)} ${from.padEnd(10)} FAILED after ${times.length} changes: ${failed}`
					: `  ${label.padEnd(44)} ${from.padEnd(10)} ${ms(percentile(sorted, 50)).padStart(8)} ${ms(p95).padStart(8)} ${ms(sorted.at(-1) ?? NaN).padStart(8)}  ${p95 < TARGET_P95_MS ? 'ok' : 'OVER TARGET'}`
			);
		}
		p95s.sort((a, b) => a.p95 - b.p95);
		const slowest = p95s.at(-1);
		if (slowest)
			record(
				`click to content, every route (${CHANGES} changes each): p95`,
				`${p95s[0]!.p95.toFixed(0)} to ${slowest.p95.toFixed(0)} ms on ${p95s.length} routes (the slowest ${slowest.path})${failures ? `; ${failures} failed` : ''}`,
				`p95 under ${TARGET_P95_MS} ms`
			);
	} finally {
		await context.close();
		await sim.close();
	}
}
