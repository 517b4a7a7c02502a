import { createSubscriber } from 'svelte/reactivity';

type Page = Pick<Document, 'hidden' | 'addEventListener' | 'removeEventListener'>;

/**
 * Calls `tick` at once and then once a second while the page is shown; hidden, the timer stops
 * (the browser would throttle it anyway, and nobody reads a hidden page), and shown again it
 * ticks at once and goes on. Returns the stop.
 */
export function tickWhileShown(tick: () => void, page: Page = document): () => void {
	let timer: ReturnType<typeof setInterval> | null = null;
	const run = () => {
		if (page.hidden) {
			if (timer !== null) clearInterval(timer);
			timer = null;
		} else if (timer === null) {
			tick();
			timer = setInterval(tick, 1000);
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

/**
 * The time, for words that count seconds ("last event 4 s ago", "expires in 1:30"): one timer for
 * the whole page, ticking only while something on the page reads it and the page is shown.
 * Read `clock.now` in a component's `$derived` or template; outside one it is `Date.now()`.
 */
class Clock {
	#now = Date.now();
	/** Whether something reads the clock, so that it ticks while the page is shown. */
	#read = false;
	#next: (() => void)[] = [];
	/** Whether the tick's callbacks are running now. */
	#ticking = false;

	readonly #subscribe = createSubscriber((update) => {
		this.#read = true;
		const stop = tickWhileShown(() => {
			this.#runNext();
			this.#now = Date.now();
			update();
		});
		return () => {
			this.#read = false;
			stop();
			this.#runNext();
		};
	});

	get now(): number {
		if (!$effect.tracking()) return Date.now();
		this.#subscribe();
		return this.#now;
	}

	/**
	 * Runs `then` at the next tick, before the words that count seconds change, so that the page
	 * draws both in one frame. False (and nothing is kept) when the clock is not ticking: nobody
	 * reads it, or the page is hidden.
	 */
	atNextTick(then: () => void): boolean {
		if (!this.#read || (typeof document !== 'undefined' && document.hidden)) return false;
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
