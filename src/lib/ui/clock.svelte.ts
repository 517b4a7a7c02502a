import { createSubscriber } from 'svelte/reactivity';

type Page = Pick<Document, 'hidden' | 'addEventListener' | 'removeEventListener'>;

/** Where there is no document (a unit test in Node), a page always shown. */
const ALWAYS_SHOWN: Page = {
	hidden: false,
	addEventListener: () => undefined,
	removeEventListener: () => undefined
};
const thePage = (): Page => (typeof document === 'undefined' ? ALWAYS_SHOWN : document);

/**
 * Calls `tick` at once and then every `everyMs` (a second) while the page is shown; hidden, the
 * timer stops (the browser would throttle it anyway, and nobody reads a hidden page), and shown
 * again it ticks at once and goes on. Returns the stop.
 */
export function tickWhileShown(
	tick: () => void,
	page: Page = thePage(),
	everyMs = 1000
): () => void {
	let timer: ReturnType<typeof setInterval> | null = null;
	const run = () => {
		if (page.hidden) {
			if (timer !== null) clearInterval(timer);
			timer = null;
		} else if (timer === null) {
			tick();
			timer = setInterval(tick, everyMs);
		}
	};
	run();
	page.addEventListener('visibilitychange', run);
	return () => {
		page.removeEventListener('visibilitychange', run);
		if (timer !== null) clearInterval(timer);
		timer = null;
	};
}

/** A tick further apart than this is not waited for (`atNextTick`): it would hold a draw too long. */
const NEXT_TICK_MAX_MS = 5000;

/** The readers of the clock in steps of one length, told when the time crosses a step. */
type Step = { subscribe: () => void; listeners: Set<() => void>; slot: number };

/** A re-read every `everyMs`: called at the first tick from `due` on. */
type Repeat = { everyMs: number; due: number; then: () => void };

/**
 * A tick this close before a re-read's time counts as its time: a browser's timer may fire a
 * little early by `Date.now()`, and the re-read would otherwise wait a whole tick more.
 */
const DUE_SLACK_MS = 50;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The time, for words that count seconds ("last event 4 s ago", "expires in 1:30"): one timer for
 * the whole page, ticking only while something on the page reads it and the page is shown, as
 * often as the finest reader needs. Read `clock.now` (seconds) or `clock.every(ms)` (a reader that
 * changes in coarser steps: "last event 5 s ago", the last hour by the minute) in a component's
 * `$derived` or template; outside one it is `Date.now()`. A page whose readers all count in 5 s
 * steps is woken every 5 s, not every second.
 */
class Clock {
	#now = Date.now();
	readonly #steps = new Map<number, Step>();
	readonly #repeats = new Set<Repeat>();
	/** The timer's period, and its stop; null while nobody reads the clock. */
	#timer: { everyMs: number; stop: () => void } | null = null;
	#next: (() => void)[] = [];
	/** Whether the tick's callbacks are running now. */
	#ticking = false;

	get now(): number {
		return this.every(1000);
	}

	/** The time, changing once per `stepMs` at most for the reader (a whole number of seconds). */
	every(stepMs: number): number {
		if (!$effect.tracking()) return Date.now();
		this.#step(stepMs).subscribe();
		return this.#now;
	}

	/**
	 * Calls `changed` each time the time crosses a step of `stepMs`, ticking as often as needed
	 * while the page is shown; returns the stop. What `every` does for a component's reads.
	 */
	listen(stepMs: number, changed: () => void): () => void {
		const { listeners } = this.#step(stepMs);
		listeners.add(changed);
		this.#retime();
		return () => {
			listeners.delete(changed);
			this.#retime();
		};
	}

	/**
	 * Calls `then` every `everyMs` while the page is shown, on the page's one timer: a page that
	 * reads the agent again on its own (a list every 30 s, a wait every 3 s) does it here, never
	 * with a timer of its own. Not at once (the caller has just read); hidden, not at all; shown
	 * again after its time went by, at once, as what the page shows is old by then. The first call
	 * may come up to one tick of a finer reader late. Returns the stop, so that
	 * `$effect(() => clock.repeat(ms, read))` reads while the component is there.
	 */
	repeat(everyMs: number, then: () => void): () => void {
		const repeat: Repeat = { everyMs, due: Date.now() + everyMs, then };
		this.#repeats.add(repeat);
		this.#retime();
		return () => {
			if (this.#repeats.delete(repeat)) this.#retime();
		};
	}

	#step(ms: number): Step {
		let step = this.#steps.get(ms);
		if (!step)
			this.#steps.set(
				ms,
				(step = {
					listeners: new Set(),
					slot: Math.floor(this.#now / ms),
					subscribe: createSubscriber((update) => this.listen(ms, update))
				})
			);
		return step;
	}

	/**
	 * Ticks as often as every step read and every re-read needs (the greatest period that divides
	 * them all: 2 s and 3 s tick every second); stops when nothing reads the clock.
	 */
	#retime() {
		let everyMs = 0;
		for (const [ms, step] of this.#steps) if (step.listeners.size > 0) everyMs = gcd(ms, everyMs);
		for (const repeat of this.#repeats) everyMs = gcd(repeat.everyMs, everyMs);
		if (this.#timer?.everyMs === everyMs) return;
		this.#timer?.stop();
		this.#timer = null;
		if (everyMs === 0) {
			this.#runNext();
			return;
		}
		this.#timer = { everyMs, stop: () => undefined };
		this.#timer.stop = tickWhileShown(() => this.#tick(), thePage(), everyMs);
	}

	#tick() {
		this.#runNext();
		this.#now = Date.now();
		for (const [ms, step] of this.#steps) {
			const slot = Math.floor(this.#now / ms);
			if (slot === step.slot) continue;
			step.slot = slot;
			for (const changed of step.listeners) changed();
		}
		for (const repeat of this.#repeats) {
			if (this.#now < repeat.due - DUE_SLACK_MS) continue;
			repeat.due = this.#now + repeat.everyMs;
			repeat.then();
		}
	}

	/**
	 * Runs `then` at the next tick, before the words that count seconds change, so that the page
	 * draws both in one frame. False (and nothing is kept) when the clock is not ticking (nobody
	 * reads it, or the page is hidden), or ticks too seldom to wait for (only by the minute).
	 */
	atNextTick(then: () => void): boolean {
		if (this.#timer === null || this.#timer.everyMs > NEXT_TICK_MAX_MS) return false;
		if (typeof document !== 'undefined' && document.hidden) return false;
		this.#next.push(then);
		return true;
	}

	/**
	 * Runs `then` now when called from a tick's callback (it is drawn in that tick's frame), else
	 * as `atNextTick` does.
	 */
	atTick(then: () => void): boolean {
		if (!this.#ticking) return this.atNextTick(then);
		then();
		return true;
	}

	#runNext() {
		const next = this.#next;
		this.#next = [];
		this.#ticking = true;
		try {
			for (const then of next) then();
		} finally {
			this.#ticking = false;
		}
	}
}

export const clock = new Clock();

/**
 * Calls `then` once, when the hidden page is next shown (a view nobody saw is brought up to date
 * then); a second call before that adds nothing. For the hidden page only.
 */
export function whenShown(then: () => void, page: Page = document): void {
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- callbacks, not state
	const waiting = waitingFor.get(page) ?? new Set<() => void>();
	waitingFor.set(page, waiting);
	if (waiting.has(then)) return;
	waiting.add(then);
	const shown = () => {
		if (page.hidden) return;
		page.removeEventListener('visibilitychange', shown);
		waiting.delete(then);
		then();
	};
	page.addEventListener('visibilitychange', shown);
}
const waitingFor = new WeakMap<Page, Set<() => void>>();

/**
 * Whether the page is shown (not a hidden tab or a minimised window), as state: a view that
 * draws (a chart) skips its drawing while hidden and draws once when shown again.
 */
class PageShown {
	readonly #subscribe = createSubscriber((update) => {
		document.addEventListener('visibilitychange', update);
		return () => document.removeEventListener('visibilitychange', update);
	});

	get current(): boolean {
		if (typeof document === 'undefined') return true;
		this.#subscribe();
		return !document.hidden;
	}
}

export const pageShown = new PageShown();
