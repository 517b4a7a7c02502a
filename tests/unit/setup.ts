import { afterAll, vi } from 'vitest';
import { readFormatsFrom } from '$lib/format/intl';
import { readLocaleFrom } from '$lib/i18n/catalogs';

/**
 * Run before every unit-test file. Most files share one set of modules (`isolate: false` in
 * vite.config.ts), so what a file set for itself is undone when it ends, and the next file starts
 * as a fresh one would: English messages and formats, real timers, the real globals.
 */
afterAll(() => {
	readLocaleFrom();
	readFormatsFrom();
	vi.useRealTimers();
	vi.unstubAllGlobals();
	vi.unstubAllEnvs();
});
