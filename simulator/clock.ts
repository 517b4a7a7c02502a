/**
 * The development agent's clock: real time plus an offset that tests move forward, so cooldowns,
 * expiry and restarts can be skipped instead of waited for. Timers set through it fire when real
 * time reaches them or when `advance()` jumps past them, whichever comes first.
 */
export type ClockTimer = { at: number; fn: () => void; handle: NodeJS.Timeout };

export class SimClock {
	#offset = 0;
	readonly #timers = new Set<ClockTimer>();

	now(): number {
		return Date.now() + this.#offset;
	}

	/** Seconds since the epoch, for JWT claims. */
	seconds(): number {
		return Math.floor(this.now() / 1000);
	}

	date(): Date {
		return new Date(this.now());
	}

	setTimeout(fn: () => void, ms: number): ClockTimer {
		const timer: ClockTimer = {
			at: this.now() + ms,
			fn,
			handle: setTimeout(() => {
				this.#timers.delete(timer);
				fn();
			}, ms)
		};
		this.#timers.add(timer);
		return timer;
	}

	clearTimeout(timer: ClockTimer | null | undefined) {
		if (!timer) return;
		clearTimeout(timer.handle);
		this.#timers.delete(timer);
	}

	/** Jumps forward, firing every timer that falls due on the way, in order. */
	advance(ms: number) {
		this.#offset += Math.max(0, ms);
		const due = [...this.#timers].filter((t) => t.at <= this.now()).sort((a, b) => a.at - b.at);
		for (const timer of due) {
			this.clearTimeout(timer);
			timer.fn();
		}
	}

	/** Waits `ms` on this clock: real time, or less when a test moves the clock on. */
	delay(ms: number): Promise<void> {
		return new Promise((resolve) => this.setTimeout(resolve, ms));
	}

	/** Back to real time; pending timers keep their real-time schedule. */
	reset() {
		this.#offset = 0;
	}
}
