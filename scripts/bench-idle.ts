import { readdirSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startSimulator } from '../simulator/index.ts';
import { signIn } from './bench-browser.ts';
import { CdpBrowser } from './cdp.ts';
import { fullChromiumExecutable } from './chromium.ts';
import { startStaticServer } from './static-server.ts';
import { until } from '../tests/engines/until.ts';
import { parseStat, processes, tree } from './processes.ts';
import { record } from './bench-table.ts';

/**
 * The idle section of `npm run bench`: the CPU time of the browser's processes (browser, GPU,
 * renderer, the console's worker: the whole process tree) while one console tab sits open with the
 * development agent at its ordinary rate, beside the same figure for an empty page of the same
 * server (the floor), visible and with another tab in front, and for a page that only holds the
 * console's two channels open (what the agent's traffic costs the browser before any code reads
 * it). Read from /proc (Linux), in clock ticks. The full Chromium, driven over the DevTools
 * protocol (`cdp.ts`): only it hides a tab behind another, and only without Playwright does it
 * throttle a hidden tab as it would a person's.
 *
 * The targets are for the console's own cost: its figure less the channels alone, both above the
 * floor of the same run, so that what the agent's traffic costs the browser (which no code of the
 * console can lower, and which differs from one machine to the next) is not counted against it.
 */

const TARGETS = { visible: 1, hidden: 0.3 };
/** `IDLE_SECONDS=20 npm run bench` measures each case for 20 s. */
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS) || 60;
const SETTLE_MS = 5000;
/** USER_HZ: what /proc counts CPU time in, on every Linux this runs on. */
const TICKS_PER_SECOND = 100;
/** Served beside the build for the floor, then removed; not part of the build. */
const EMPTY_PAGE = '__bench-empty.html';
/**
 * The agent's traffic alone, beside the floor: a page whose shared worker holds the console's two
 * channels open and does nothing with their frames. What the browser spends carrying each frame
 * (its network service, the renderer's IO thread, the worker's thread) is in this figure; what the
 * console does with them is the difference between it and the console's.
 */
const SOCKETS_FILES = {
	'__bench-sockets.html':
		'<!doctype html><html lang="en"><title>sockets</title><script src="/__bench-sockets.js"></script></html>\n',
	'__bench-sockets.js': `const agent = new URLSearchParams(location.search).get('agent');
new SharedWorker('/__bench-sockets-worker.js').port.postMessage(agent);
`,
	'__bench-sockets-worker.js': `let frames = 0;
self.onconnect = (event) => {
	event.ports[0].onmessage = ({ data }) => {
		for (const channel of ['notification', 'statechange'])
			new WebSocket(data + '/' + channel).onmessage = () => frames++;
	};
};
`
};

/**
 * CPU ticks a tree used between two readings. A process that started in between counts whole; one
 * that ended in between loses its share (none did in the runs this was written with).
 */
export function ticksBetween(before: Map<number, number>, after: Map<number, number>): number {
	let ticks = 0;
	for (const [pid, now] of after) ticks += now - (before.get(pid) ?? 0);
	return ticks;
}

/** A Chromium process's part, from its command line: browser, gpu, renderer, network, … */
export function partOf(cmdline: string): string {
	const args = cmdline.split(/[\0 ]/);
	const type = args.find((a) => a.startsWith('--type='))?.slice(7);
	if (!type) return 'browser';
	if (type === 'gpu-process') return 'gpu';
	if (type !== 'utility') return type;
	const sub = args.find((a) => a.startsWith('--utility-sub-type='))?.slice(19) ?? 'utility';
	if (/network/i.test(sub)) return 'network';
	if (/storage/i.test(sub)) return 'storage';
	// Another service (audio, data decoder…): named, so that a figure says which.
	return sub === 'utility' ? 'utility' : `utility ${sub.split('.')[0]}`;
}

/** A service of the browser's own (`utility <name>`), not one a page's work goes through. */
export const isBrowsersOwn = (part: string) => part.startsWith('utility ');

/** A worker's thread in a renderer ("SharedWorker th", "DedicatedWorker t"): the console's hub. */
const WORKER_THREAD = /Worker/;

/**
 * Each part's CPU ticks so far, the renderers' worker threads apart as "worker": where the cost
 * is, for the figures' reader.
 */
function partsOf(pids: Iterable<number>): Map<string, number> {
	const parts = new Map<string, number>();
	const add = (part: string, ticks: number) => parts.set(part, (parts.get(part) ?? 0) + ticks);
	for (const pid of pids) {
		let part: string;
		try {
			part = partOf(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
		} catch {
			continue;
		}
		let threads: string[] = [];
		try {
			threads = part === 'renderer' ? readdirSync(`/proc/${pid}/task`) : [];
		} catch {
			// Ended.
		}
		if (threads.length === 0) {
			const ticks = processes().find((p) => p.pid === pid)?.ticks;
			if (ticks !== undefined) add(part, ticks);
			continue;
		}
		for (const tid of threads) {
			try {
				const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
				const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
				add(WORKER_THREAD.test(name) ? 'worker' : part, parseStat(Number(tid), stat).ticks);
			} catch {
				// Ended.
			}
		}
	}
	return parts;
}

/** CPU of the tree over `seconds`, as a percentage of one core, and each part's ticks. */
async function cpuOver(roots: Set<number>, seconds: number) {
	const before = tree(roots);
	const partsBefore = partsOf(before.keys());
	const start = performance.now();
	await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
	const after = tree(roots);
	const partsAfter = partsOf(after.keys());
	const wall = (performance.now() - start) / 1000;
	const ticks = ticksBetween(before, after);
	const used = [...partsAfter]
		.map(([part, now]) => [part, now - (partsBefore.get(part) ?? 0)] as const)
		.filter(([, n]) => n > 0)
		.sort((a, b) => b[1] - a[1]);
	// The browser's own services that no page asks for (its on-device model, for one) start when
	// the browser decides: left out of the figure, and said.
	const theirs = used.filter(([part]) => isBrowsersOwn(part));
	const left = theirs.reduce((sum, [, n]) => sum + n, 0);
	const ours = ticks - left;
	const parts = [
		used
			.filter(([part]) => !isBrowsersOwn(part))
			.map(([part, n]) => `${part} ${n}`)
			.join(', '),
		...(theirs.length
			? [`left out, the browser's own: ${theirs.map(([part, n]) => `${part} ${n}`).join(', ')}`]
			: [])
	].join('; ');
	return {
		percent: (ours / TICKS_PER_SECOND / wall) * 100,
		ticks: ours,
		processes: after.size,
		parts
	};
}

type Case = {
	label: string;
	path: string;
	signedIn: boolean;
	hidden?: boolean;
	/** A heading the page shows once it has loaded what it shows. */
	heading?: string;
	/** Resolves once the page does what it is measured for; rejects (the bench fails) if it never does. */
	ready?: () => Promise<void>;
};

/** Storage as a sign-in leaves it, written before the console's own scripts run. */
const signedInScript = (agentUrl: string, token: string) => `(() => {
	localStorage.setItem('agent-console:agent-url', ${JSON.stringify(agentUrl)});
	sessionStorage.setItem(${JSON.stringify(`agent-console:token:${agentUrl}`)}, ${JSON.stringify(token)});
})()`;

/**
 * The case's CPU over IDLE_SECONDS, SETTLE_MS after it loaded (or was hidden); a hidden case twice,
 * one window after the other. In the first minute after a tab is hidden the browser collects its
 * garbage (V8's memory reducer, in small steps, as the tab is throttled: 20 to 30 ms of the page's
 * main thread in 30 s, traced on 2026-11-27, none of it 40 s on); the second window is what a tab
 * left hidden all day costs, and the target is for it. Both are printed.
 */
async function measure(browser: CdpBrowser, baseUrl: string, agentUrl: string, c: Case) {
	const tab = await browser.newTab();
	try {
		if (c.signedIn) await tab.beforeEachDocument(signedInScript(agentUrl, await signIn(agentUrl)));
		await tab.goto(baseUrl + c.path);
		await tab.waitFor(`document.readyState === 'complete'`);
		if (c.heading)
			await tab.waitFor(
				`[...document.querySelectorAll('h1')].some((h) => h.textContent.trim() === ${JSON.stringify(c.heading)})`
			);
		await c.ready?.();
		if (c.hidden) {
			// Another tab in front, in the same window: the browser hides this one, as a person's does.
			await browser.newTab(tab.context);
			await tab.waitFor(`document.visibilityState === 'hidden'`, 5000);
		}
		await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
		const roots = new Set([browser.process.pid!]);
		const windows = [await cpuOver(roots, IDLE_SECONDS)];
		if (c.hidden) windows.push(await cpuOver(roots, IDLE_SECONDS));
		return windows;
	} finally {
		await browser.send('Target.disposeBrowserContext', { browserContextId: tab.context });
	}
}

/** The windows of a hidden case, in order. */
const HIDDEN_WINDOWS = ['first minute after hiding', 'the minute after'];

/** The figures of one page, above the floor: the page, the channels alone, and the difference. */
export type SideBySide = { page: number; channels: number };

/**
 * The console's own cost, its page's figure less the channels alone, and whether it is at most
 * the target.
 */
export function ownCost({ page, channels }: SideBySide, target: number) {
	const own = page - channels;
	return { own, ok: own <= target };
}

const pct = (n: number) => `${n.toFixed(2)} %`;

export async function idleCpu() {
	const executable = fullChromiumExecutable();
	if (!executable) {
		console.log(
			'\nIdle CPU: skipped, it needs the full Chromium (scripts/ensure-browser.sh installs it).'
		);
		return;
	}
	const empty = join('build', EMPTY_PAGE);
	await writeFile(empty, '<!doctype html><html lang="en"><title>empty</title></html>\n');
	for (const [name, text] of Object.entries(SOCKETS_FILES))
		await writeFile(join('build', name), text);
	const sim = await startSimulator({ port: 0, log: false });
	const site = await startStaticServer({ root: 'build', host: '127.0.0.1', port: 0 });
	sim.options.allowOrigins = [site.url];
	const browser = await CdpBrowser.launch(executable);
	try {
		console.log(
			`\nIdle CPU: the browser's processes (browser, GPU, renderer, worker) over ${IDLE_SECONDS} s with one tab open, the development agent at its ordinary rate (${sim.options.eventsPerSecond} events/s), ${SETTLE_MS / 1000} s after the page loaded; ${executable} headless with its own defaults (a hidden tab is one with another tab in front of it, throttled as the browser throttles it)`
		);
		console.log(
			`  targets, for the console's own cost (its figure less the channels alone, both above the floor): visible under ${TARGETS.visible} % of a core, hidden under ${TARGETS.hidden} % (its second minute: the first holds the browser's garbage collection after hiding)\n`
		);
		// The floor of each window: visible, then hidden's first minute and the minute after.
		const floors = { visible: [0], hidden: [0, 0] };
		for (const hidden of [false, true]) {
			const windows = await measure(browser, site.url, sim.url, {
				label: 'floor',
				path: `/${EMPTY_PAGE}`,
				signedIn: false,
				hidden
			});
			floors[hidden ? 'hidden' : 'visible'] = windows.map((w) => w.percent);
			windows.forEach((floor, i) => {
				const label = `floor: an empty page of the same server, ${hidden ? `hidden, ${HIDDEN_WINDOWS[i]}` : 'visible'}`;
				console.log(
					`  ${label.padEnd(78)} ${pct(floor.percent).padStart(8)} of a core (${floor.processes} processes, ${floor.ticks} ticks of ${1000 / TICKS_PER_SECOND} ms: ${floor.parts})`
				);
			});
		}
		// The agent's traffic alone, each window beside its floor.
		const sockets = { visible: [0], hidden: [0, 0] };
		for (const hidden of [false, true]) {
			const agent = encodeURIComponent(sim.url.replace(/^http/, 'ws'));
			const windows = await measure(browser, site.url, sim.url, {
				label: 'sockets',
				path: `/__bench-sockets.html?agent=${agent}`,
				signedIn: false,
				hidden,
				// Both channels open, or the figure would be the floor's.
				ready: async () => {
					await until(
						'the page to open both channels',
						async () => [sim.live.clientCount('notification'), sim.live.clientCount('statechange')],
						(clients) => clients.every((n) => n > 0)
					);
				}
			});
			const key = hidden ? 'hidden' : 'visible';
			sockets[key] = windows.map((w) => w.percent);
			windows.forEach((alone, i) => {
				const label = `the two channels alone, frames not read, ${hidden ? `hidden, ${HIDDEN_WINDOWS[i]}` : 'visible'}`;
				const above = alone.percent - (floors[key][i] ?? 0);
				console.log(
					`  ${label.padEnd(78)} ${pct(alone.percent).padStart(8)} of a core, ${pct(above).padStart(7)} above the floor (${alone.ticks} ticks: ${alone.parts})`
				);
			});
		}
		const cases: Case[] = [
			{ label: 'overview (/), visible', path: '/', signedIn: true, heading: 'Overview' },
			{
				label: 'overview (/), hidden',
				path: '/',
				signedIn: true,
				hidden: true,
				heading: 'Overview'
			},
			{ label: 'events (/events), visible', path: '/events', signedIn: true, heading: 'Events' },
			{
				label: 'events (/events), hidden',
				path: '/events',
				signedIn: true,
				hidden: true,
				heading: 'Events'
			}
		];
		/** The judged window of each case (visible, or hidden's minute after), for the summary. */
		const judged = new Map<string, SideBySide>();
		for (const c of cases) {
			const windows = await measure(browser, site.url, sim.url, c);
			const key = c.hidden ? 'hidden' : 'visible';
			windows.forEach(({ percent, processes, ticks, parts }, i) => {
				const above = percent - (floors[key][i] ?? 0);
				const alone = (sockets[key][i] ?? 0) - (floors[key][i] ?? 0);
				// A hidden tab's first minute holds the browser's own clean-up after hiding: said, not judged.
				const isJudged = !c.hidden || i === windows.length - 1;
				const { own, ok } = ownCost({ page: above, channels: alone }, TARGETS[key]);
				if (isJudged) judged.set(c.label, { page: above, channels: alone });
				const verdict = !isJudged ? "(the browser's clean-up)" : ok ? 'ok' : 'OVER TARGET';
				const label = c.hidden ? `${c.label}, ${HIDDEN_WINDOWS[i]}` : c.label;
				console.log(
					`  ${label.padEnd(78)} ${pct(percent).padStart(8)} of a core, ${pct(above).padStart(7)} above the floor (${processes} processes)`
				);
				console.log(
					`  ${''.padEnd(78)} ${pct(own)} above the channels alone  ${verdict}; ${ticks} ticks: ${parts}`
				);
			});
		}
		// Two cores shared with whatever else runs: a figure under load says little, so it says so.
		const load = loadavg()[0]!;
		const windowed = ` (${IDLE_SECONDS === 60 ? '' : `${IDLE_SECONDS} s windows, `}load average ${load.toFixed(1)})`;
		console.log(
			`\n  side by side, % of a core above the floor (hidden: the minute after)${windowed}:\n`
		);
		console.log(
			`  ${'page'.padEnd(28)} ${'channels alone'.padStart(14)} ${'console'.padStart(9)} ${'its own'.padStart(9)} ${'target'.padStart(8)}  verdict`
		);
		for (const [page, label] of [
			['overview', 'overview (/)'],
			['events page', 'events (/events)']
		] as const) {
			const cells: string[] = [];
			for (const key of ['visible', 'hidden'] as const) {
				const figures = judged.get(`${label}, ${key}`);
				if (!figures) continue;
				const { own, ok } = ownCost(figures, TARGETS[key]);
				console.log(
					`  ${`${page}, ${key}`.padEnd(28)} ${pct(figures.channels).padStart(14)} ${pct(figures.page).padStart(9)} ${pct(own).padStart(9)} ${`${TARGETS[key]} %`.padStart(8)}  ${ok ? 'ok' : 'OVER TARGET'}`
				);
				cells.push(
					`${key} ${pct(own)} (${pct(figures.page)} less the channels' ${pct(figures.channels)}) ${ok ? 'ok' : 'over'}`
				);
			}
			record(
				`idle CPU, ${page}: the console's own, above the two channels alone`,
				cells.join('; ') + windowed,
				`visible under ${TARGETS.visible} %, hidden under ${TARGETS.hidden} % of a core`
			);
		}
	} finally {
		await browser.close();
		site.server.close();
		await sim.close();
		await rm(empty, { force: true });
		for (const name of Object.keys(SOCKETS_FILES)) await rm(join('build', name), { force: true });
	}
}
