import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** Where the built console is served for the tests (not 4173, so `npm start` can run alongside). */
export const E2E_PORT = Number(process.env.E2E_PORT) || 4180;
export const E2E_ORIGIN = `http://localhost:${E2E_PORT}`;

// Playwright cannot download its own browser on these machines: use Debian's Chromium when present.
const executablePath =
	process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
	testDir: 'tests/e2e',
	testMatch: '**/*.e2e.ts',
	fullyParallel: true,
	forbidOnly: !!process.env.CI,
	workers: 2,
	// A test that needs a retry is a defect to fix, not to hide.
	retries: 0,
	timeout: 30_000,
	expect: { timeout: 7_000 },
	reporter: [['list'], ['./tests/reporters/playwright-slowest.ts']],
	use: {
		baseURL: E2E_ORIGIN,
		launchOptions: { executablePath },
		trace: 'retain-on-failure'
	},
	webServer: {
		command: `npx tsx scripts/serve.ts --port ${E2E_PORT}`,
		url: `${E2E_ORIGIN}/config.json`,
		reuseExistingServer: !process.env.CI,
		timeout: 180_000,
		stdout: 'ignore'
	}
});
