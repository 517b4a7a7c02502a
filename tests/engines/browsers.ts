import { existsSync } from 'node:fs';
import { chromiumExecutable } from '../../scripts/chromium.ts';
import type { EngineBrowser, EngineName } from './engine.ts';
import { launchPuppeteer } from './puppeteer.ts';
import { launchWebKit } from './webdriver.ts';

/** Debian's Firefox ESR, or $FIREFOX_PATH. `scripts/ensure-engines.sh` installs it when missing. */
export const firefoxExecutable = () => process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/** Starts the engine's browser: the same ones `npm run test:engines` and the bench use. */
export async function launch(engine: EngineName): Promise<EngineBrowser> {
	switch (engine) {
		case 'chromium': {
			const path = chromiumExecutable();
			if (!path) throw new Error('No Chromium here: run scripts/ensure-browser.sh');
			return launchPuppeteer('chromium', path);
		}
		case 'firefox': {
			const path = firefoxExecutable();
			if (!existsSync(path))
				throw new Error(`No Firefox at ${path}: run scripts/ensure-engines.sh`);
			return launchPuppeteer('firefox', path);
		}
		case 'webkit':
			return launchWebKit();
	}
}
