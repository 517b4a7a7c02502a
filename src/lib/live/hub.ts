import ReconnectingWebSocket, { type Options } from 'reconnecting-websocket';
import type { ProgressData, StateChangeFrame } from '$lib/api/schemas/frames';
import type { ChannelName } from '$lib/contract';
import { channelOf, readFrame, readerFor, type FrameReader } from './frames';
import {
	afterOverlap,
	checkPeer,
	entryKey,
	isNewer,
	overlapFrom,
	TAIL,
	type PeerMessage
} from './handover';
import { fileStateOf, TransferBook, type FileState, type Transfer } from './live-records';
import {
	BURST,
	checkToHub,
	type FromHub,
	type FromHubOne,
	type HubRead,
	type HubStatus,
	type Kinds,
	type ToHub
} from './protocol';
import { socketUrl } from './socket-url';
import { entryOf, type NewEntry } from './timeline-entry';
import { TimelineStore } from './timeline-store';

/**
 * The agent's sockets, and everything done once for every tab that listens: one socket per
 * channel address, kept open by reconnecting-websocket (backoff with jitter, forever, a limit for
 * a connection to open); each frame read once (`readFrame`: masked, capped, checked, described)
 * into the timeline's entry (`entryOf`);
 * the transfers and file states the frames add up to; and the frames handed on in batches, at
 * most one a frame's time (16 ms), with how late the hub's own loop ran. It keeps the timeline
 * in IndexedDB for each agent and user a tab asks it to (`keep`). A socket nobody listens to any
 * more is closed.
 *
 * Plain code, run by one of three hosts: a SharedWorker for every tab of the console and a
 * dedicated Worker for one tab (`socket-worker.ts`), or the page itself over a MessageChannel
 * where neither exists (`hub-client.ts`). The messages both ways are `protocol.ts`'s; tabs send
 * no frames and never reconnect themselves: they subscribe, and the hub tells them the status.
 */

/** What the hub talks to: a SharedWorker's port, a dedicated worker's scope, a page's port. */
export type HubPort = {
	postMessage(message: FromHub): void;
	onmessage: ((event: MessageEvent) => void) | null;
};

/** Where the hubs of one browser meet across builds (a BroadcastChannel; see `handover.ts`). */
export type HubPeers = {
	postMessage(message: PeerMessage): void;
	onmessage: ((event: MessageEvent) => void) | null;
};

export type HubOptions = {
	/** A WebSocket class, for Node (tests); the host's own otherwise. */
	WebSocket?: unknown;
	/** The build this hub came with (SvelteKit's `version`): a newer one takes over from it. */
	version?: string;
	/**
	 * Across an upgrade: how long an older hub keeps a socket no tab listens to, waiting for the
	 * newer hub to have the channel live, and how long the newer one waits to be handed one.
	 */
	handoverMs?: number;
	minDelayMs?: number;
	maxDelayMs?: number;
	connectTimeoutMs?: number;
	/** Connected this long counts as a success: the backoff starts over. */
	minUptimeMs?: number;
	/** How often frames are handed on while every tab is hidden (`HIDDEN_BATCH_MS`). */
	hiddenBatchMs?: number;
	/** How long a trickle waits while a tab is shown (`TRICKLE_BATCH_MS`). */
	trickleBatchMs?: number;
	/** Frames held unread while every tab is hidden that make the batch go at once (`HIDDEN_BURST`). */
	hiddenBurst?: number;
};

type Listener = {
	port: HubPort;
	id: number;
	kinds: Kinds;
	/** Reads held for a hidden tab, to send when it is shown (or with its next problem). */
	held: HubRead[] | null;
	heldStates: Map<string, FileState> | null;
};

type Socket = {
	url: string;
	channel: ChannelName;
	reader: FrameReader<unknown>;
	ws: ReconnectingWebSocket;
	/** The library's options: it reads the next wait from them, so the jitter is set in place. */
	options: Options;
	status: HubStatus;
	/** The agent whose timelines (one per user listening) this socket's frames are kept in. */
	agent: string | null;
	listeners: Set<Listener>;
	/** The last entries kept from this socket, oldest first: what a handover tells the newer hub. */
	recent: NewEntry[];
	/**
	 * A newer hub's socket while an older hub still has its own: the entries read, not kept yet
	 * (the older hub keeps them until it hands over; see `handover.ts`).
	 */
	awaiting: NewEntry[] | null;
	/** When it began to connect: what the older hub read before then, this socket never reads. */
	since: number;
	/**
	 * The older hub's tail once it handed over, while what this socket read has not yet lined up
	 * with it (`afterOverlap`): until `timer`, when what was read is taken as it is.
	 */
	lining: { tail: string[]; from: number; timer: ReturnType<typeof setTimeout> } | null;
	/** An older hub's socket nobody listens to: handed over when this runs out. */
	idle: ReturnType<typeof setTimeout> | null;
	/** Frames read since the last batch, with their data (dropped for tabs that did not ask). */
	pending: HubRead[];
	/** Frames not read yet, as they came and when: held while no tab would see or alert for one. */
	unread: { data: unknown; at: number }[];
	/** Transfers from this socket's Progress frames, and the progress not applied yet. */
	book: TransferBook;
	progress: { data: ProgressData; at: number }[];
	/** The latest state of each path changed since the last batch. */
	states: Map<string, FileState>;
};

type Keeper = { agent: string; store: TimelineStore; users: Map<HubPort, number> };

const BATCH_MS = 16;
/**
 * While every tab is hidden nobody sees a frame: the hub hands them on, and to the kept timeline,
 * this often, since each batch is a timer, a round of work and a write to IndexedDB. A tab that
 * alerts for problems is sent a problem at once. A tab shown again, or a new one, gets what is
 * pending at once, and a tab that goes away has it kept at once; a browser that crashes loses
 * those seconds from the kept timeline (the agent's history still has its transfers).
 */
const HIDDEN_BATCH_MS = 10_000;
/**
 * While every tab is hidden and none alerts, this many frames held unread make the batch go at
 * once: a bound on what a flood holds in the worker. Not BURST, which the agent's ordinary rate
 * reaches every few seconds, each time with a write.
 */
const HIDDEN_BURST = 1000;
/**
 * A trickle (fewer than BURST frames waiting, none a problem) waits this long for more: a page
 * draws a trickle at its clock's tick anyway (`live.svelte.ts`). A burst, a problem and a frame of
 * a kind a tab listens for (`wanted`) go at once. Longer would turn an ordinary rate into bursts
 * the page draws at once, between its ticks.
 */
const TRICKLE_BATCH_MS = 1000;
/**
 * At most this many frames in one message to a tab: each message is a task of its own there, so
 * the backlog of a hub that fell behind reaches the page in pieces the page can draw between.
 */
const READS_PER_MESSAGE = 1000;
/** The most a hidden tab is held: its timeline keeps at most this many (the largest cap). */
const HOLD_MAX = 50_000;
const GROW = 1.6;
/**
 * How long a handover may take: the older hub's tabs reload (a second or two) and the newer hub
 * opens the channel they listened to; a socket nobody asks for by then is closed all the same.
 */
const HANDOVER_MS = 30_000;

export class Hub {
	readonly #options: Required<Omit<HubOptions, 'WebSocket'>> & { WebSocket?: unknown };
	#peers: HubPeers | null = null;
	/** A newer hub's build, once one said hello: this one hands its sockets over and opens none. */
	#newer: string | null = null;
	/** The addresses an older hub will hand over (this one being the newer), and until when. */
	readonly #awaited = new Set<string>();
	#awaitTimer: ReturnType<typeof setTimeout> | null = null;
	readonly #sockets = new Map<string, Socket>();
	/**
	 * The timelines kept, per owner (an agent and a user), and how many of each port's channels
	 * asked for them. Two users signed in to one agent in two tabs each keep what their console saw.
	 */
	readonly #keepers = new Map<string, Keeper>();
	readonly #subscriptions = new Map<HubPort, Map<number, { socket: Socket; listener: Listener }>>();
	/**
	 * Tabs that said they are hidden, and whether each alerts for a problem (browser notifications
	 * on): one that alerts is sent problems at once, and every hidden tab the rest when shown.
	 */
	readonly #hidden = new Map<HubPort, boolean>();
	/** A round's batches for each page, while one is under way (`#round`): sent as one message. */
	#outbox: Map<HubPort, FromHubOne[]> | null = null;
	#flushTimer: ReturnType<typeof setTimeout> | null = null;
	/** When the pending batch is due (performance.now()): how late it runs is the hub's lag. */
	#flushDue = 0;
	#ignored = 0;

	constructor(options: HubOptions = {}) {
		this.#options = {
			minDelayMs: 1000,
			maxDelayMs: 30_000,
			connectTimeoutMs: 5000,
			minUptimeMs: 5000,
			hiddenBatchMs: HIDDEN_BATCH_MS,
			trickleBatchMs: TRICKLE_BATCH_MS,
			hiddenBurst: HIDDEN_BURST,
			version: '',
			handoverMs: HANDOVER_MS,
			...options
		};
	}

	/** Messages that were not the protocol's (or named no channel), dropped. */
	get ignored(): number {
		return this.#ignored;
	}

	get pending(): number {
		let count = 0;
		for (const socket of this.#sockets.values())
			count += socket.pending.length + socket.unread.length;
		return count;
	}

	/** Whether a newer hub took over: this one keeps nothing and opens no socket any more. */
	get handedOver(): boolean {
		return this.#newer !== null && this.#sockets.size === 0;
	}

	/**
	 * Meets the other hubs of this browser (`handover.ts`): says which build this one is, and hands
	 * over to a newer one, or takes over from an older one.
	 */
	meet(peers: HubPeers) {
		this.#peers = peers;
		peers.onmessage = (event) => {
			const message = checkPeer(event.data);
			if (message && message.version !== this.#options.version) this.#heard(message);
		};
		peers.postMessage({ type: 'hello', version: this.#options.version });
	}

	#heard(m: PeerMessage) {
		const mine = this.#options.version;
		switch (m.type) {
			case 'hello':
				if (isNewer(m.version, mine)) return this.#stepAside(m.version);
				// An older build started after this one (a tab kept from before): it steps aside.
				return this.#peers?.postMessage({ type: 'hello', version: mine });
			case 'older':
				if (isNewer(mine, m.version)) this.#await(m.urls);
				return;
			case 'live': {
				const socket = this.#sockets.get(m.url);
				if (socket && m.version === this.#newer) this.#handOver(socket);
				return;
			}
			case 'handed':
				return this.#handed(m.url, m.tail, m.ats);
		}
	}

	/** A newer hub started: its tabs reload, and each socket goes once the newer hub has it live. */
	#stepAside(version: string) {
		if (this.#newer !== null) return;
		this.#newer = version;
		this.#peers?.postMessage({
			type: 'older',
			version: this.#options.version,
			urls: [...this.#sockets.keys()]
		});
		const ports = new Set<HubPort>(this.#subscriptions.keys());
		for (const keeper of this.#keepers.values())
			for (const port of keeper.users.keys()) ports.add(port);
		for (const port of ports) port.postMessage({ type: 'superseded' });
		for (const socket of this.#sockets.values())
			if (socket.listeners.size === 0) this.#idle(socket);
		this.#letGoIfDone();
	}

	/** An older hub's socket nobody listens to: handed over when the newer hub has it, or soon. */
	#idle(socket: Socket) {
		socket.idle ??= setTimeout(() => this.#handOver(socket), this.#options.handoverMs);
	}

	/**
	 * Closes this (older) hub's socket, with what it read kept first, and tells the newer hub what
	 * it kept last. With the last socket gone, the kept timelines are written and let go, so the
	 * newer hub writes them from now on.
	 */
	#handOver(socket: Socket) {
		if (this.#sockets.get(socket.url) !== socket) return;
		this.#flushSocket(socket, 0);
		if (socket.idle !== null) clearTimeout(socket.idle);
		this.#sockets.delete(socket.url);
		socket.ws.close(1000);
		this.#peers?.postMessage({
			type: 'handed',
			version: this.#options.version,
			url: socket.url,
			tail: socket.recent.slice(-TAIL).map(entryKey),
			ats: socket.recent.slice(-TAIL).map((entry) => entry.at)
		});
		this.#letGoIfDone();
	}

	/** Handing over and no socket left: the kept timelines are written and let go. */
	#letGoIfDone() {
		if (this.#newer === null || this.#sockets.size > 0) return;
		for (const [owner, keeper] of this.#keepers) {
			this.#keepers.delete(owner);
			void keeper.store.close();
		}
	}

	/** An older hub will hand over these addresses: what they read waits until it has. */
	#await(urls: string[]) {
		for (const url of urls) this.#awaited.add(url);
		for (const keeper of this.#keepers.values()) keeper.store.hold();
		for (const socket of this.#sockets.values()) {
			if (!this.#awaited.has(socket.url)) continue;
			socket.awaiting ??= [];
			if (socket.status.kind === 'live') this.#sayLive(socket);
		}
		if (this.#awaitTimer !== null) clearTimeout(this.#awaitTimer);
		// An older hub that never hands over (its browser tab crashed): what was read is kept.
		this.#awaitTimer = setTimeout(() => {
			this.#awaitTimer = null;
			for (const url of [...this.#awaited]) this.#handed(url, []);
		}, this.#options.handoverMs * 2);
	}

	/** Keeps what this socket read after the older hub's tail, once the two line up. */
	#lineUp(socket: Socket, final: boolean) {
		const { awaiting, lining } = socket;
		if (!awaiting || !lining) return;
		const kept = afterOverlap(lining.tail, awaiting, lining.from, final);
		if (kept === null) return;
		clearTimeout(lining.timer);
		socket.awaiting = socket.lining = null;
		this.#keepEntries(socket, kept);
	}

	#sayLive(socket: Socket) {
		this.#peers?.postMessage({ type: 'live', version: this.#options.version, url: socket.url });
	}

	/**
	 * The older hub closed its socket at `url`: what this one read after its last kept is kept, once
	 * this socket has read as far as the older one did (each socket is read on its own: the tail may
	 * come first).
	 */
	#handed(url: string, tail: string[], ats?: number[]) {
		if (!this.#awaited.delete(url)) return;
		const socket = this.#sockets.get(url);
		if (socket?.awaiting && !socket.lining) {
			const timer = setTimeout(() => {
				this.#flushSocket(socket, 0);
				this.#lineUp(socket, true);
			}, this.#options.handoverMs);
			socket.lining = { tail, from: overlapFrom(ats, socket.since), timer };
			this.#flushSocket(socket, 0);
			this.#lineUp(socket, false);
		}
		if (this.#awaited.size > 0) return;
		if (this.#awaitTimer !== null) clearTimeout(this.#awaitTimer);
		// The older hub lets go of the store right after its last socket: a store that is still
		// not the writer a while later is another tab's hub of this build (dedicated workers),
		// and the writer keeps those events.
		this.#awaitTimer = setTimeout(() => {
			this.#awaitTimer = null;
			if (this.#awaited.size > 0) return;
			for (const keeper of this.#keepers.values()) keeper.store.hold(false);
		}, this.#options.handoverMs);
	}

	serve(port: HubPort) {
		port.onmessage = (event) => {
			const message = checkToHub(event.data);
			if (message) this.#handle(port, message);
			else this.#ignored++;
		};
	}

	#handle(port: HubPort, m: ToHub) {
		switch (m.type) {
			case 'subscribe':
				return this.#subscribe(port, m.id, m.url, m.kinds);
			case 'want': {
				const sub = this.#subscriptions.get(port)?.get(m.id);
				if (sub) sub.listener.kinds = m.kinds;
				return;
			}
			case 'retry':
				return this.#retry(this.#subscriptions.get(port)?.get(m.id)?.socket);
			case 'unsubscribe':
				return this.#unsubscribe(port, m.id);
			case 'keep':
				return this.#keep(port, m.agent, m.owner, m.cap);
			case 'release':
				return this.#release(port, m.owner);
			case 'cap':
				return void this.#keepers.get(m.owner)?.store.setCap(m.cap);
			case 'shown':
				return this.#shown(port, m.shown, m.alerts);
			case 'clear': {
				const done = () => port.postMessage({ type: 'done', id: m.id });
				const store = this.#keepers.get(m.owner)?.store;
				if (store) void store.clear().finally(done);
				else done();
			}
		}
	}

	#subscribe(port: HubPort, id: number, url: string, kinds: Kinds) {
		this.#unsubscribe(port, id);
		const socket = this.#sockets.get(url) ?? this.#open(url);
		if (!socket) {
			this.#ignored++;
			return;
		}
		// What the socket read before this tab came is not this tab's (a batch held while every
		// tab was hidden goes now).
		this.#flushSocket(socket, 0);
		const listener: Listener = { port, id, kinds, held: null, heldStates: null };
		socket.listeners.add(listener);
		let mine = this.#subscriptions.get(port);
		if (!mine) this.#subscriptions.set(port, (mine = new Map()));
		mine.set(id, { socket, listener });
		port.postMessage({ type: 'status', id, status: socket.status, sentAt: Date.now() });
		// A tab joining late sees the transfers under way at once.
		socket.book.prune();
		if (socket.status.kind === 'live' && socket.book.byId.size > 0)
			port.postMessage({
				type: 'batch',
				id,
				reads: [],
				sentAt: Date.now(),
				lagMs: 0,
				transfers: [...socket.book.byId.values()]
			});
	}

	#unsubscribe(port: HubPort, id: number) {
		const mine = this.#subscriptions.get(port);
		const sub = mine?.get(id);
		if (!sub) return;
		mine!.delete(id);
		if (mine!.size === 0) {
			this.#subscriptions.delete(port);
			this.#hidden.delete(port);
		}
		const { socket, listener } = sub;
		socket.listeners.delete(listener);
		if (socket.listeners.size > 0 || this.#sockets.get(socket.url) !== socket) return;
		// A newer hub is taking over: the socket stays until it has the channel live.
		if (this.#newer !== null) return this.#idle(socket);
		// What it read so far is still theirs to keep.
		this.#flushSocket(socket, 0);
		this.#sockets.delete(socket.url);
		socket.ws.close(1000);
	}

	#open(url: string): Socket | null {
		const channel = channelOf(url);
		if (!channel || this.#newer !== null) return null;
		const options: Options = {
			WebSocket: this.#options.WebSocket,
			minReconnectionDelay: this.#jittered(),
			maxReconnectionDelay: this.#options.maxDelayMs,
			reconnectionDelayGrowFactor: GROW,
			connectionTimeout: this.#options.connectTimeoutMs,
			minUptime: this.#options.minUptimeMs,
			maxRetries: Infinity
		};
		const ws = new ReconnectingWebSocket(url, [], options);
		const socket: Socket = {
			url,
			channel,
			reader: readerFor(channel),
			ws,
			options,
			status: { kind: 'connecting', attempt: 1 },
			agent: this.#agentOf(url),
			listeners: new Set(),
			pending: [],
			unread: [],
			book: new TransferBook(),
			progress: [],
			states: new Map(),
			recent: [],
			awaiting: this.#awaited.has(url) ? [] : null,
			since: Date.now(),
			lining: null,
			idle: null
		};
		const mine = () => this.#sockets.get(url) === socket;
		ws.addEventListener('open', () => {
			if (!mine()) return;
			this.#setStatus(socket, { kind: 'live', since: Date.now() });
			if (socket.awaiting) this.#sayLive(socket);
		});
		ws.addEventListener('close', (event) => {
			if (!mine()) return;
			// Frames that came before the drop go before its news.
			this.#flushSocket(socket, 0);
			// The library reports its own disconnects (errors, timeouts) as a 1000 from itself.
			this.#scheduled(socket, event.code === 1000 && event.target !== ws);
		});
		ws.addEventListener('message', (event) => {
			if (mine()) this.#receive(socket, event.data);
		});
		this.#sockets.set(url, socket);
		return socket;
	}

	#receive(socket: Socket, data: unknown) {
		if (this.#allHidden(true)) {
			// Every tab hidden and none alerts: nothing needs a frame before the batch, so it is read
			// then, with the others, a problem included (see HIDDEN_BATCH_MS).
			socket.unread.push({ data, at: Date.now() });
			this.#scheduleFlush(
				socket.unread.length + socket.pending.length >= this.#options.hiddenBurst
					? BATCH_MS
					: this.#options.hiddenBatchMs
			);
			return;
		}
		this.#scheduleFlush(this.#read(socket, data, Date.now()));
	}

	/** Reads the frames held unread, in the order they came; how soon their batch should go. */
	#readHeld(socket: Socket): number {
		let due = Infinity;
		const unread = socket.unread;
		socket.unread = [];
		for (const { data, at } of unread) due = Math.min(due, this.#read(socket, data, at));
		return due;
	}

	/** Reads one frame into the pending batch; how soon the batch should go. */
	#read(socket: Socket, data: unknown, at: number): number {
		const read = readFrame(socket.reader, data, at);
		// The frame's entry, made here once: kept, sent to every tab, and shown as it is.
		const entry = entryOf(socket.channel, read);
		if (read.ok) {
			// Added up here, once; the tabs get the records, not the data again.
			const { progress } = read.described;
			if (progress) socket.progress.push({ data: progress, at: read.at });
			if (socket.channel === 'statechange') {
				const state = fileStateOf(read.frame as StateChangeFrame, read.at);
				socket.states.delete(state.path);
				socket.states.set(state.path, state);
			}
		}
		const taken: HubRead = read.ok ? { entry, frame: read.frame } : { entry };
		socket.pending.push(taken);
		return isProblem(taken) || socket.pending.length >= BURST
			? BATCH_MS
			: this.#allHidden()
				? this.#options.hiddenBatchMs
				: wanted(socket, taken)
					? BATCH_MS
					: this.#options.trickleBatchMs;
	}

	/** A batch due in `ms` at the latest: an earlier one already due stays. */
	#scheduleFlush(ms: number) {
		const due = performance.now() + ms;
		if (this.#flushTimer !== null) {
			if (this.#flushDue <= due) return;
			clearTimeout(this.#flushTimer);
		}
		this.#flushDue = due;
		this.#flushTimer = setTimeout(() => this.#flush(), ms);
	}

	/**
	 * Whether every tab listening said it is hidden; with `noneAlerts`, also that none of them
	 * alerts for a problem (then nothing needs a frame before the hidden batch).
	 */
	#allHidden(noneAlerts = false) {
		if (this.#subscriptions.size === 0) return false;
		for (const port of this.#subscriptions.keys()) {
			const alerts = this.#hidden.get(port);
			if (alerts === undefined || (noneAlerts && alerts)) return false;
		}
		return true;
	}

	#flush() {
		this.#flushTimer = null;
		const lagMs = Math.max(0, performance.now() - this.#flushDue);
		this.#round(() => {
			for (const socket of this.#sockets.values()) this.#flushSocket(socket, lagMs);
		});
	}

	/**
	 * Runs `send` with the batches it sends to each page held, then sends each page's in one
	 * message: the two channels' batches of one round reach a page as one task, not two.
	 */
	#round(send: () => void) {
		if (this.#outbox) return send();
		const outbox = (this.#outbox = new Map());
		try {
			send();
		} finally {
			this.#outbox = null;
			for (const [port, messages] of outbox)
				port.postMessage(messages.length === 1 ? messages[0]! : { type: 'many', messages });
		}
	}

	/** Sends a batch to a page, in the round's message when a round is under way. */
	#post(port: HubPort, message: FromHubOne) {
		const held = this.#outbox;
		if (!held) return port.postMessage(message);
		const messages = held.get(port);
		if (messages) messages.push(message);
		else held.set(port, [message]);
	}

	#flushSocket(socket: Socket, lagMs: number) {
		this.#readHeld(socket);
		if (socket.pending.length === 0) return;
		const reads = socket.pending;
		socket.pending = [];
		this.#keepReads(socket, reads);
		const changed = socket.book.apply(socket.progress);
		socket.progress = [];
		// In the book's order (of last activity), so ties keep the order the frames came in.
		const transfers = changed.size
			? [...socket.book.byId.values()].filter((t) => changed.has(t.id))
			: [];
		const fileStates = [...socket.states.values()];
		socket.states.clear();
		const copies = new Map<string, HubRead[]>();
		const problem = reads.some(isProblem);
		for (const listener of socket.listeners) {
			const { kinds } = listener;
			const key = kinds === null ? '*' : kinds.join();
			let mine = copies.get(key);
			if (!mine) copies.set(key, (mine = withData(reads, kinds)));
			const alerts = this.#hidden.get(listener.port);
			if (alerts !== undefined) {
				// Nobody sees a hidden tab: it is not woken for routine frames, only for a problem
				// when it alerts for one, with what was held before it.
				const held = (listener.held ??= []);
				for (const read of mine) held.push(read);
				if (held.length > HOLD_MAX) held.splice(0, held.length - HOLD_MAX);
				const states = (listener.heldStates ??= new Map());
				for (const state of fileStates) {
					states.delete(state.path);
					states.set(state.path, state);
				}
				if (problem && alerts) this.#sendHeld(socket, listener, lagMs);
				continue;
			}
			this.#send(listener, mine, lagMs, transfers, fileStates);
		}
	}

	#send(
		{ port, id }: Listener,
		reads: HubRead[],
		lagMs: number,
		transfers: Transfer[],
		fileStates: FileState[]
	) {
		const sentAt = Date.now();
		const post =
			reads.length > READS_PER_MESSAGE
				? (message: FromHubOne) => port.postMessage(message)
				: (message: FromHubOne) => this.#post(port, message);
		for (let start = 0; start < reads.length || start === 0; start += READS_PER_MESSAGE) {
			const last = start + READS_PER_MESSAGE >= reads.length;
			post({
				type: 'batch',
				id,
				reads: reads.slice(start, start + READS_PER_MESSAGE),
				sentAt,
				lagMs,
				// What the frames added up to comes with the last of them.
				...(last && transfers.length ? { transfers } : {}),
				...(last && fileStates.length ? { fileStates } : {})
			});
			if (reads.length === 0) break;
		}
	}

	/** What a hidden tab was not sent: the reads held, every transfer as it is now, the states. */
	#sendHeld(socket: Socket, listener: Listener, lagMs: number) {
		const reads = listener.held ?? [];
		const states = [...(listener.heldStates?.values() ?? [])];
		listener.held = listener.heldStates = null;
		socket.book.prune();
		const transfers = [...socket.book.byId.values()];
		if (reads.length === 0 && states.length === 0 && transfers.length === 0) return;
		this.#send(listener, reads, lagMs, transfers, states);
	}

	#shown(port: HubPort, shown: boolean, alerts: boolean) {
		if (!shown) {
			this.#hidden.set(port, alerts);
			// A tab that alerts must hear of a problem at once: what waits unread is read now.
			if (alerts)
				for (const socket of this.#sockets.values()) {
					const due = this.#readHeld(socket);
					if (due < Infinity) this.#scheduleFlush(due);
				}
			return;
		}
		if (!this.#hidden.delete(port)) return;
		this.#round(() => {
			for (const { socket, listener } of this.#subscriptions.get(port)?.values() ?? []) {
				// What is pending goes to every tab first, so the held reads stay in order.
				this.#flushSocket(socket, 0);
				this.#sendHeld(socket, listener, 0);
			}
		});
	}

	#keepReads(socket: Socket, reads: HubRead[]) {
		if (socket.agent === null) return;
		if (socket.awaiting) {
			for (const read of reads) socket.awaiting.push(read.entry);
			this.#lineUp(socket, false);
			return;
		}
		this.#keepEntries(
			socket,
			reads.map((read) => read.entry)
		);
	}

	#keepEntries(socket: Socket, entries: NewEntry[]) {
		if (socket.agent === null || entries.length === 0) return;
		let kept = false;
		for (const keeper of this.#keepers.values()) {
			if (keeper.agent !== socket.agent) continue;
			keeper.store.add(entries);
			kept = true;
		}
		if (!kept) return;
		// What a handover tells the newer hub; cut now and then, not at every batch.
		const recent = socket.recent;
		for (const entry of entries) recent.push(entry);
		if (recent.length > 2 * TAIL) recent.splice(0, recent.length - TAIL);
	}

	#setStatus(socket: Socket, status: HubStatus) {
		socket.status = status;
		const sentAt = Date.now();
		for (const { port, id } of socket.listeners)
			port.postMessage({ type: 'status', id, status, sentAt });
	}

	// The library has already scheduled the next attempt when `close` arrives; its delay follows
	// from the retry count and the options it used, which are read here before the next jitter.
	#scheduled(socket: Socket, closedByAgent: boolean) {
		const attempt = socket.ws.retryCount;
		const min = socket.options.minReconnectionDelay ?? this.#options.minDelayMs;
		const delay = attempt > 0 ? Math.min(min * GROW ** (attempt - 1), this.#options.maxDelayMs) : 0;
		socket.options.minReconnectionDelay = this.#jittered();
		const previous = socket.status;
		const now = Date.now();
		this.#setStatus(socket, {
			kind: 'reconnecting',
			attempt: Math.max(attempt, 1),
			retryAt: now + delay,
			closedByAgent,
			since: previous.kind === 'reconnecting' ? previous.since : now
		});
	}

	/** Retry now: skips the wait before the next attempt, for every tab on this socket. */
	#retry(socket: Socket | undefined) {
		if (!socket || socket.status.kind === 'live') return;
		socket.options.minReconnectionDelay = this.#jittered();
		socket.ws.reconnect();
		this.#setStatus(socket, { kind: 'connecting', attempt: 1 });
	}

	#jittered() {
		return Math.round(this.#options.minDelayMs * (0.75 + Math.random() * 0.5));
	}

	#agentOf(url: string): string | null {
		for (const { agent } of this.#keepers.values()) {
			if (url === socketUrl(agent, 'notification') || url === socketUrl(agent, 'statechange'))
				return agent;
		}
		return null;
	}

	#keep(port: HubPort, agent: string, owner: string, cap: number) {
		let keeper = this.#keepers.get(owner);
		if (!keeper)
			this.#keepers.set(
				owner,
				(keeper = { agent, store: new TimelineStore(owner, cap), users: new Map() })
			);
		else void keeper.store.setCap(cap);
		// Taking over from an older hub: what is read waits until that one lets go of the store.
		if (this.#awaited.size > 0) keeper.store.hold();
		keeper.users.set(port, (keeper.users.get(port) ?? 0) + 1);
		for (const socket of this.#sockets.values()) socket.agent ??= this.#agentOf(socket.url);
	}

	#release(port: HubPort, owner: string) {
		const keeper = this.#keepers.get(owner);
		if (!keeper) return;
		const count = (keeper.users.get(port) ?? 0) - 1;
		if (count > 0) keeper.users.set(port, count);
		else keeper.users.delete(port);
		// Handing over: it is kept until the last socket is handed (`#handOver`).
		if (keeper.users.size > 0 || this.#newer !== null) return;
		// What this owner's sockets read so far is still theirs to keep.
		for (const socket of this.#sockets.values())
			if (socket.agent === keeper.agent) this.#flushSocket(socket, 0);
		this.#keepers.delete(owner);
		for (const socket of this.#sockets.values()) socket.agent = this.#agentOf(socket.url);
		void keeper.store.close();
	}
}

const isProblem = (read: HubRead) => read.entry.severity !== undefined;

/**
 * Whether a tab listens for this frame's kind itself (a command's progress, a sync being
 * followed): someone is watching that happen, so each step goes as it comes, not in a second's
 * batch where quick steps would merge into the last.
 */
function wanted(socket: Socket, read: HubRead): boolean {
	if (read.frame === undefined) return false;
	for (const { kinds } of socket.listeners)
		if (kinds === null || kinds.includes(read.entry.kind)) return true;
	return false;
}

/** The reads with the data of the kinds a tab wants, and only those (null: every kind). */
function withData(reads: HubRead[], kinds: Kinds): HubRead[] {
	if (kinds === null) return reads;
	return reads.map((read) =>
		read.frame !== undefined && !kinds.includes(read.entry.kind) ? { entry: read.entry } : read
	);
}
