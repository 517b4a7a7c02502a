import { loadavg } from 'node:os';
import { startSimulator } from '../simulator/index.ts';
import { tokenKey, AGENT_URL_KEY, agentToken } from '../tests/agent.ts';
import { launch } from '../tests/engines/browsers.ts';
import type { EngineName, EnginePage } from '../tests/engines/engine.ts';
import { launchPuppeteer } from '../tests/engines/puppeteer.ts';
import { until } from '../tests/engines/until.ts';
import { agentProcess, MEASURE_NEXT_PAGE, percentile } from './bench-browser.ts';
import { record } from './bench-table.ts';
import { chromiumExecutable, fullChromiumExecutable } from './chromium.ts';

/**
 * `BENCH_ONLY=engines npm run bench`: the users list's page change and the events flood in
 * Firefox beside Chromium, each driven by the same code (puppeteer-core: CDP for Chromium,
 * WebDriver BiDi for Firefox), so the figures compare the engines and not the tools. Figures only.
 * Firefox has no Long Tasks API: the longest wait between two animation frames stands for both.
 */

const ENGINES: EngineName[] = ['chromium', 'firefox'];
const USERS = 100_000;
const PAGE_CHANGES = 50;
const FLOOD_PER_SECOND = Number(process.env.FLOOD_RATE) || 30_000;
const FLOOD_SECONDS = 20;

type Figures = {
	version: string;
	pageMedian: number;
	pageP95: number;
	sent: number;
	received: number;
	/** Seconds from the last frame sent to the last one read. */
	readAfter: number;
	kept: number;
	delayMedian: number;
	delayP95: number;
	longestFrameGap: number;
	reader: string;
};

/** Opens `path` signed in to the agent: the storage is set on a page of the site that runs no script. */
async function openSignedIn(page: EnginePage, site: string, agent: string, path: string) {
	const token = await agentToken({ url: agent });
	await page.goto(`${site}/_app/no-such-file`);
	await page.evaluate(
		(urlKey, url, key, value) => {
			localStorage.setItem(urlKey, url);
			sessionStorage.setItem(key, value);
		},
		AGENT_URL_KEY,
		agent,
		tokenKey(agent),
		token
	);
	await page.goto(`${site}${path}`);
}

const textOf = (page: EnginePage, testId: string) =>
	page.evaluate(
		(id) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.replace(/\s+/g, ' '),
		testId
	);

const numberIn = (text: string | undefined, pattern: RegExp) =>
	Number((text ?? '').replace(/,/g, '').match(pattern)?.[1] ?? NaN);

/** Click to new rows painted, as the Chromium section measures it, with 100,000 users. */
async function pageChanges(page: EnginePage, site: string) {
	const sim = await startSimulator({
		port: 0,
		log: false,
		eventsPerSecond: 0,
		users: USERS,
		allowOrigins: [site]
	});
	try {
		await openSignedIn(page, site, sim.url, '/users?pageSize=50');
		await until(
			'the first page of users',
			() => textOf(page, 'users-range'),
			(t) => !!t?.includes('Showing 1 to 50')
		);
		const times: number[] = [];
		// The measure the Chromium section runs, sent as the body of a function (the page's policy
		// allows no eval).
		const measure = new Function(`return ${MEASURE_NEXT_PAGE}`) as () => Promise<number>;
		for (let i = 0; i < PAGE_CHANGES; i++) times.push(await page.evaluate(measure));
		const sorted = times.sort((a, b) => a - b);
		return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
	} finally {
		await sim.close();
	}
}

/** Both channels flooded, the events page alone: arrival to row, and the longest frame gap. */
async function flood(page: EnginePage, site: string) {
	const agent = await agentProcess(site);
	try {
		await openSignedIn(page, site, agent.url, '/events');
		for (const channel of ['notification', 'statechange'])
			await until(
				`the ${channel} channel to be live`,
				() => textOf(page, `${channel}-status`),
				(t) => t === 'Live'
			);
		await page.evaluate(() => {
			const stats = { delays: [] as number[], longestGap: 0 };
			(window as unknown as { __flood: typeof stats }).__flood = stats;
			const seen = new Set<string>();
			let last = performance.now();
			const tick = (now: number) => {
				stats.longestGap = Math.max(stats.longestGap, now - last);
				last = now;
				const at = Date.now();
				for (const row of document.querySelectorAll<HTMLElement>(
					'[data-testid="timeline"] li[data-seq]'
				)) {
					if (seen.has(row.dataset.seq!)) continue;
					seen.add(row.dataset.seq!);
					stats.delays.push(at - Number(row.dataset.at));
				}
				requestAnimationFrame(tick);
			};
			requestAnimationFrame(tick);
		});
		const sentTotal = async () => {
			const { sent } = await agent.stats();
			return sent.notification + sent.statechange;
		};
		const before = await sentTotal();
		const { frames } = await agent.flood(FLOOD_PER_SECOND, FLOOD_SECONDS);
		await until(
			'the flood to be sent',
			async () => (await sentTotal()) - before,
			(n) => n >= frames,
			FLOOD_SECONDS * 3000
		);
		const sent = (await sentTotal()) - before;
		const received = async () =>
			numberIn(await textOf(page, 'notification-counts'), /(\d+) received/) +
			numberIn(await textOf(page, 'statechange-counts'), /(\d+) received/);
		// Until the page has read all that was sent, or has counted nothing new for 15 s (a
		// starved worker can pause for several seconds and then go on).
		const floodEnd = Date.now();
		let got = await received();
		for (let last = got, since = Date.now(); got !== sent && Date.now() - since < 15_000;) {
			await new Promise((resolve) => setTimeout(resolve, 500));
			got = await received();
			if (got !== last) [last, since] = [got, Date.now()];
		}
		const readAfter = (Date.now() - floodEnd) / 1000;
		const stats = await page.evaluate(() => {
			const s = (window as unknown as { __flood: { delays: number[]; longestGap: number } })
				.__flood;
			return { delays: s.delays, longestGap: s.longestGap };
		});
		const delays = stats.delays.sort((a, b) => a - b);
		return {
			sent,
			received: got,
			readAfter,
			kept: numberIn(await textOf(page, 'timeline-counts'), /of (\d+) kept/),
			delayMedian: percentile(delays, 50),
			delayP95: percentile(delays, 95),
			longestFrameGap: stats.longestGap,
			reader: (await textOf(page, 'notification-reader'))?.trim() ?? ''
		};
	} finally {
		await agent.close();
	}
}

export async function enginesSideBySide(site: string) {
	const results: Figures[] = [];
	for (const engine of ENGINES) {
		// The browser people use for Chromium, as the other sections do; Debian's ESR for Firefox.
		const full = fullChromiumExecutable() ?? chromiumExecutable();
		const browser =
			engine === 'chromium' && full
				? await launchPuppeteer('chromium', full)
				: await launch(engine);
		try {
			const page = await browser.newPage();
			const pages = await pageChanges(page, site);
			const flooded = await flood(page, site);
			results.push({
				version: browser.version,
				pageMedian: pages.median,
				pageP95: pages.p95,
				...flooded
			});
		} finally {
			await browser.close();
		}
	}
	const ms = (n: number) => `${n.toFixed(0)} ms`;
	const count = (n: number) => n.toLocaleString('en');
	const rows: [string, (f: Figures) => string][] = [
		['browser', (f) => f.version],
		[
			`users page change, ${count(USERS)} users: median, p95`,
			(f) => `${ms(f.pageMedian)}, ${ms(f.pageP95)}`
		],
		[
			'flood: frames sent / received / kept',
			(f) => `${count(f.sent)} / ${count(f.received)} / ${count(f.kept)}`
		],
		['flood: all read, after the last sent', (f) => `${f.readAfter.toFixed(1)} s`],
		['flood: arrival to row, median, p95', (f) => `${ms(f.delayMedian)}, ${ms(f.delayP95)}`],
		['flood: longest wait between frames', (f) => ms(f.longestFrameGap)],
		['flood: where frames were read', (f) => f.reader.replace(/, at most.*/, '')]
	];
	console.log(
		`\nEngines side by side: the users list's page change (${PAGE_CHANGES} changes) and a flood of ${count(FLOOD_PER_SECOND)} frames/s for ${FLOOD_SECONDS} s on both channels with the events page alone, each engine driven by puppeteer-core\n`
	);
	const width = Math.max(...rows.map(([label]) => label.length)) + 2;
	const column = Math.max(...rows.flatMap(([, cell]) => results.map((f) => cell(f).length))) + 2;
	for (const [label, cell] of rows)
		console.log(`  ${label.padEnd(width)}${results.map((f) => cell(f).padEnd(column)).join('')}`);
	for (const [label, cell] of rows.slice(1, -1))
		record(
			`engines side by side, ${label}`,
			results.map((f) => `${f.version}: ${cell(f)}`).join('; ')
		);
	// Two cores shared with whatever else runs: the figures mean little under load.
	console.log(`\n  load average over the last 5 minutes: ${loadavg()[1]!.toFixed(1)}`);
}
