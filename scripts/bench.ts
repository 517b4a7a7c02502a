import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { startSimulator } from '../simulator/index.ts';
import { ensureBuild } from './ensure-build.ts';
import { startStaticServer } from './static-server.ts';

/**
 * `npm run bench`: figures measured in Chromium against the built console and the simulator.
 * Prints them; it does not fail on them (tests are for behaviour, this is for numbers).
 */

const FIRST_LOAD_TARGET_GZIP = 60 * 1024;
/** Signed-out routes first (sign-in is the one every user loads), then the console's pages. */
const ROUTES: { path: string; signedIn: boolean }[] = [
	{ path: '/login', signedIn: false },
	{ path: '/signup', signedIn: false },
	{ path: '/settings', signedIn: false },
	{ path: '/', signedIn: true },
	{ path: '/profile', signedIn: true },
	{ path: '/users', signedIn: true }
];
const PAGE_CHANGE_USERS = 100_000;
const PAGE_CHANGES = 50;
const PAGE_CHANGE_TARGET_P95_MS = 150;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function firstLoadJs(browser: Browser, baseUrl: string, agentUrl: string, token: string) {
	console.log('\nFirst-load JavaScript per route (cold cache, as the browser downloads it)');
	console.log(`  target: at most ${kb(FIRST_LOAD_TARGET_GZIP)} gzip for sign-in\n`);
	console.log(
		`  ${'route'.padEnd(14)} ${'files'.padStart(5)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'on wire'.padStart(10)}  verdict`
	);
	let signInBytes = 0;
	for (const { path: route, signedIn } of ROUTES) {
		const context = await browser.newContext();
		await context.addInitScript(
			({ url, token }) => {
				localStorage.setItem('agent-console:agent-url', url);
				if (token) sessionStorage.setItem(`agent-console:token:${url}`, token);
			},
			{ url: agentUrl, token: signedIn ? token : '' }
		);
		const page = await context.newPage();
		const bodies: Promise<Buffer>[] = [];
		const wire: Promise<number>[] = [];
		page.on('response', (response) => {
			if (response.request().resourceType() === 'script' && response.url().startsWith(baseUrl)) {
				bodies.push(response.body());
				// What actually crossed the wire, as Chromium counts it (the server sends brotli).
				wire.push(
					response
						.request()
						.sizes()
						.then((s) => s.responseBodySize)
				);
			}
		});
		await page.goto(baseUrl + route, { waitUntil: 'networkidle' });
		const files = await Promise.all(bodies);
		const sent = (await Promise.all(wire)).reduce((sum, n) => sum + n, 0);
		const raw = files.reduce((sum, b) => sum + b.length, 0);
		const gzip = files.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
		if (route === '/login') signInBytes = gzip;
		const verdict = route !== '/login' ? '' : gzip <= FIRST_LOAD_TARGET_GZIP ? 'ok' : 'OVER TARGET';
		console.log(
			`  ${route.padEnd(14)} ${String(files.length).padStart(5)} ${kb(raw).padStart(10)} ${kb(gzip).padStart(10)} ${kb(sent).padStart(10)}  ${verdict}`
		);
		await context.close();
	}
	console.log(
		`\n  sign-in (the page every user loads first): ${kb(signInBytes)} gzip, target ${kb(FIRST_LOAD_TARGET_GZIP)}`
	);
}

function percentile(sorted: number[], p: number): number {
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function signIn(agentUrl: string): Promise<string> {
	const login = await fetch(`${agentUrl}/authentication/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ username: 'admin@example.com', password: 'Passw0rd!', type: 16 })
	});
	return ((await login.json()) as { jwtToken: string }).jwtToken;
}

/**
 * Runs in the page; a string because the TypeScript runner would otherwise wrap its functions in
 * a helper the page does not have. Clicks "Next page", waits until the first row changes, then for
 * the task after the next frame, which runs once that frame is painted.
 */
const MEASURE_NEXT_PAGE = `(async () => {
	const firstRow = () => document.querySelector('tbody tr')?.textContent;
	const before = firstRow();
	const start = performance.now();
	document.querySelector('a[aria-label="Next page"]').click();
	await new Promise((resolve) => {
		const observer = new MutationObserver(() => {
			if (firstRow() === before) return;
			observer.disconnect();
			resolve();
		});
		observer.observe(document.body, { subtree: true, childList: true, characterData: true });
	});
	await new Promise((resolve) =>
		requestAnimationFrame(() => {
			const channel = new MessageChannel();
			channel.port1.onmessage = resolve;
			channel.port2.postMessage(null);
		})
	);
	return performance.now() - start;
})()`;

/**
 * From a click on "Next page" to the new rows painted: the click, the agent's answer, the render,
 * and the frame that shows it (the time is read in the task after that frame's paint).
 */
async function pageChanges(browser: Browser, baseUrl: string) {
	const sim = await startSimulator({
		port: 0,
		log: false,
		eventsPerSecond: 0,
		users: PAGE_CHANGE_USERS,
		allowOrigins: [baseUrl]
	});
	const context = await browser.newContext();
	try {
		const token = await signIn(sim.url);
		await context.addInitScript(
			({ url, token }) => {
				localStorage.setItem('agent-console:agent-url', url);
				sessionStorage.setItem(`agent-console:token:${url}`, token);
			},
			{ url: sim.url, token }
		);
		const page = await context.newPage();
		await page.goto(`${baseUrl}/users?pageSize=50`);
		await page.getByTestId('users-range').getByText('Showing 1 to 50').waitFor();
		const total = (await page.getByTestId('users-total').textContent())
			?.replace(/\s+/g, ' ')
			.trim();
		const times: number[] = [];
		for (let i = 0; i < PAGE_CHANGES; i++) {
			times.push(await page.evaluate<number>(MEASURE_NEXT_PAGE));
		}
		const sorted = [...times].sort((a, b) => a - b);
		const p95 = percentile(sorted, 95);
		console.log(
			`\nUsers list page change, click to new rows painted (${PAGE_CHANGES} changes, 50 rows, ${total})`
		);
		console.log(`  target: p95 under ${PAGE_CHANGE_TARGET_P95_MS} ms\n`);
		console.log(
			`  median ${percentile(sorted, 50).toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   max ${sorted.at(-1)?.toFixed(1)} ms  ${p95 < PAGE_CHANGE_TARGET_P95_MS ? 'ok' : 'OVER TARGET'}`
		);
	} finally {
		await context.close();
		await sim.close();
	}
}

async function main() {
	ensureBuild();
	const sim = await startSimulator({ port: 0, log: false, eventsPerSecond: 0 });
	const site = await startStaticServer({ root: 'build', host: '127.0.0.1', port: 0 });
	sim.options.allowOrigins = [site.url];
	const executablePath =
		process.env.CHROMIUM_PATH ||
		(existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
	const browser = await chromium.launch({ executablePath });
	try {
		console.log(
			`Benchmark of the built console (${site.url}) against the development agent (${sim.url})`
		);
		await firstLoadJs(browser, site.url, sim.url, await signIn(sim.url));
		await pageChanges(browser, site.url);
	} finally {
		await browser.close();
		site.server.close();
		await sim.close();
	}
}

await main();
