import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { until } from './until.ts';
import {
	callSource,
	type EngineBrowser,
	type EngineFrame,
	type EnginePage,
	type Key
} from './engine.ts';

/**
 * WebKitGTK through W3C WebDriver classic: Debian's `WebKitWebDriver` starts `MiniBrowser` in
 * automation mode, which needs a display, so both run under `xvfb-run`. The protocol is plain
 * HTTP and JSON, and the journeys need a dozen of its commands: they are here, rather than a
 * client library that brings drivers for every other browser with it.
 */

export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** The key WebDriver names an element reference by. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** The keys WebDriver codes as private-use characters. */
const KEYS: Record<Key, string> = {
	Enter: '\uE007',
	Tab: '\uE004',
	Escape: '\uE00C',
	Space: ' ',
	ArrowDown: '\uE015',
	Backspace: '\uE003'
};

type ScriptAnswer = { ok: true; value: unknown } | { ok: false; error: string };

async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
		});
	});
}

class WebDriverSession {
	readonly #base: string;
	#id = '';
	/** The window commands go to; each tab switches to its own first. */
	current = '';

	constructor(base: string) {
		this.#base = base;
	}

	async command<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
		const url = `${this.#base}${this.#id ? `/session/${this.#id}` : ''}${path}`;
		const res = await fetch(url, {
			method,
			headers: { 'content-type': 'application/json; charset=utf-8' },
			body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined
		});
		const json = (await res.json()) as { value: T & { error?: string; message?: string } };
		if (!res.ok)
			throw new Error(`WebDriver ${method} ${path}: ${json.value.error} ${json.value.message}`);
		return json.value;
	}

	async start(capabilities: object) {
		const answer = await this.command<{
			sessionId: string;
			capabilities: { browserVersion?: string };
		}>('POST', '/session', { capabilities: { alwaysMatch: capabilities } });
		this.#id = answer.sessionId;
		this.current = await this.command<string>('GET', '/window');
		return answer.capabilities;
	}

	async end() {
		if (this.#id) await this.command('DELETE', '').catch(() => undefined);
		this.#id = '';
	}

	async find(selector: string): Promise<string> {
		const element = await this.command<Record<string, string>>('POST', '/element', {
			using: 'css selector',
			value: selector
		});
		return element[ELEMENT] ?? '';
	}

	async evaluate(source: string): Promise<unknown> {
		// The answer is wrapped, so an exception in the page reads as the page's own error.
		const answer = await this.command<ScriptAnswer>('POST', '/execute/async', {
			script: `const done = arguments[arguments.length - 1];
				Promise.resolve().then(() => ${source}).then(
					(value) => done({ ok: true, value: value === undefined ? null : value }),
					(error) => done({ ok: false, error: String(error && error.stack ? error.message + '\\n' + error.stack : error) })
				);`,
			args: []
		});
		if (!answer.ok) throw new Error(`In the page: ${answer.error}`);
		return answer.value;
	}

	async keys(text: string) {
		const actions = [...text].flatMap((value) => [
			{ type: 'keyDown', value },
			{ type: 'keyUp', value }
		]);
		await this.command('POST', '/actions', {
			actions: [{ type: 'key', id: 'keyboard', actions }]
		});
	}
}

function frameOf(session: WebDriverSession, use: () => Promise<void>): EngineFrame {
	return {
		async evaluate(fn, ...args) {
			await use();
			return (await session.evaluate(callSource(fn, args))) as never;
		},
		async click(selector) {
			await use();
			const element = await session.find(selector);
			await session.command('POST', `/element/${element}/click`);
		}
	};
}

function pageOf(session: WebDriverSession, handle: string): EnginePage {
	// In a frame, commands stay there until the steps are done.
	let inFrame = false;
	const use = async () => {
		if (session.current === handle) return;
		await session.command('POST', '/window', { handle });
		session.current = handle;
	};
	const waitForLoad = async () => {
		// WebDriver's navigation waits for the load event already; a reload started by a script
		// does not, so this waits for the new document.
		// The page answers once its load event has fired; a script cut off by the navigation
		// (the old document going) fails at once, and is asked again of the new one.
		for (let i = 0; i < 200; i++) {
			const loaded = await session
				.evaluate(
					`new Promise((resolve) => document.readyState === 'complete' ? resolve(true) : addEventListener('load', () => resolve(true), { once: true }))`
				)
				.catch(() => false);
			if (loaded === true) return;
		}
	};
	return {
		...frameOf(session, use),
		async goto(url) {
			await use();
			await session.command('POST', '/url', { url });
		},
		async reload() {
			await use();
			await session.command('POST', '/refresh');
			await waitForLoad();
		},
		async type(text) {
			await use();
			await session.keys(text);
		},
		async press(key) {
			await use();
			await session.keys(KEYS[key]);
		},
		async inFrame(selector, steps) {
			await use();
			if (inFrame) throw new Error('Frames inside frames are not needed by the journeys');
			const element = await session.find(selector);
			await session.command('POST', '/frame', { id: { [ELEMENT]: element } });
			inFrame = true;
			try {
				return await steps(frameOf(session, use));
			} finally {
				inFrame = false;
				await session.command('POST', '/frame/parent');
			}
		},
		async resize(width, height) {
			await use();
			// The window's outer size: the chrome around the page is added to the CSS size asked.
			const inner = (await session.evaluate(
				'({ w: window.outerWidth - window.innerWidth, h: window.outerHeight - window.innerHeight })'
			)) as { w: number; h: number };
			await session.command('POST', '/window/rect', {
				width: width + inner.w,
				height: height + inner.h
			});
		},
		async screenshot(path) {
			await use();
			const png = await session.command<string>('GET', '/screenshot');
			await writeFile(path, Buffer.from(png, 'base64'));
		},
		async close() {
			await use();
			await session.command('DELETE', '/window');
			session.current = '';
		}
	};
}

/** Starts WebKitWebDriver under a virtual display, and MiniBrowser through it. */
export async function launchWebKit(driverPath = 'WebKitWebDriver'): Promise<EngineBrowser> {
	const port = await freePort();
	// A process group of its own, so closing ends xvfb-run, Xvfb, the driver and the browser.
	const driver: ChildProcess = spawn(
		'xvfb-run',
		['-a', '-s', '-screen 0 1600x1200x24', driverPath, `--port=${port}`],
		{
			stdio: ['ignore', 'ignore', 'pipe'],
			detached: true,
			// WebKitGTK takes the reader's language from the environment: on a machine in the C locale
			// it says "C", and writes 2922 for 2,922. The journeys read as the other engines do.
			env: { ...process.env, LANG: 'en_US.UTF-8', LANGUAGE: 'en_US' }
		}
	);
	// GTK warns once per process that the C library has no en_US locale; WebKit reads it anyway.
	driver.stderr?.on('data', (chunk: Buffer) => {
		const lines = chunk
			.toString()
			.split('\n')
			.filter((line) => line.trim() && !/Locale not supported|fallback 'C' locale/.test(line));
		if (lines.length) process.stderr.write(lines.join('\n') + '\n');
	});
	// A run that ends without closing the browser (a crash, an interrupted run) must not leave the
	// display, the driver and the browser behind: they live in a process group of their own.
	const killGroup = () => {
		try {
			if (driver.pid && driver.exitCode === null) process.kill(-driver.pid, 'SIGTERM');
		} catch {
			// Gone already.
		}
	};
	process.once('exit', killGroup);
	const stopDriver = () =>
		new Promise<void>((resolve) => {
			process.off('exit', killGroup);
			if (driver.exitCode !== null || !driver.pid) return resolve();
			driver.once('exit', () => resolve());
			process.kill(-driver.pid, 'SIGTERM');
		});
	const session = new WebDriverSession(`http://127.0.0.1:${port}`);
	try {
		await until(
			'WebKitWebDriver to start (is webkit2gtk-driver installed?)',
			async () => {
				if (driver.exitCode !== null) throw new Error(`it ended (${driver.exitCode})`);
				return session
					.command<{ ready: boolean }>('GET', '/status')
					.then((s) => s.ready)
					.catch(() => false);
			},
			(ready) => ready
		);
		const capabilities = await session.start({
			browserName: 'MiniBrowser',
			// Without this a client may ask for BiDi, which WebKitWebDriver refuses.
			'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] }
		});
		const first = session.current;
		let used = false;
		return {
			engine: 'webkit',
			version: `WebKitGTK ${capabilities.browserVersion ?? ''}`.trim(),
			async newPage() {
				// The session's first window is the first tab. Later ones are windows: MiniBrowser opens
				// a tab behind the others, hidden, and no WebDriver command brings it to the front.
				if (!used) {
					used = true;
					return pageOf(session, first);
				}
				const { handle } = await session.command<{ handle: string }>('POST', '/window/new', {
					type: 'window'
				});
				return pageOf(session, handle);
			},
			async close() {
				await session.end();
				await stopDriver();
			}
		};
	} catch (error) {
		await session.end();
		await stopDriver();
		throw error;
	}
}
