import { existsSync } from 'node:fs';

const SHELL = '/usr/bin/chromium-headless-shell';
const FULL = '/usr/bin/chromium';

/**
 * The Chromium the tests and the bench drive: $CHROMIUM_PATH, else Debian's headless shell (half
 * the CPU of the full browser for the same tests on two cores), else Debian's full Chromium, else
 * Playwright's own (undefined). `scripts/ensure-browser.sh` installs both of Debian's when missing.
 */
export function chromiumExecutable(): string | undefined {
	if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
	return [SHELL, FULL].find((path) => existsSync(path));
}

/**
 * The full browser, for the tests of what only it does as a person's browser does: Local Network
 * Access prompts and refusals, and storage blocked in a frame on another site. The headless shell
 * allows both.
 */
export function fullChromiumExecutable(): string | undefined {
	if (process.env.CHROMIUM_FULL_PATH) return process.env.CHROMIUM_FULL_PATH;
	return existsSync(FULL) ? FULL : undefined;
}
