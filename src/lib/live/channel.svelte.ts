import type { ChannelName } from '$lib/contract';
import { whenShown } from '$lib/ui/clock.svelte';
import { Emitter } from './emitter';
import type { EventKind } from './event-words';
import type { Heard, HubClient, ReadBy, Subscription } from './hub-client';
import type { HubRead, HubStatus, Kinds, Records } from './protocol';
import { socketUrl } from './socket-url';

/**
 * One of the agent's WebSocket channels as this tab sees it: a subscription to the hub
 * (`hub.ts`), which keeps the socket open, reads the frames and says how the connection is. The
 * tab never reconnects itself; Retry now asks the hub. Frames arrive read, in batches, with the
 * hub's lag, and reach listeners synchronously; the reactive fields (status, counts, time of the
 * last frame) are published at most every PUBLISH_MS, so a flood of frames does not make every
 * reader of them run thousands of times a second, or, for a channel whose owner draws its frames
 * (`Live`), when the owner calls `publish()`, so that they change in the frame that draws them.
 */

export type ChannelStatus = HubStatus | { kind: 'stopped' };
export type { ReadBy };

/** A batch of frames as they came, and what they added up to in the hub. */
export type Batch = { reads: HubRead[] } & Records;

/** A frame as the schema read it, and its arrival time. */
type FrameListener<T> = (frame: T, receivedAt: number) => void;
type BadFrameListener = (raw: string, problem: string, receivedAt: number) => void;

const PUBLISH_MS = 1000;
/** Clocks further apart than this are not the same clock (a page under a test's clock). */
const CLOCK_SKEW_MS = 1000;

export class LiveChannel<T> {
	readonly name: ChannelName;
	status = $state.raw<ChannelStatus>({ kind: 'stopped' });
	/** Frames read since the channel was started (published every PUBLISH_MS). */
	received = $state(0);
	malformed = $state(0);
	lastFrameAt = $state<number | null>(null);
	/** The longest the hub reading the frames fell behind since the start, in ms. */
	workerLagMs = $state<number | null>(null);
	readonly readBy: ReadBy;
	url = $state<string | null>(null);

	readonly #hub: HubClient;
	#subscription: Subscription | null = null;
	/** The kinds whose data the hub was last asked for. */
	#kinds: Kinds = [];
	#batches = new Emitter<[Batch]>();
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

	readonly #publishesItself: boolean;

	constructor(name: ChannelName, hub: HubClient, { publishedByOwner = false } = {}) {
		this.name = name;
		this.#hub = hub;
		this.readBy = hub.readBy;
		this.#publishesItself = !publishedByOwner;
	}

	/** Listens to the agent at `agentUrl`; a different address moves the listening there. */
	start(agentUrl: string) {
		const url = socketUrl(agentUrl, this.name);
		if (this.#subscription && this.url === url) return;
		this.stop();
		this.url = url;
		this.#counts = { received: 0, malformed: 0, lastFrameAt: null, workerLagMs: null };
		this.#publishNow();
		this.#kinds = this.#wanted();
		this.#subscription = this.#hub.subscribe(url, this.#kinds, (message) => this.#heard(message));
		this.#setStatus({ kind: 'connecting', attempt: 1 });
	}

	stop() {
		const subscription = this.#subscription;
		this.#subscription = null;
		if (!subscription) return;
		subscription.close();
		this.url = null;
		this.#setStatus({ kind: 'stopped' });
	}

	/** Skips the wait before the next attempt (for every tab: the socket is the hub's). */
	retryNow() {
		if (this.status.kind !== 'live') this.#subscription?.retry();
	}

	/** Every batch of frames, readable or not, with what they added up to. */
	onBatch(listener: (batch: Batch) => void): () => void {
		return this.#batches.on(listener);
	}

	/**
	 * Every readable frame, or only those of `kinds`. The hub sends a frame's data only for the
	 * kinds some listener wants, so a listener for a few kinds costs the others nothing.
	 */
	onFrame(listener: FrameListener<T>, kinds: readonly EventKind[] | null = null): () => void {
		const entry = { listener, kinds };
		this.#frameListeners.add(entry);
		this.#want();
		return () => {
			this.#frameListeners.delete(entry);
			this.#want();
		};
	}

	onBadFrame(listener: BadFrameListener): () => void {
		return this.#badFrames.on(listener);
	}

	/** Every change of status, as it happens (for gap markers). */
	onStatus(listener: (status: ChannelStatus) => void): () => void {
		return this.#statuses.on(listener);
	}

	/** The kinds the listeners want the data of, in one order: null for every kind. */
	#wanted(): Kinds {
		const kinds: EventKind[] = [];
		for (const entry of this.#frameListeners) {
			if (entry.kinds === null) return null;
			for (const kind of entry.kinds) if (!kinds.includes(kind)) kinds.push(kind);
		}
		return kinds.sort();
	}

	#want() {
		const kinds = this.#wanted();
		if (JSON.stringify(kinds) === JSON.stringify(this.#kinds)) return;
		this.#kinds = kinds;
		this.#subscription?.want(kinds);
	}

	#heard(message: Heard) {
		// Times are the hub's; moved onto this page's clock only where the two differ.
		const skew = Date.now() - message.sentAt;
		const shift = Math.abs(skew) > CLOCK_SKEW_MS ? skew : 0;
		if (message.type === 'status') {
			this.#setStatus(shift ? shiftedStatus(message.status, shift) : message.status);
			return;
		}
		const reads = shift
			? message.reads.map((read) => ({
					...read,
					entry: { ...read.entry, at: read.entry.at + shift }
				}))
			: message.reads;
		for (const read of reads) this.#take(read);
		this.#counts.workerLagMs = Math.max(this.#counts.workerLagMs ?? 0, message.lagMs);
		this.#batches.emit({ reads, ...shiftedRecords(message, shift) });
		this.#publishSoon();
	}

	#take({ entry, frame }: HubRead) {
		this.#counts.lastFrameAt = entry.at;
		const said = entry.said;
		if (said.key === 'unread') {
			this.#counts.malformed++;
			this.#badFrames.emit(String(entry.payload), said.problem, entry.at);
			return;
		}
		this.#counts.received++;
		if (frame === undefined) return;
		const kind = entry.kind;
		for (const { listener, kinds } of this.#frameListeners)
			if (!kinds || kinds.includes(kind)) listener(frame as T, entry.at);
	}

	#setStatus(status: ChannelStatus) {
		// The hub's first word is often what the channel already says (connecting).
		if (JSON.stringify(status) === JSON.stringify(this.status)) return;
		this.status = status;
		this.#statuses.emit(status);
	}

	/** Counts for the views; a hidden page publishes them when shown again (see `Live`). */
	#publishSoon() {
		if (!this.#publishesItself) return;
		if (typeof document !== 'undefined' && document.hidden) return whenShown(this.#shown);
		this.#publishTimer ??= setTimeout(() => this.#publishNow(), PUBLISH_MS);
	}
	readonly #shown = () => this.#publishNow();

	/** Publishes the counts now (the owner's draw). */
	publish() {
		this.#publishNow();
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

function shiftedStatus(status: HubStatus, shift: number): HubStatus {
	if (status.kind === 'live') return { ...status, since: status.since + shift };
	if (status.kind === 'reconnecting')
		return { ...status, retryAt: status.retryAt + shift, since: status.since + shift };
	return status;
}

/** The hub's records with their times moved by `shift` (see CLOCK_SKEW_MS). */
function shiftedRecords({ transfers, fileStates }: Records, shift: number): Records {
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
