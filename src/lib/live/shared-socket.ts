import type { ReadBy, WorkerBatch } from './channel.svelte';

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
	| { type: 'close'; id: number; code: number; reason: string; wasClean: boolean };

type WorkerPort = { postMessage(message: unknown): void };

let port: WorkerPort | null | undefined;
let readBy: ReadBy = 'page';
const open = new Map<number, WorkerSocket>();
let nextId = 0;

function startWorker(): WorkerPort | null {
	const receive = (event: MessageEvent<FromWorker>) => open.get(event.data.id)?.receive(event.data);
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

	receive(m: FromWorker) {
		if (this.readyState === this.CLOSED) return;
		if (m.type === 'open') {
			this.readyState = this.OPEN;
			this.dispatchEvent(new Event('open'));
		} else if (m.type === 'messages') {
			if (this.readyState !== this.OPEN) return;
			const batch: WorkerBatch = { reads: m.reads, sentAt: m.sentAt, lagMs: m.lagMs };
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
