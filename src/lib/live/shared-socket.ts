/**
 * A stand-in for the browser's WebSocket whose connection lives in a SharedWorker
 * (`socket-worker.ts`), so every tab of the console shares one socket per channel. It behaves as
 * a WebSocket does for the reconnecting library (open, message, error and close events, a close
 * code and reason), so each tab's channel keeps its own status, countdown, Retry now and gap
 * markers. Where SharedWorker is missing or refused, it answers undefined and the browser's own
 * WebSocket is used, one per tab, as before.
 */

type FromWorker =
	| { type: 'open'; id: number }
	| { type: 'messages'; id: number; data: string[] }
	| { type: 'error'; id: number }
	| { type: 'close'; id: number; code: number; reason: string; wasClean: boolean };

let port: MessagePort | null | undefined;
const open = new Map<number, SharedSocket>();
let nextId = 0;

function workerPort(): MessagePort | null {
	if (port !== undefined) return port;
	port = null;
	if (typeof SharedWorker === 'undefined') return null;
	try {
		const worker = new SharedWorker(new URL('./socket-worker.ts', import.meta.url), {
			type: 'module',
			name: 'agent-console-sockets'
		});
		port = worker.port;
		port.onmessage = (event: MessageEvent<FromWorker>) =>
			open.get(event.data.id)?.receive(event.data);
		port.start();
		// A page going away lets go of its sockets, so the last tab's leaving closes them.
		addEventListener('pagehide', () => {
			for (const socket of [...open.values()]) socket.close();
		});
	} catch {
		port = null;
	}
	return port;
}

class SharedSocket extends EventTarget {
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
			for (const data of m.data) {
				if (this.readyState !== this.OPEN) break;
				this.dispatchEvent(new MessageEvent('message', { data }));
			}
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

/** The WebSocket class for the channels: the shared one when this browser can, else undefined. */
export function sharedWebSocket(): typeof WebSocket | undefined {
	return workerPort() ? (SharedSocket as unknown as typeof WebSocket) : undefined;
}
