import type { ReadBy, WorkerBatch } from './channel.svelte';
import type { Keeper } from './timeline-store';

/**
 * A stand-in for the browser's WebSocket whose connection lives in a worker
 * (`socket-worker.ts`): a SharedWorker, so every tab of the console shares one socket per
 * channel and the frames are read once for all of them; else a dedicated Worker of this tab's
 * own, so at least the reading is off the page's main thread. It behaves as a WebSocket does for
 * the reconnecting library (open, message, error and close events, a close code and reason), so
 * each tab's channel keeps its own status, countdown, Retry now and gap markers; its messages
 * are batches of frames already read. Where neither worker can start, it answers undefined and
 * the browser's own WebSocket is used, the frames read on the page, as before.
 */

type FromWorker =
	| { type: 'open'; id: number }
	| ({ type: 'messages'; id: number } & WorkerBatch)
	| { type: 'error'; id: number }
	/** A request of this tab's (`ask`) is done. */
	| { type: 'done'; id: number }
	| { type: 'close'; id: number; code: number; reason: string; wasClean: boolean };

type WorkerPort = { postMessage(message: unknown): void };

let port: WorkerPort | null | undefined;
let readBy: ReadBy = 'page';
const open = new Map<number, WorkerSocket>();
let nextId = 0;
/** Requests waiting for the worker's answer, by id. */
const asked = new Map<number, () => void>();
/** The owners (agent and user) whose timeline the worker keeps for this tab. */
const kept = new Map<string, number>();

function startWorker(): WorkerPort | null {
	const receive = (event: MessageEvent<FromWorker>) => {
		const m = event.data;
		if (m.type === 'done') {
			asked.get(m.id)?.();
			asked.delete(m.id);
		} else open.get(m.id)?.receive(m);
	};
	if (typeof SharedWorker !== 'undefined') {
		try {
			const worker = new SharedWorker(new URL('./socket-worker.ts', import.meta.url), {
				type: 'module',
				name: 'agent-console-sockets'
			});
			worker.port.onmessage = receive;
			worker.port.start();
			readBy = 'shared worker';
			return worker.port;
		} catch {
			// Refused (a sandboxed frame, a policy): a worker of this tab's own, else the page.
		}
	}
	if (typeof Worker !== 'undefined') {
		try {
			const worker = new Worker(new URL('./socket-worker.ts', import.meta.url), {
				type: 'module',
				name: 'agent-console-sockets'
			});
			worker.onmessage = receive;
			readBy = 'worker';
			return worker;
		} catch {
			// No worker at all: the page reads its frames itself.
		}
	}
	return null;
}

function workerPort(): WorkerPort | null {
	if (port !== undefined) return port;
	port = startWorker();
	// A page going away lets go of its sockets, so the last tab's leaving closes them.
	if (port)
		addEventListener('pagehide', () => {
			for (const socket of [...open.values()]) socket.close();
			for (const [owner, count] of kept)
				for (let i = 0; i < count; i++) port?.postMessage({ type: 'release', owner });
			kept.clear();
		});
	return port;
}

class WorkerSocket extends EventTarget {
	static readonly CONNECTING = 0;
	static readonly OPEN = 1;
	static readonly CLOSING = 2;
	static readonly CLOSED = 3;
	readonly CONNECTING = 0;
	readonly OPEN = 1;
	readonly CLOSING = 2;
	readonly CLOSED = 3;
	readonly url: string;
	readonly protocol = '';
	readonly extensions = '';
	readonly bufferedAmount = 0;
	binaryType: BinaryType = 'blob';
	readyState = 0;
	readonly #id = ++nextId;

	constructor(url: string) {
		super();
		this.url = url;
		open.set(this.#id, this);
		workerPort()!.postMessage({ type: 'open', id: this.#id, url });
	}

	receive(m: Exclude<FromWorker, { type: 'done' }>) {
		if (this.readyState === this.CLOSED) return;
		if (m.type === 'open') {
			this.readyState = this.OPEN;
			this.dispatchEvent(new Event('open'));
		} else if (m.type === 'messages') {
			if (this.readyState !== this.OPEN) return;
			const batch: WorkerBatch = m;
			this.dispatchEvent(new MessageEvent('message', { data: batch }));
		} else if (m.type === 'error') {
			this.dispatchEvent(new Event('error'));
		} else {
			this.readyState = this.CLOSED;
			open.delete(this.#id);
			this.dispatchEvent(
				new CloseEvent('close', { code: m.code, reason: m.reason, wasClean: m.wasClean })
			);
		}
	}

	/** The client sends nothing to the agent. */
	send() {}

	close() {
		if (this.readyState === this.CLOSED) return;
		this.readyState = this.CLOSED;
		open.delete(this.#id);
		port?.postMessage({ type: 'close', id: this.#id });
	}
}

/**
 * The WebSocket class for the channels, and where their frames are read: a worker's stand-in
 * when this browser can run one, else undefined (the browser's own, read on the page).
 */
export function workerWebSocket(): { WebSocket?: typeof WebSocket; readBy: ReadBy } {
	return workerPort()
		? { WebSocket: WorkerSocket as unknown as typeof WebSocket, readBy }
		: { readBy: 'page' };
}

function ask(message: object): Promise<void> {
	const id = ++nextId;
	return new Promise<void>((resolve) => {
		asked.set(id, resolve);
		port!.postMessage({ ...message, id });
	});
}

/**
 * The worker's keeping of an agent's timeline for one user (`owner`), for as long as this tab listens to it: the worker
 * writes every frame it reads, so the tab writes nothing. Null where there is no worker (the tab
 * keeps it with a `TimelineStore` of its own).
 */
export function workerKeeper(agent: string, owner: string, cap: number): Keeper | null {
	const worker = workerPort();
	if (!worker) return null;
	worker.postMessage({ type: 'keep', agent, owner, cap });
	kept.set(owner, (kept.get(owner) ?? 0) + 1);
	let released = false;
	return {
		add() {},
		async setCap(next) {
			worker.postMessage({ type: 'cap', owner, cap: next });
		},
		clear: () => ask({ type: 'clear', owner }),
		async close() {
			if (released) return;
			released = true;
			const count = (kept.get(owner) ?? 1) - 1;
			if (count > 0) kept.set(owner, count);
			else kept.delete(owner);
			worker.postMessage({ type: 'release', owner });
		}
	};
}
