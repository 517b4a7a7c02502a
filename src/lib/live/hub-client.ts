import { Hub, type HubOptions } from './hub';
import { checkFromHub, type FromHubOne, type Kinds, type ToHub } from './protocol';

/**
 * This tab's end of the hub (`hub.ts`), and the choice of its host: a SharedWorker, so every tab
 * of the console shares one socket per channel and each frame is read once for all of them; else
 * a dedicated Worker of this tab's own, so at least the reading is off the main thread; else the
 * page itself, over a MessageChannel. The messages are the same on all three: a channel never
 * knows which host it has, only where its frames are read (`readBy`, shown to the user).
 */

/** Where the hub runs: in a worker shared by every tab, in this tab's own worker, or here. */
export type ReadBy = 'shared worker' | 'worker' | 'page';

type Port = {
	postMessage(message: ToHub): void;
	onmessage: ((event: MessageEvent) => void) | null;
};

export type Heard = Exclude<FromHubOne, { type: 'done' }>;

/** One channel's listening, for as long as it is not closed. */
export type Subscription = {
	/** The kinds of frame whose data this tab's listeners want. */
	want(kinds: Kinds): void;
	retry(): void;
	close(): void;
};

/** The hub's keeping of an agent's timeline for one user, for as long as this tab listens. */
export type Keeper = {
	setCap(cap: number): void;
	clear(): Promise<void>;
	close(): void;
};

export class HubClient {
	readonly readBy: ReadBy;
	readonly #port: Port;
	#nextId = 0;
	readonly #subscriptions = new Map<number, (message: Heard) => void>();
	readonly #asked = new Map<number, () => void>();
	/** The owners (agent and user) whose timeline the hub keeps for this tab. */
	readonly #kept = new Map<string, number>();
	#ignored = 0;
	#alerts = false;
	#superseded: (() => void) | null = null;

	constructor(port: Port, readBy: ReadBy) {
		this.#port = port;
		this.readBy = readBy;
		port.onmessage = (event) => this.#receive(event.data);
		// A hidden tab is not woken for routine frames: the hub holds them until it is shown.
		if (typeof document !== 'undefined') {
			if (document.hidden) this.#sayShown();
			document.addEventListener('visibilitychange', () => this.#sayShown());
		}
	}

	/**
	 * Whether this tab shows a browser notification for a problem while hidden: only then is it
	 * woken for one at once; otherwise what it missed, problems too, comes when it is shown.
	 */
	alertsWhenHidden(on: boolean) {
		if (on === this.#alerts) return;
		this.#alerts = on;
		if (typeof document !== 'undefined' && document.hidden) this.#sayShown();
	}

	#sayShown() {
		this.#port.postMessage({ type: 'shown', shown: !document.hidden, alerts: this.#alerts });
	}

	/**
	 * Calls `then` when a newer console's hub takes over from this tab's (`handover.ts`): this
	 * tab's channels get no more frames, and its build is not the one served any more.
	 */
	onSuperseded(then: () => void) {
		this.#superseded = then;
	}

	/** Messages from the hub that were not the protocol's, dropped. */
	get ignored(): number {
		return this.#ignored;
	}

	/** Listens to the channel at `url`; the hub's news of it goes to `heard`. */
	subscribe(url: string, kinds: Kinds, heard: (message: Heard) => void): Subscription {
		const id = ++this.#nextId;
		this.#subscriptions.set(id, heard);
		this.#port.postMessage({ type: 'subscribe', id, url, kinds });
		return {
			want: (next) => {
				if (this.#subscriptions.has(id)) this.#port.postMessage({ type: 'want', id, kinds: next });
			},
			retry: () => {
				if (this.#subscriptions.has(id)) this.#port.postMessage({ type: 'retry', id });
			},
			close: () => {
				if (this.#subscriptions.delete(id)) this.#port.postMessage({ type: 'unsubscribe', id });
			}
		};
	}

	/**
	 * Asks the hub to keep an agent's timeline for one user (`owner`): it writes every frame it
	 * reads, so the tab writes nothing.
	 */
	keeper(agent: string, owner: string, cap: number): Keeper {
		this.#port.postMessage({ type: 'keep', agent, owner, cap });
		this.#kept.set(owner, (this.#kept.get(owner) ?? 0) + 1);
		let released = false;
		return {
			setCap: (next) => this.#port.postMessage({ type: 'cap', owner, cap: next }),
			clear: () => {
				const id = ++this.#nextId;
				return new Promise<void>((resolve) => {
					this.#asked.set(id, resolve);
					this.#port.postMessage({ type: 'clear', id, owner });
				});
			},
			close: () => {
				if (released) return;
				released = true;
				this.#release(owner);
			}
		};
	}

	/** Lets go of every socket and kept timeline: the page is going away. */
	close() {
		for (const id of [...this.#subscriptions.keys()]) {
			this.#subscriptions.delete(id);
			this.#port.postMessage({ type: 'unsubscribe', id });
		}
		for (const [owner, count] of [...this.#kept])
			for (let i = 0; i < count; i++) this.#release(owner);
	}

	#release(owner: string) {
		const count = (this.#kept.get(owner) ?? 1) - 1;
		if (count > 0) this.#kept.set(owner, count);
		else this.#kept.delete(owner);
		this.#port.postMessage({ type: 'release', owner });
	}

	#receive(data: unknown) {
		const message = checkFromHub(data);
		if (!message) this.#ignored++;
		else if (message.type === 'many') for (const one of message.messages) this.#take(one);
		else if (message.type === 'superseded') this.#superseded?.();
		else this.#take(message);
	}

	#take(message: FromHubOne) {
		if (message.type === 'done') {
			this.#asked.get(message.id)?.();
			this.#asked.delete(message.id);
		} else {
			this.#subscriptions.get(message.id)?.(message);
		}
	}
}

/** A hub on this page, for a browser without workers (and for tests). */
export function hubOnPage(options?: HubOptions): HubClient {
	const { port1, port2 } = new MessageChannel();
	new Hub(options).serve(port2);
	return new HubClient(port1, 'page');
}

/** The hub in a worker where the browser can run one, else on this page. */
export function connectHub(): HubClient {
	let client: HubClient | null = null;
	if (typeof SharedWorker !== 'undefined') {
		try {
			// The options are written out each time: the bundler reads them where the worker starts.
			// `extendedLifetime` (Chromium): when the last tab goes away (closed, reloaded) the
			// worker lives on long enough to write what it keeps, instead of dying mid-write.
			const worker = new SharedWorker(new URL('./socket-worker.ts', import.meta.url), {
				type: 'module',
				name: 'agent-console-sockets',
				extendedLifetime: true
			} as WorkerOptions);
			client = new HubClient(worker.port, 'shared worker');
		} catch {
			// Refused (a sandboxed frame, a policy): a worker of this tab's own, else the page.
		}
	}
	if (!client && typeof Worker !== 'undefined') {
		try {
			const worker = new Worker(new URL('./socket-worker.ts', import.meta.url), {
				type: 'module',
				name: 'agent-console-sockets'
			});
			client = new HubClient(worker, 'worker');
		} catch {
			// No worker at all: the hub runs on the page.
		}
	}
	if (!client) return hubOnPage();
	// A page going away lets go of its sockets, so the last tab's leaving closes them.
	const leaving = client;
	addEventListener('pagehide', () => leaving.close());
	return leaving;
}
