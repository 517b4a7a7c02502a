import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';

/**
 * Chromium driven over the DevTools protocol itself, for the one measure Playwright cannot take:
 * a tab hidden as a person hides it (another tab in front). Playwright keeps every page it drives
 * visible and turns the browser's throttling of background tabs off; here the browser runs with
 * its own defaults, as a person's does.
 */

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

export class CdpBrowser {
	readonly process: ChildProcess;
	readonly #socket: WebSocket;
	readonly #profile: string;
	readonly #pending = new Map<number, Pending>();
	#next = 0;

	private constructor(process: ChildProcess, socket: WebSocket, profile: string) {
		this.process = process;
		this.#socket = socket;
		this.#profile = profile;
		socket.on('message', (data) => {
			const message = JSON.parse(String(data)) as {
				id?: number;
				result?: unknown;
				error?: { message: string };
			};
			const waiting = message.id === undefined ? undefined : this.#pending.get(message.id);
			if (!waiting) return;
			this.#pending.delete(message.id!);
			if (message.error) waiting.reject(new Error(message.error.message));
			else waiting.resolve(message.result);
		});
	}

	/** Full Chromium, headless (the browser's own code paths, not the headless shell's). */
	static async launch(executable: string): Promise<CdpBrowser> {
		const profile = mkdtempSync(join(tmpdir(), 'bench-cdp-'));
		const child = spawn(
			executable,
			[
				'--headless',
				'--remote-debugging-port=0',
				`--user-data-dir=${profile}`,
				'--no-first-run',
				'--no-default-browser-check',
				// As root in a container, and on a machine whose only way out is closed.
				'--no-sandbox',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--disable-quic',
				...(process.env.CDP_ARGS?.split(' ').filter(Boolean) ?? []),
				'about:blank'
			],
			{ stdio: ['ignore', 'ignore', 'pipe'] }
		);
		const url = await new Promise<string>((resolve, reject) => {
			let seen = '';
			const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${seen}`)), 30_000);
			child.stderr!.on('data', (chunk: Buffer) => {
				seen += String(chunk);
				const found = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
				if (found) {
					clearTimeout(timer);
					resolve(found[1]!);
				}
			});
			child.on('exit', (code) => reject(new Error(`Chromium ended (${code}): ${seen}`)));
		});
		child.stderr!.resume();
		const socket = new WebSocket(url, { perMessageDeflate: false });
		await new Promise((resolve, reject) => {
			socket.once('open', resolve);
			socket.once('error', reject);
		});
		return new CdpBrowser(child, socket, profile);
	}

	send<T = unknown>(method: string, params: object = {}, sessionId?: string): Promise<T> {
		const id = ++this.#next;
		return new Promise<T>((resolve, reject) => {
			this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
			this.#socket.send(JSON.stringify({ id, method, params, sessionId }));
		});
	}

	/** A tab of its own storage (a browser context, its own window), attached. */
	async newTab(context?: string): Promise<CdpTab> {
		const browserContextId =
			context ??
			(await this.send<{ browserContextId: string }>('Target.createBrowserContext', {}))
				.browserContextId;
		const { targetId } = await this.send<{ targetId: string }>('Target.createTarget', {
			url: 'about:blank',
			browserContextId
		});
		const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', {
			targetId,
			flatten: true
		});
		await this.send('Page.enable', {}, sessionId);
		return new CdpTab(this, targetId, sessionId, browserContextId);
	}

	async close() {
		const exited = new Promise((resolve) => {
			if (this.process.exitCode !== null) resolve(null);
			else this.process.once('exit', resolve);
		});
		this.send('Browser.close').catch(() => undefined);
		await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
		this.process.kill();
		await exited;
		this.#socket.close();
		rmSync(this.#profile, { recursive: true, force: true, maxRetries: 5 });
	}
}

export class CdpTab {
	readonly #browser: CdpBrowser;
	readonly targetId: string;
	readonly sessionId: string;
	readonly context: string;

	constructor(browser: CdpBrowser, targetId: string, sessionId: string, context: string) {
		this.#browser = browser;
		this.targetId = targetId;
		this.sessionId = sessionId;
		this.context = context;
	}

	send<T = unknown>(method: string, params: object = {}) {
		return this.#browser.send<T>(method, params, this.sessionId);
	}

	/** A script every document of this tab runs first (before the page's own). */
	beforeEachDocument(source: string) {
		return this.send('Page.addScriptToEvaluateOnNewDocument', { source });
	}

	async goto(url: string) {
		await this.send('Page.navigate', { url });
	}

	/** The value of an expression in the page (awaited when it is a promise). */
	async evaluate<T>(expression: string): Promise<T> {
		const answer = await this.send<{
			result: { value?: T };
			exceptionDetails?: { text: string };
		}>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
		if (answer.exceptionDetails) throw new Error(answer.exceptionDetails.text);
		return answer.result.value as T;
	}

	/** Until the expression is true in the page, looking every 100 ms for at most `ms`. */
	async waitFor(expression: string, ms = 30_000) {
		const until = Date.now() + ms;
		while (!(await this.evaluate<boolean>(`Boolean(${expression})`).catch(() => false))) {
			if (Date.now() > until) throw new Error(`Timed out waiting for ${expression}`);
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
	}

	async close() {
		await this.#browser.send('Target.closeTarget', { targetId: this.targetId });
	}
}
