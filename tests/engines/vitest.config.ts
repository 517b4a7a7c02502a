import { defineConfig } from 'vitest/config';

/**
 * The journeys in Firefox and WebKit (and Chromium), `npm run test:engines`: one file, its engines
 * one after another, each journey's steps in order in one browser. Apart from the unit tests'
 * config, which runs in parallel and without browsers.
 */
export default defineConfig({
	test: {
		include: ['tests/engines/**/*.engines.ts'],
		environment: 'node',
		fileParallelism: false,
		testTimeout: 60_000,
		hookTimeout: 60_000,
		expect: { requireAssertions: false },
		reporters: ['verbose', './tests/reporters/vitest-slowest.ts']
	}
});
