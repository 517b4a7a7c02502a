/**
 * A browser as the journeys drive it, the same few verbs in every engine: Chromium and Firefox
 * through puppeteer-core (CDP and WebDriver BiDi), WebKitGTK through WebDriver classic. The
 * journeys find what a user sees with `steps.ts`, which only evaluates scripts and clicks.
 */

export const ENGINE_NAMES = ['chromium', 'firefox', 'webkit'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** Keys pressed by name; anything else is typed as text. */
export type Key = 'Enter' | 'Tab' | 'Escape' | 'Space' | 'ArrowDown' | 'Backspace';

/** A document in a tab: the tab's own, or a frame inside it. */
export interface EngineFrame {
	/**
	 * Runs `fn` in the document and answers its result, awaited and copied as JSON. The function
	 * travels as source text, so it may use only its arguments and the page's globals.
	 */
	evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
	/** A click by the browser's own input, in the middle of the element the CSS selector names. */
	click(selector: string): Promise<void>;
}

export interface EnginePage extends EngineFrame {
	/** Opens the address and waits for the document to load. */
	goto(url: string): Promise<void>;
	reload(): Promise<void>;
	/** Types text into whatever has the focus, key by key, as a keyboard does. */
	type(text: string): Promise<void>;
	press(key: Key): Promise<void>;
	/** Runs the steps in the document of the frame the CSS selector names. */
	inFrame<T>(selector: string, steps: (frame: EngineFrame) => Promise<T>): Promise<T>;
	/** The tab's window size, in CSS pixels. */
	resize(width: number, height: number): Promise<void>;
	screenshot(path: string): Promise<void>;
	close(): Promise<void>;
}

export interface EngineBrowser {
	readonly engine: EngineName;
	/** The browser's name and version as it reports them, for the logs and the README. */
	readonly version: string;
	/** A new tab in the same browser profile (same storage, same workers). */
	newPage(): Promise<EnginePage>;
	close(): Promise<void>;
}

/**
 * The source sent to the browser for `evaluate`: a call of the function with its arguments. Test
 * runners may compile named functions with a `__name(fn, "name")` helper that lives only in Node:
 * the call brings its own.
 */
export function callSource(fn: (...args: never[]) => unknown, args: readonly unknown[]): string {
	return `(() => { const __name = (f) => f; return (${fn.toString()})(...${JSON.stringify(args)}); })()`;
}

/**
 * The engines to run: `ENGINES` (a comma list), else Firefox and WebKit. The Playwright suite
 * covers Chromium in depth; `ENGINES=chromium,firefox,webkit` walks the journeys there too.
 */
export function enginesWanted(): EngineName[] {
	const asked = process.env.ENGINES?.split(',')
		.map((name) => name.trim())
		.filter(Boolean);
	if (!asked?.length) return ['firefox', 'webkit'];
	for (const name of asked)
		if (!(ENGINE_NAMES as readonly string[]).includes(name))
			throw new Error(`ENGINES names ${name}; the engines are ${ENGINE_NAMES.join(', ')}.`);
	return asked as EngineName[];
}
