/// <reference lib="webworker" />

/**
 * The agent's sockets, shared by every tab of the console (a SharedWorker): one WebSocket per
 * address however many tabs listen. Each tab's channel still runs its own reconnecting logic over
 * a stand-in socket (`shared-socket.ts`); here a stand-in joins the real socket for its address,
 * or opens one. Frames go to the tabs in batches, at most one a frame's time (16 ms). A socket
 * nobody listens to any more is closed.
 */

type ToWorker = { type: 'open'; id: number; url: string } | { type: 'close'; id: number };

type Listener = { port: MessagePort; id: number };
type Entry = { ws: WebSocket; listeners: Set<Listener>; pending: string[] };

const BATCH_MS = 16;
const sockets = new Map<string, Entry>();
const byPort = new Map<MessagePort, Map<number, { url: string; listener: Listener }>>();
let flushTimer: ReturnType<typeof setTimeout> | null = null;

function post(listener: Listener, message: unknown) {
	listener.port.postMessage({ ...(message as object), id: listener.id });
}

function flush() {
	flushTimer = null;
	for (const entry of sockets.values()) flushEntry(entry);
}

function flushEntry(entry: Entry) {
	if (entry.pending.length === 0) return;
	const data = entry.pending;
	entry.pending = [];
	for (const listener of entry.listeners) post(listener, { type: 'messages', data });
}

function open(url: string): Entry {
	const ws = new WebSocket(url);
	const entry: Entry = { ws, listeners: new Set(), pending: [] };
	ws.onopen = () => {
		for (const listener of entry.listeners) post(listener, { type: 'open' });
	};
	ws.onmessage = (event) => {
		entry.pending.push(typeof event.data === 'string' ? event.data : String(event.data));
		flushTimer ??= setTimeout(flush, BATCH_MS);
	};
	ws.onerror = () => {
		for (const listener of entry.listeners) post(listener, { type: 'error' });
	};
	ws.onclose = (event) => {
		flushEntry(entry);
		if (sockets.get(url) === entry) sockets.delete(url);
		const close = {
			type: 'close',
			code: event.code,
			reason: event.reason,
			wasClean: event.wasClean
		};
		for (const listener of entry.listeners) post(listener, close);
		entry.listeners.clear();
	};
	sockets.set(url, entry);
	return entry;
}

function subscribe(port: MessagePort, id: number, url: string) {
	let entry = sockets.get(url);
	if (!entry || entry.ws.readyState >= WebSocket.CLOSING) entry = open(url);
	const listener: Listener = { port, id };
	entry.listeners.add(listener);
	let mine = byPort.get(port);
	if (!mine) byPort.set(port, (mine = new Map()));
	mine.set(id, { url, listener });
	if (entry.ws.readyState === WebSocket.OPEN) post(listener, { type: 'open' });
}

function unsubscribe(port: MessagePort, id: number) {
	const mine = byPort.get(port);
	const sub = mine?.get(id);
	if (!sub) return;
	mine!.delete(id);
	const entry = sockets.get(sub.url);
	if (!entry) return;
	entry.listeners.delete(sub.listener);
	if (entry.listeners.size === 0) {
		sockets.delete(sub.url);
		entry.ws.close(1000);
	}
}

(self as unknown as SharedWorkerGlobalScope).onconnect = (event: MessageEvent) => {
	const port = event.ports[0]!;
	port.onmessage = (message: MessageEvent<ToWorker>) => {
		const m = message.data;
		if (m.type === 'open') subscribe(port, m.id, m.url);
		else if (m.type === 'close') unsubscribe(port, m.id);
	};
	port.start();
};
