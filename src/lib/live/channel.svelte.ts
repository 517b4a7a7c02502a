import ReconnectingWebSocket, { type Options } from 'reconnecting-websocket';
import { socketUrl } from './socket-url';
import { Emitter } from './emitter';

/**
 * One of the agent's WebSocket channels, kept open for as long as it is started: reconnects with
 * exponential backoff and jitter, forever, with a connection-open timeout. The client sends
 * nothing. Every frame goes through `parse`; one that does not parse is counted, never thrown.
 *
 * Frames reach listeners synchronously, as they arrive; the reactive fields (status, counts,
 * time of the last frame) are published at most every PUBLISH_MS, so a flood of frames does not
 * make every reader of them run thousands of times a second.
 */

import type { ChannelName } from '$lib/contract';

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

export type Parsed<T> = { ok: true; frame: T } | { ok: false; problem: string };

export type ChannelOptions = {
	/** A WebSocket class, for Node (tests); the browser's own otherwise. */
	WebSocket?: unknown;
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
	/** The address the channel is connected to, or null when stopped. */
	url = $state<string | null>(null);

	#parse: (value: unknown) => Parsed<T>;
	#options: Required<Omit<ChannelOptions, 'WebSocket'>> & { WebSocket?: unknown };
	#socket: ReconnectingWebSocket | null = null;
	#rwsOptions: Options = {};
	#frames = new Emitter<Parameters<FrameListener<T>>>();
	#badFrames = new Emitter<Parameters<BadFrameListener>>();
	#statuses = new Emitter<[ChannelStatus]>();
	#counts = { received: 0, malformed: 0, lastFrameAt: null as number | null };
	#publishTimer: ReturnType<typeof setTimeout> | null = null;

	constructor(
		name: ChannelName,
		parse: (value: unknown) => Parsed<T>,
		options: ChannelOptions = {}
	) {
		this.name = name;
		this.#parse = parse;
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
		this.#counts = { received: 0, malformed: 0, lastFrameAt: null };
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

	onFrame(listener: FrameListener<T>): () => void {
		return this.#frames.on(listener);
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
		const now = Date.now();
		this.#counts.lastFrameAt = now;
		let value: unknown;
		let problem: string | null = null;
		if (typeof data !== 'string') problem = 'not a text frame';
		else {
			try {
				value = JSON.parse(data);
			} catch {
				problem = 'not JSON';
			}
		}
		const parsed: Parsed<T> = problem ? { ok: false, problem } : this.#parse(value);
		if (parsed.ok) {
			this.#counts.received++;
			this.#frames.emit(parsed.frame, now, value);
		} else {
			this.#counts.malformed++;
			const raw = typeof data === 'string' ? data : String(data);
			this.#badFrames.emit(raw, parsed.problem, now);
		}
		this.#publishSoon();
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
	}
}
