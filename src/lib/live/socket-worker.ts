/// <reference lib="webworker" />
import { channelOf, readFrame, readerFor, toTab, type FrameRead } from './frames';
import { entryOf } from './timeline-entry';
import { socketUrl } from './socket-url';
import type { ChannelName } from '$lib/contract';
import { TimelineStore } from './timeline-store';
import { fileStateOf, TransferBook, type FileState } from './live-records';
import type { ProgressData, StateChangeFrame } from '$lib/api/schemas/frames';

/**
 * The agent's sockets, off the page's main thread. As a SharedWorker it serves every tab of the
 * console: one WebSocket per address however many tabs listen. Where SharedWorker is missing a
 * tab runs it as its own dedicated Worker, with the same messages.
 *
 * Each tab's channel still runs its own reconnecting logic over a stand-in socket
 * (`shared-socket.ts`); here a stand-in joins the real socket for its address, or opens one.
 * Frames are read here (JSON, the channel's schema, the words for the timeline), once for all
 * tabs, and go to the tabs in batches, at most one a frame's time (16 ms), with how far this
 * worker's own loop fell behind, and what they added up to: the transfers and file states they
 * changed (a tab joining late gets the transfers under way). A socket nobody listens to any more
 * is closed.
 *
 * It also keeps the timeline in IndexedDB for each agent a tab asks it to (`keep`), off the
 * page's main thread: every frame it reads, once, masked and capped as `TimelineStore` does.
 */

type ToWorker =
	| { type: 'open'; id: number; url: string }
	| { type: 'close'; id: number }
	| { type: 'keep'; agent: string; owner: string; cap: number }
	| { type: 'release'; owner: string }
	| { type: 'cap'; owner: string; cap: number }
	| { type: 'clear'; owner: string; id: number };

/** What the worker talks to: a SharedWorker's port for a tab, or a dedicated worker's scope. */
type Port = {
	postMessage(message: unknown): void;
	onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};
type Listener = { port: Port; id: number };
type Entry = {
	ws: WebSocket;
	url: string;
	channel: ChannelName | null;
	/** The agent whose timelines (one per user listening) this socket's frames are kept in. */
	agent: string | null;
	read: (data: unknown, at: number) => FrameRead<unknown> | string;
	listeners: Set<Listener>;
	pending: (FrameRead<unknown> | string)[];
	/** Transfers from this socket's Progress frames, and the progress not applied yet. */
	book: TransferBook;
	progress: { data: ProgressData; at: number }[];
	/** The latest state of each path changed since the last batch. */
	states: Map<string, FileState>;
};

const BATCH_MS = 16;
/**
 * At most this many frames in one message to a tab: each message is a task of its own there, so
 * the backlog of a worker that fell behind reaches the page in pieces the page can draw between.
 */
const READS_PER_MESSAGE = 1000;
/** How often the worker checks its own loop for lag. */
const TICK_MS = 50;
const sockets = new Map<string, Entry>();
/**
 * The timelines kept, per owner (an agent and a user), and how many of each port's channels asked
 * for them. Two users signed in to one agent in two tabs each keep what their console saw.
 */
const keepers = new Map<
	string,
	{ agent: string; store: TimelineStore; users: Map<Port, number> }
>();
const byPort = new Map<Port, Map<number, { url: string; listener: Listener }>>();
let flushTimer: ReturnType<typeof setTimeout> | null = null;
let ticker: ReturnType<typeof setInterval> | null = null;
let lastTick = 0;
/** The longest this worker's loop ran late since the last batch. */
let lagMs = 0;

function post(listener: Listener, message: object) {
	listener.port.postMessage({ ...message, id: listener.id });
}

function flush() {
	flushTimer = null;
	for (const entry of sockets.values()) flushEntry(entry);
	lagMs = 0;
}

function flushEntry(entry: Entry) {
	if (entry.pending.length === 0) return;
	const reads = entry.pending;
	entry.pending = [];
	const channel = entry.channel;
	if (entry.agent !== null && channel) {
		let entries: ReturnType<typeof entryOf>[] | null = null;
		for (const keeper of keepers.values()) {
			if (keeper.agent !== entry.agent) continue;
			entries ??= reads.flatMap((read) =>
				typeof read === 'string' ? [] : [entryOf(channel, read)]
			);
			keeper.store.add(entries);
		}
	}
	const changed = entry.book.apply(entry.progress);
	entry.progress = [];
	// In the book's order (of last activity), so ties keep the order the frames came in.
	const transfers = changed.size
		? [...entry.book.byId.values()].filter((t) => changed.has(t.id))
		: [];
	const fileStates = [...entry.states.values()];
	entry.states.clear();
	const sentAt = Date.now();
	for (let start = 0; start < reads.length; start += READS_PER_MESSAGE) {
		const last = start + READS_PER_MESSAGE >= reads.length;
		const batch = {
			type: 'messages',
			reads: reads
				.slice(start, start + READS_PER_MESSAGE)
				.map((read) => (typeof read === 'string' ? read : toTab(read))),
			sentAt,
			lagMs,
			// What the frames added up to comes with the last of them.
			...(last && transfers.length ? { transfers } : {}),
			...(last && fileStates.length ? { fileStates } : {})
		};
		for (const listener of entry.listeners) post(listener, batch);
	}
}

/** Measures how late the worker's own timers run while any socket is open. */
function watchLag() {
	if (ticker !== null) return;
	lastTick = performance.now();
	ticker = setInterval(() => {
		const now = performance.now();
		lagMs = Math.max(lagMs, now - lastTick - TICK_MS);
		lastTick = now;
		if (sockets.size === 0 && ticker !== null) {
			clearInterval(ticker);
			ticker = null;
		}
	}, TICK_MS);
}

function open(url: string): Entry {
	const ws = new WebSocket(url);
	const reader = readerFor(url);
	const entry: Entry = {
		ws,
		url,
		channel: channelOf(url),
		agent: agentOf(url),
		// An address that names no channel is passed on as it came, for the tab to read.
		read: reader
			? (data, at) => readFrame(reader, data, at)
			: (data) => (typeof data === 'string' ? data : String(data)),
		listeners: new Set(),
		pending: [],
		book: new TransferBook(),
		progress: [],
		states: new Map()
	};
	ws.onopen = () => {
		for (const listener of entry.listeners) post(listener, { type: 'open' });
	};
	ws.onmessage = (event) => {
		const read = entry.read(event.data, Date.now());
		if (typeof read !== 'string' && read.ok) {
			// Added up here; the tabs get the records, not the frame's data a second time.
			const { progress } = read.described;
			if (progress) {
				entry.progress.push({ data: progress, at: read.at });
				delete read.described.progress;
			}
			if (entry.channel === 'statechange') {
				const state = fileStateOf(read.frame as StateChangeFrame, read.at);
				entry.states.delete(state.path);
				entry.states.set(state.path, state);
			}
		}
		entry.pending.push(read);
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
	watchLag();
	return entry;
}

function subscribe(port: Port, id: number, url: string) {
	let entry = sockets.get(url);
	if (!entry || entry.ws.readyState >= WebSocket.CLOSING) entry = open(url);
	const listener: Listener = { port, id };
	entry.listeners.add(listener);
	let mine = byPort.get(port);
	if (!mine) byPort.set(port, (mine = new Map()));
	mine.set(id, { url, listener });
	if (entry.ws.readyState === WebSocket.OPEN) {
		post(listener, { type: 'open' });
		// A tab joining late sees the transfers under way at once.
		entry.book.prune();
		if (entry.book.byId.size > 0)
			post(listener, {
				type: 'messages',
				reads: [],
				sentAt: Date.now(),
				lagMs: 0,
				transfers: [...entry.book.byId.values()]
			});
	}
}

function unsubscribe(port: Port, id: number) {
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

/** The kept agent whose channel this address is. */
function agentOf(url: string): string | null {
	for (const { agent } of keepers.values()) {
		if (url === socketUrl(agent, 'notification') || url === socketUrl(agent, 'statechange'))
			return agent;
	}
	return null;
}

function keep(port: Port, agent: string, owner: string, cap: number) {
	let keeper = keepers.get(owner);
	if (!keeper)
		keepers.set(
			owner,
			(keeper = { agent, store: new TimelineStore(owner, cap), users: new Map() })
		);
	else void keeper.store.setCap(cap);
	keeper.users.set(port, (keeper.users.get(port) ?? 0) + 1);
	for (const entry of sockets.values()) entry.agent ??= agentOf(entry.url);
}

function release(port: Port, owner: string) {
	const keeper = keepers.get(owner);
	if (!keeper) return;
	const count = (keeper.users.get(port) ?? 0) - 1;
	if (count > 0) keeper.users.set(port, count);
	else keeper.users.delete(port);
	if (keeper.users.size > 0) return;
	// What this owner's sockets read so far is still theirs to keep.
	for (const entry of sockets.values()) if (entry.agent === keeper.agent) flushEntry(entry);
	keepers.delete(owner);
	for (const entry of sockets.values()) entry.agent = agentOf(entry.url);
	void keeper.store.close();
}

function serve(port: Port) {
	port.onmessage = (message) => {
		const m = message.data;
		if (m.type === 'open') subscribe(port, m.id, m.url);
		else if (m.type === 'close') unsubscribe(port, m.id);
		else if (m.type === 'keep') keep(port, m.agent, m.owner, m.cap);
		else if (m.type === 'release') release(port, m.owner);
		else if (m.type === 'cap') void keepers.get(m.owner)?.store.setCap(m.cap);
		else if (m.type === 'clear') {
			const done = () => port.postMessage({ type: 'done', id: m.id });
			const store = keepers.get(m.owner)?.store;
			if (store) void store.clear().finally(done);
			else done();
		}
	};
}

if ('onconnect' in self) {
	(self as unknown as SharedWorkerGlobalScope).onconnect = (event: MessageEvent) => {
		const port = event.ports[0]!;
		serve(port as unknown as Port);
		port.start();
	};
} else {
	serve(self as unknown as Port);
}
