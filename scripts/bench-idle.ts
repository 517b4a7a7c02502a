import { readdirSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startSimulator } from '../simulator/index.ts';
import { signedInContext } from './bench-browser.ts';
import { chromiumExecutable } from './chromium.ts';
import { startStaticServer } from './static-server.ts';

/**
 * The idle section of `npm run bench`: the CPU time of the browser's processes (browser, GPU,
 * renderer, the console's worker: the whole process tree) while one console tab sits open with the
 * development agent at its ordinary rate, beside the same figure for an empty page of the same
 * server (the floor). Read from /proc (Linux), in clock ticks.
 */

const TARGETS = { visibleAboveFloor: 1, hiddenAboveFloor: 0.3 };
/** `IDLE_SECONDS=20 npm run bench` measures each case for 20 s. */
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS) || 60;
const SETTLE_MS = 5000;
/** USER_HZ: what /proc counts CPU time in, on every Linux this runs on. */
const TICKS_PER_SECOND = 100;
/** Served beside the build for the floor, then removed; not part of the build. */
const EMPTY_PAGE = '__bench-empty.html';

type Proc = { pid: number; ppid: number; ticks: number };

/**
 * One line of /proc/<pid>/stat: the parent (field 4) and the CPU time so far, user and system
 * (fields 14 and 15). The command name (field 2) is in parentheses and may hold spaces and
 * parentheses itself: the fields are counted from the last closing one.
 */
export function parseStat(pid: number, stat: string): Proc {
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	return { pid, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** Every process, from /proc. */
function processes(): Proc[] {
	const found: Proc[] = [];
	for (const name of readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		try {
			found.push(parseStat(Number(name), readFileSync(join('/proc', name, 'stat'), 'utf8')));
		} catch {
			// Ended since the directory was read.
		}
	}
	return found;
}

/** The processes below `roots`, the roots included, with their CPU time. */
export function treeOf(all: Proc[], roots: Set<number>): Map<number, number> {
	const inTree = new Set(roots);
	for (let grew = true; grew;) {
		grew = false;
		for (const p of all)
			if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
				inTree.add(p.pid);
				grew = true;
			}
	}
	return new Map(all.filter((p) => inTree.has(p.pid)).map((p) => [p.pid, p.ticks]));
}

/**
 * CPU ticks a tree used between two readings. A process that started in between counts whole; one
 * that ended in between loses its share (none did in the runs this was written with).
 */
export function ticksBetween(before: Map<number, number>, after: Map<number, number>): number {
	let ticks = 0;
	for (const [pid, now] of after) ticks += now - (before.get(pid) ?? 0);
	return ticks;
}

const tree = (roots: Set<number>) => treeOf(processes(), roots);

const children = () =>
	new Set(
		processes()
			.filter((p) => p.ppid === process.pid)
			.map((p) => p.pid)
	);

/** CPU of the tree over `seconds`, as a percentage of one core. */
async function cpuOver(roots: Set<number>, seconds: number) {
	const before = tree(roots);
	const start = performance.now();
	await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
	const after = tree(roots);
	const wall = (performance.now() - start) / 1000;
	const ticks = ticksBetween(before, after);
	return { percent: (ticks / TICKS_PER_SECOND / wall) * 100, ticks, processes: after.size };
}

/**
 * Headless Chromium reports every page visible, and nothing Playwright can do makes it hidden. This
 * tells the console's own code the page is hidden, as the browser would: the page's document only
 * (a worker cannot be reached from here; the console tells its own what it would).
 */
const EMULATE_HIDDEN = `(() => {
	Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
	Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
	document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
})()`;

type Case = {
	label: string;
	path: string;
	signedIn: boolean;
	hidden?: boolean;
	/** Shown once the page has loaded what it shows. */
	ready?: (page: Page) => Promise<unknown>;
};

async function measure(
	browser: Browser,
	roots: Set<number>,
	baseUrl: string,
	agentUrl: string,
	c: Case
) {
	const context = c.signedIn
		? await signedInContext(browser, agentUrl)
		: await browser.newContext();
	try {
		const page = await context.newPage();
		await page.goto(baseUrl + c.path, { waitUntil: 'load' });
		await c.ready?.(page);
		if (c.hidden) await page.evaluate(EMULATE_HIDDEN);
		await page.waitForTimeout(SETTLE_MS);
		return await cpuOver(roots, IDLE_SECONDS);
	} finally {
		await context.close();
	}
}

const heading = (name: string) => (page: Page) =>
	page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

export async function idleCpu() {
	const empty = join('build', EMPTY_PAGE);
	await writeFile(empty, '<!doctype html><html lang="en"><title>empty</title></html>\n');
	const sim = await startSimulator({ port: 0, log: false });
	const site = await startStaticServer({ root: 'build', host: '127.0.0.1', port: 0 });
	sim.options.allowOrigins = [site.url];
	// Its own browser, so that its process tree is all that is measured: the browser processes
	// started by this launch are those that were not children of this process before it.
	const others = children();
	const browser = await chromium.launch({ executablePath: chromiumExecutable() });
	const roots = new Set([...children()].filter((pid) => !others.has(pid)));
	if (!roots.size) throw new Error('The browser launched is not a child of this process.');
	try {
		console.log(
			`\nIdle CPU: the browser's processes (browser, GPU, renderer, worker) over ${IDLE_SECONDS} s with one tab open, the development agent at its ordinary rate (${sim.options.eventsPerSecond} events/s), ${SETTLE_MS / 1000} s after the page loaded; ${chromiumExecutable() ?? "Playwright's Chromium"}`
		);
		console.log(
			`  targets: visible under ${TARGETS.visibleAboveFloor} % of a core above the floor, hidden under ${TARGETS.hiddenAboveFloor} %\n`
		);
		const floor = await measure(browser, roots, site.url, sim.url, {
			label: 'floor',
			path: `/${EMPTY_PAGE}`,
			signedIn: false
		});
		const pct = (n: number) => `${n.toFixed(2)} %`;
		console.log(
			`  ${'floor: an empty page of the same server'.padEnd(44)} ${pct(floor.percent).padStart(8)} of a core (${floor.processes} processes, ${floor.ticks} ticks of ${1000 / TICKS_PER_SECOND} ms)`
		);
		const cases: Case[] = [
			{ label: 'overview (/), visible', path: '/', signedIn: true, ready: heading('Overview') },
			{
				label: 'overview (/), hidden',
				path: '/',
				signedIn: true,
				hidden: true,
				ready: heading('Overview')
			},
			{
				label: 'events (/events), visible',
				path: '/events',
				signedIn: true,
				ready: heading('Events')
			},
			{
				label: 'events (/events), hidden',
				path: '/events',
				signedIn: true,
				hidden: true,
				ready: heading('Events')
			}
		];
		for (const c of cases) {
			const { percent, processes } = await measure(browser, roots, site.url, sim.url, c);
			const above = percent - floor.percent;
			const target = c.hidden ? TARGETS.hiddenAboveFloor : TARGETS.visibleAboveFloor;
			console.log(
				`  ${c.label.padEnd(44)} ${pct(percent).padStart(8)} of a core, ${pct(above).padStart(7)} above the floor (${processes} processes)  ${above < target ? 'ok' : 'OVER TARGET'}`
			);
		}
		console.log(
			`\n  hidden is emulated for the console's own code (headless Chromium shows every tab): the page's document says 'hidden' and fires visibilitychange, and the console tells its worker what it would; the browser's own throttling of hidden tabs (timers, animation frames) is not applied, so the hidden figures are an upper bound.`
		);
	} finally {
		await browser.close();
		site.server.close();
		await sim.close();
		await rm(empty, { force: true });
	}
}
