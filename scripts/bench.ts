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
	{ path: '/profile', signedIn: true }
];

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function firstLoadJs(browser: Browser, baseUrl: string, agentUrl: string, token: string) {
	console.log('\nFirst-load JavaScript per route (cold cache, as the browser downloads it)');
	console.log(`  target: at most ${kb(FIRST_LOAD_TARGET_GZIP)} gzip for any route\n`);
	console.log(
		`  ${'route'.padEnd(14)} ${'files'.padStart(5)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'on wire'.padStart(10)}  verdict`
	);
	let worst = 0;
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
		worst = Math.max(worst, gzip);
		const verdict = gzip <= FIRST_LOAD_TARGET_GZIP ? 'ok' : 'OVER TARGET';
		console.log(
			`  ${route.padEnd(14)} ${String(files.length).padStart(5)} ${kb(raw).padStart(10)} ${kb(gzip).padStart(10)} ${kb(sent).padStart(10)}  ${verdict}`
		);
		await context.close();
	}
	console.log(`\n  largest first load: ${kb(worst)} gzip (target ${kb(FIRST_LOAD_TARGET_GZIP)})`);
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
		const login = await fetch(`${sim.url}/authentication/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ username: 'admin@example.com', password: 'Passw0rd!', type: 16 })
		});
		const { jwtToken } = (await login.json()) as { jwtToken: string };
		await firstLoadJs(browser, site.url, sim.url, jwtToken);
	} finally {
		await browser.close();
		site.server.close();
		await sim.close();
	}
}

await main();
