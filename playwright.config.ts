import { defineConfig } from '@playwright/test';
import { chromiumExecutable, fullChromiumExecutable } from './scripts/chromium.ts';

/** Where the built console is served for the tests (not 4173, so `npm start` can run alongside). */
export const E2E_PORT = Number(process.env.E2E_PORT) || 4180;
export const E2E_ORIGIN = `http://localhost:${E2E_PORT}`;

// Playwright cannot download its own browser on these machines: use Debian's when present.
const executablePath = chromiumExecutable();
/** Tests of what only the full browser does (see scripts/chromium.ts). */
const FULL_BROWSER_TESTS = ['**/local-network.e2e.ts', '**/embedding.e2e.ts'];

export default defineConfig({
	testDir: 'tests/e2e',
	testMatch: '**/*.e2e.ts',
	fullyParallel: true,
	forbidOnly: !!process.env.CI,
	// Four on two cores: the tests wait on the development agent's clocks and the live channels
	// much of the time; measured on this machine, 8.3 min with two, 7.2 with three, 6.5 with four
	// (85 % of both cores busy).
	workers: 4,
	// A test that needs a retry is a defect to fix, not to hide.
	retries: 0,
	timeout: 45_000,
	expect: { timeout: 10_000 },
	reporter: [['list'], ['./tests/reporters/playwright-slowest.ts']],
	use: {
		baseURL: E2E_ORIGIN,
		// Off: recording costs a quarter of the browser's CPU on every passing test, and this suite
		// is CPU-bound on two cores. To look into a failure: `npm run test:e2e -- --trace on`.
		trace: 'off'
	},
	projects: [
		{
			name: 'chromium',
			testIgnore: FULL_BROWSER_TESTS,
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
