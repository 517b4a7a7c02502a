import { defineConfig } from '@playwright/test';
import { chromiumExecutable, fullChromiumExecutable } from './scripts/chromium.ts';

/** Where the built console is served for the tests (not 4173, so `npm start` can run alongside). */
export const E2E_PORT = Number(process.env.E2E_PORT) || 4180;
export const E2E_ORIGIN = `http://localhost:${E2E_PORT}`;

// Playwright cannot download its own browser on these machines: use Debian's when present.
const executablePath = chromiumExecutable();
/** Tests of what only the full browser does (see scripts/chromium.ts). */
const FULL_BROWSER_TESTS = ['**/local-network.e2e.ts', '**/embedding.e2e.ts'];
/**
 * Files whose tests mostly wait on clocks: the page's tick and trickle, the hub's hidden batch,
 * the development agent's timers, a second process starting (or a package packed and installed).
 * Run all at once, as the files' order had them, four of them left both cores 40 to 70 % idle for
 * half a minute at a time; in a project of their own, at most two at a time, first in the queue,
 * they wait beside the other tests' work.
 */
const WAITING_TESTS = [
	'credentials',
	'events',
	'hostile-frames',
	'keyboard',
	'overview',
	'overview-state',
	'package',
	'quiet',
	'search-safety',
	'shared-sockets',
	'start',
	'timeline-store',
	'upgrade'
].map((name) => `**/${name}.e2e.ts`);

export default defineConfig({
	testDir: 'tests/e2e',
	testMatch: '**/*.e2e.ts',
	fullyParallel: true,
	forbidOnly: !!process.env.CI,
	// Five on two cores: the tests wait on the development agent's clocks and the live channels
	// much of the time; measured on this machine, 8.3 min with two, 7.2 with three, 6.5 with four
	// (85 % of both cores busy), and 5.9 with five, two of them for the waiting files (99 % busy).
	workers: 5,
	// A test that needs a retry is a defect to fix, not to hide.
	retries: 0,
	timeout: 45_000,
	expect: { timeout: 10_000 },
	reporter: [['list'], ['./tests/reporters/playwright-slowest.ts']],
	use: {
		baseURL: E2E_ORIGIN,
		// Off: recording costs a quarter of the browser's CPU on every passing test, and this suite
		// is CPU-bound on two cores. To look into a failure: `npm run test:e2e -- --trace on`.
		trace: 'off',
		// The console's service worker would keep every build file in every test's browser, and
		// answer reloads from its cache past `page.route`: only the tests of it allow it.
		serviceWorkers: 'block'
	},
	projects: [
		{
			name: 'chromium-waiting',
			testMatch: WAITING_TESTS,
			workers: 2,
			use: { launchOptions: { executablePath } }
		},
		{
			name: 'chromium',
			testIgnore: [...FULL_BROWSER_TESTS, ...WAITING_TESTS],
			use: { launchOptions: { executablePath } }
		},
		{
			name: 'full-chromium',
			testMatch: FULL_BROWSER_TESTS,
			use: { launchOptions: { executablePath: fullChromiumExecutable() } }
		}
	],
	webServer: {
		command: `npx tsx scripts/serve.ts --port ${E2E_PORT} --dev-identity-provider`,
		url: `${E2E_ORIGIN}/config.json`,
		reuseExistingServer: !process.env.CI,
		timeout: 180_000,
		stdout: 'ignore'
	}
});
