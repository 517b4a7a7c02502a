import ReconnectingWebSocket, { type Options } from 'reconnecting-websocket';
import { socketUrl } from './socket-url';
import { Emitter } from './emitter';
import { readFrame, type FrameRead, type FrameReader, type HeardRead } from './frames';
import type { FileState, Transfer } from './live-records';

/**
 * One of the agent's WebSocket channels, kept open for as long as it is started: reconnects with
 * exponential backoff and jitter, forever, with a connection-open timeout. The client sends
 * nothing. Every frame goes through the channel's reader (schema, then words for the timeline);
 * one that does not read is counted, never thrown. Over a worker's socket (`shared-socket.ts`)
 * the frames arrive already read, in batches, and the worker's lag comes with them.
 *
 * Frames reach listeners synchronously, as they arrive; the reactive fields (status, counts,
 * time of the last frame) are published at most every PUBLISH_MS, so a flood of frames does not
 * make every reader of them run thousands of times a second.
 */

import type { ChannelName } from '$lib/contract';
import type { EventKind } from './event-words';

export type ChannelStatus =
	| { kind: 'stopped' }
	| { kind: 'connecting'; attempt: number }
	| { kind: 'live'; since: number }
	/** Down; the next attempt starts at `retryAt` (a time from Date.now()). */
	| {
			kind: 'reconnecting';
			attempt: number;
			retryAt: number;
			/** The agent closed the connection itself (1000): it shut down or restarts. */
			closedByAgent: boolean;
			since: number;
	  };

/** Where frames are read: in a worker shared by every tab, in this tab's own worker, or here. */
export type ReadBy = 'shared worker' | 'worker' | 'page';

/**
 * What a worker's socket delivers: frames it read (with the worker's arrival times), when it sent
 * them, and how far behind its own loop ran.
 */
export type WorkerBatch = {
	reads: (HeardRead<unknown> | string)[];
	sentAt: number;
	lagMs: number;
} & WorkerRecords;

/** What the frames of a batch added up to in the worker: the transfers and paths they changed. */
export type WorkerRecords = { transfers?: Transfer[]; fileStates?: FileState[] };

/** Clocks further apart than this are not the same clock (a page under a test's clock). */
const CLOCK_SKEW_MS = 1000;

/** A worker's records with their times moved by `shift` (see CLOCK_SKEW_MS). */
function shifted({ transfers, fileStates }: WorkerRecords, shift: number): WorkerRecords {
	if (!shift) return { transfers, fileStates };
	return {
		transfers: transfers?.map((t) => ({
			...t,
			updatedAt: t.updatedAt + shift,
			finishedAt: t.finishedAt === null ? null : t.finishedAt + shift
		})),
		fileStates: fileStates?.map((f) => ({ ...f, at: f.at + shift }))
	};
}

function isWorkerBatch(data: unknown): data is WorkerBatch {
	return typeof data === 'object' && data !== null && Array.isArray((data as WorkerBatch).reads);
}

export type ChannelOptions = {
	/** A WebSocket class, for Node (tests); the browser's own otherwise. */
	WebSocket?: unknown;
	/** Where the WebSocket class reads frames (a worker's stand-in reads them itself). */
	readBy?: ReadBy;
	minDelayMs?: number;
	maxDelayMs?: number;
	connectTimeoutMs?: number;
	/** Connected this long counts as a success: the backoff starts over. */
	minUptimeMs?: number;
};

/** The frame as the schema read it, its arrival time, and the JSON value as it came. */
type FrameListener<T> = (frame: T, receivedAt: number, value: unknown) => void;
type BadFrameListener = (raw: string, problem: string, receivedAt: number) => void;

const PUBLISH_MS = 250;
const GROW = 1.6;

export class LiveChannel<T> {
	readonly name: ChannelName;
	status = $state.raw<ChannelStatus>({ kind: 'stopped' });
	/** Frames read since the channel was started (published every PUBLISH_MS). */
	received = $state(0);
	/** Frames that could not be read. */
	malformed = $state(0);
	lastFrameAt = $state<number | null>(null);
	/** The longest a worker reading the frames fell behind since the start, in ms. */
	workerLagMs = $state<number | null>(null);
	readonly readBy: ReadBy;
	/** The address the channel is connected to, or null when stopped. */
	url = $state<string | null>(null);

	#reader: FrameReader<T>;
	#options: Required<Omit<ChannelOptions, 'WebSocket' | 'readBy'>> & { WebSocket?: unknown };
	#socket: ReconnectingWebSocket | null = null;
	#rwsOptions: Options = {};
	#reads = new Emitter<[HeardRead<T>]>();
	#records = new Emitter<[WorkerRecords]>();
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- listeners, not state
	#frameListeners = new Set<{ listener: FrameListener<T>; kinds: readonly EventKind[] | null }>();
	#badFrames = new Emitter<Parameters<BadFrameListener>>();
	#statuses = new Emitter<[ChannelStatus]>();
	#counts = {
		received: 0,
		malformed: 0,
		lastFrameAt: null as number | null,
		workerLagMs: null as number | null
	};
	#publishTimer: ReturnType<typeof setTimeout> | null = null;

	constructor(
		name: ChannelName,
		reader: FrameReader<T>,
		{ readBy = 'page', ...options }: ChannelOptions = {}
	) {
		this.name = name;
		this.#reader = reader;
		this.readBy = readBy;
		this.#options = {
			minDelayMs: 1000,
			maxDelayMs: 30_000,
			connectTimeoutMs: 5000,
			minUptimeMs: 5000,
			...options
		};
	}

	/** Connects to the agent at `agentUrl`; a different address moves the socket there. */
	start(agentUrl: string) {
		const url = socketUrl(agentUrl, this.name);
		if (this.#socket && this.url === url) return;
		this.stop();
		this.url = url;
		this.#counts = { received: 0, malformed: 0, lastFrameAt: null, workerLagMs: null };
		this.#publishNow();
		this.#rwsOptions = {
			WebSocket: this.#options.WebSocket,
			minReconnectionDelay: this.#jittered(),
			maxReconnectionDelay: this.#options.maxDelayMs,
			reconnectionDelayGrowFactor: GROW,
			connectionTimeout: this.#options.connectTimeoutMs,
			minUptime: this.#options.minUptimeMs,
			maxRetries: Infinity
		};
		const socket = new ReconnectingWebSocket(url, [], this.#rwsOptions);
		this.#socket = socket;
		this.#setStatus({ kind: 'connecting', attempt: 1 });
		socket.addEventListener('open', () => {
			if (this.#socket === socket) this.#setStatus({ kind: 'live', since: Date.now() });
		});
		socket.addEventListener('close', (event) => {
			if (this.#socket !== socket) return;
			// The library reports its own disconnects (errors, timeouts) as a 1000 from itself.
			this.#scheduled(socket, event.code === 1000 && event.target !== socket);
		});
		socket.addEventListener('message', (event) => {
			if (this.#socket === socket) this.#receive(event.data);
		});
	}

	stop() {
		const socket = this.#socket;
		this.#socket = null;
		if (!socket) return;
		socket.close();
		this.url = null;
		this.#setStatus({ kind: 'stopped' });
	}

	/** Skips the wait before the next attempt. */
	retryNow() {
		if (!this.#socket || this.status.kind === 'live') return;
		this.#rwsOptions.minReconnectionDelay = this.#jittered();
		this.#socket.reconnect();
		this.#setStatus({ kind: 'connecting', attempt: 1 });
	}

	/** Every frame as read, readable or not, with its words for the timeline. */
	onRead(listener: (read: HeardRead<T>) => void): () => void {
		return this.#reads.on(listener);
	}

	/** What a worker made of the frames (transfers, file states), batch by batch. */
	onRecords(listener: (records: WorkerRecords) => void): () => void {
		return this.#records.on(listener);
	}

	/**
	 * Every readable frame, or only those of `kinds`: a worker passes frames on as text, and a
	 * frame is read again on the page only for a listener that wants its kind.
	 */
	onFrame(listener: FrameListener<T>, kinds: readonly EventKind[] | null = null): () => void {
		const entry = { listener, kinds };
		this.#frameListeners.add(entry);
		return () => this.#frameListeners.delete(entry);
	}

	onBadFrame(listener: BadFrameListener): () => void {
		return this.#badFrames.on(listener);
	}

	/** Every change of status, as it happens (for gap markers). */
	onStatus(listener: (status: ChannelStatus) => void): () => void {
		return this.#statuses.on(listener);
	}

	// The library has already scheduled the next attempt when `close` arrives; its delay follows
	// from the retry count and the options it used, which are read here before the next jitter.
	#scheduled(socket: ReconnectingWebSocket, closedByAgent: boolean) {
		const attempt = socket.retryCount;
		const min = this.#rwsOptions.minReconnectionDelay ?? this.#options.minDelayMs;
		const delay = attempt > 0 ? Math.min(min * GROW ** (attempt - 1), this.#options.maxDelayMs) : 0;
		this.#rwsOptions.minReconnectionDelay = this.#jittered();
		const previous = this.status;
		this.#setStatus({
			kind: 'reconnecting',
			attempt: Math.max(attempt, 1),
			retryAt: Date.now() + delay,
			closedByAgent,
			since: previous.kind === 'reconnecting' ? previous.since : Date.now()
		});
	}

	#jittered() {
		return Math.round(this.#options.minDelayMs * (0.75 + Math.random() * 0.5));
	}

	#receive(data: unknown) {
		if (isWorkerBatch(data)) {
			// Arrival times are the worker's; moved onto this page's clock only where the two differ.
			const skew = Date.now() - data.sentAt;
			const shift = Math.abs(skew) > CLOCK_SKEW_MS ? skew : 0;
			for (const read of data.reads) {
				// A worker that had no reader for this address passes the text on.
				if (typeof read === 'string') this.#take(readFrame(this.#reader, read, Date.now()));
				else this.#take((shift ? { ...read, at: read.at + shift } : read) as HeardRead<T>);
			}
			this.#counts.workerLagMs = Math.max(this.#counts.workerLagMs ?? 0, data.lagMs);
			if (data.transfers || data.fileStates) this.#records.emit(shifted(data, shift));
		} else {
			this.#take(readFrame(this.#reader, data, Date.now()));
		}
		this.#publishSoon();
	}

	#take(read: HeardRead<T>) {
		this.#counts.lastFrameAt = read.at;
		this.#reads.emit(read);
		if (read.ok) {
			this.#counts.received++;
			this.#emitFrame(read);
		} else {
			this.#counts.malformed++;
			this.#badFrames.emit(read.raw, read.problem, read.at);
		}
	}

	#emitFrame(read: HeardRead<T> & { ok: true }) {
		const kind = read.described.kind;
		let full: FrameRead<T> | null = null;
		for (const { listener, kinds } of this.#frameListeners) {
			if (kinds && !kinds.includes(kind)) continue;
			full ??= 'frame' in read ? read : readFrame(this.#reader, read.text, read.at);
			if (full.ok) listener(full.frame, full.at, full.value);
		}
	}

	#setStatus(status: ChannelStatus) {
		this.status = status;
		this.#statuses.emit(status);
	}

	#publishSoon() {
		this.#publishTimer ??= setTimeout(() => this.#publishNow(), PUBLISH_MS);
	}

	#publishNow() {
		if (this.#publishTimer) clearTimeout(this.#publishTimer);
		this.#publishTimer = null;
		this.received = this.#counts.received;
		this.malformed = this.#counts.malformed;
		this.lastFrameAt = this.#counts.lastFrameAt;
		this.workerLagMs = this.#counts.workerLagMs;
	}
}
