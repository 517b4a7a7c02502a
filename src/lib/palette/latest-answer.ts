/**
 * Asks something of the agent once typing rests, and keeps only the newest question's answer:
 * each new question aborts the one under way, and an answer that comes after a newer question
 * was asked is dropped even when the agent did not stop for the abort.
 */
export class LatestAnswer<Q, A> {
	readonly #ask: (question: Q, signal: AbortSignal) => Promise<A>;
	readonly #answered: (answer: A, question: Q) => void;
	readonly #failed: (error: unknown, question: Q) => void;
	readonly #delayMs: number;
	#timer: ReturnType<typeof setTimeout> | null = null;
	#controller: AbortController | null = null;
	#asked = 0;

	constructor(options: {
		ask: (question: Q, signal: AbortSignal) => Promise<A>;
		answered: (answer: A, question: Q) => void;
		failed: (error: unknown, question: Q) => void;
		delayMs: number;
	}) {
		this.#ask = options.ask;
		this.#answered = options.answered;
		this.#failed = options.failed;
		this.#delayMs = options.delayMs;
	}

	/** A new question: asked after the delay, unless another comes first. */
	ask(question: Q) {
		this.#cancel();
		const asked = ++this.#asked;
		this.#timer = setTimeout(() => {
			this.#timer = null;
			const controller = new AbortController();
			this.#controller = controller;
			this.#ask(question, controller.signal).then(
				(answer) => {
					if (asked === this.#asked) this.#answered(answer, question);
				},
				(error: unknown) => {
					if (asked === this.#asked && !controller.signal.aborted) this.#failed(error, question);
				}
			);
		}, this.#delayMs);
	}

	/** Nothing asked now is wanted any more (the field was emptied, the dialog closed). */
	stop() {
		this.#cancel();
		this.#asked++;
	}

	#cancel() {
		if (this.#timer !== null) clearTimeout(this.#timer);
		this.#timer = null;
		this.#controller?.abort();
		this.#controller = null;
	}
}
