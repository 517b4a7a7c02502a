/**
 * Calls to the agent run a few at a time. A browser keeps about six connections per server and
 * fails requests past a few thousand waiting; one call per drive at once starves everything else
 * the page (and the console's own code) needs. A task given up before it starts never runs.
 */
export class TaskQueue {
	readonly #limit: number;
	#running = 0;
	readonly #waiting: (() => void)[] = [];

	constructor(limit: number) {
		this.#limit = Math.max(1, Math.floor(limit));
	}

	/** Tasks under way. */
	get running(): number {
		return this.#running;
	}

	/** Tasks waiting for a place. */
	get waiting(): number {
		return this.#waiting.length;
	}

	/**
	 * Runs `task` once fewer than the limit run. If `signal` aborts while it waits, it is dropped
	 * and the promise rejects with the signal's reason; once started, the task sees the signal.
	 */
	run<T>(task: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
		return new Promise<T>((resolve, reject) => {
			const start = () => {
				signal.removeEventListener('abort', drop);
				this.#running++;
				task(signal)
					.then(resolve, reject)
					.finally(() => {
						this.#running--;
						this.#waiting.shift()?.();
					});
			};
			const drop = () => {
				const at = this.#waiting.indexOf(start);
				if (at >= 0) this.#waiting.splice(at, 1);
				reject(signal.reason);
			};
			if (signal.aborted) return reject(signal.reason);
			if (this.#running < this.#limit) return start();
			this.#waiting.push(start);
			signal.addEventListener('abort', drop, { once: true });
		});
	}
}
