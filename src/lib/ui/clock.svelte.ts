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

	readonly #subscribe = createSubscriber((update) =>
		tickWhileShown(() => {
			this.#now = Date.now();
			update();
		})
	);

	get now(): number {
		if (!$effect.tracking()) return Date.now();
		this.#subscribe();
		return this.#now;
	}
}

export const clock = new Clock();

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
