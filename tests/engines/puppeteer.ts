import puppeteer, { type Browser, type Frame, type KeyInput, type Page } from 'puppeteer-core';
import {
	callSource,
	type EngineBrowser,
	type EngineFrame,
	type EnginePage,
	type Key
} from './engine.ts';

/** Firefox speaks WebDriver BiDi, Chromium the DevTools protocol: puppeteer-core drives both. */
type PuppeteerEngine = 'chromium' | 'firefox';

const KEYS: Record<Key, KeyInput> = {
	Enter: 'Enter',
	Tab: 'Tab',
	Escape: 'Escape',
	Space: 'Space',
	ArrowDown: 'ArrowDown',
	Backspace: 'Backspace'
};

function frameOf(frame: Frame): EngineFrame {
	return {
		evaluate: async (fn, ...args) => (await frame.evaluate(callSource(fn, args))) as never,
		click: (selector) => frame.click(selector)
	};
}

function pageOf(page: Page): EnginePage {
	return {
		...frameOf(page.mainFrame()),
		async goto(url) {
			await page.goto(url, { waitUntil: 'load' });
		},
		async reload() {
			await page.reload({ waitUntil: 'load' });
		},
		type: (text) => page.keyboard.type(text),
		press: (key) => page.keyboard.press(KEYS[key]),
		async inFrame(selector, steps) {
			const element = await page.waitForSelector(selector);
			const frame = await element?.contentFrame();
			if (!frame) throw new Error(`No frame at ${selector}`);
			return steps(frameOf(frame));
		},
		resize: (width, height) => page.setViewport({ width, height }),
		async screenshot(path) {
			await page.screenshot({ path: path as `${string}.png` });
		},
		close: () => page.close()
	};
}

/**
 * Launches the browser at `executablePath` with a profile of its own, headless. Debian's
 * Chromium headless shell wants the old headless mode; Firefox gets the preferences that stop it
 * calling home from puppeteer itself.
 */
export async function launchPuppeteer(
	engine: PuppeteerEngine,
	executablePath: string
): Promise<EngineBrowser> {
	const browser: Browser = await puppeteer.launch({
		browser: engine === 'firefox' ? 'firefox' : 'chrome',
		executablePath,
		headless: engine === 'chromium' && executablePath.endsWith('headless-shell') ? 'shell' : true,
		defaultViewport: { width: 1280, height: 900 },
		// Chromium as a container runs it (as root); Firefox has no such switch.
		args: engine === 'chromium' ? ['--no-sandbox'] : []
	});
	return {
		engine,
		version: await browser.version(),
		newPage: async () => pageOf(await browser.newPage()),
		close: () => browser.close()
	};
}
