/** How many answers the console keeps: a few per page, for the pages visited last. */
export const MAX_ANSWERS = 40;

type Entry = { read: number; value: unknown };

/**
 * The last good answer of each read, so that a page opened again shows it at once while a fresh
 * one loads. In memory only (answers carry personal details), for one owner at a time (an agent
 * address and its signed-in user): another owner finds it empty. Each answer comes with the number
 * of its read, in the order the reads started, and never replaces the answer of a later read.
 */
export class AnswerCache {
	readonly #max: number;
	#owner: string | null = null;
	/** In order of use, the least recently used first. */
	readonly #entries = new Map<string, Entry>();

	constructor(max = MAX_ANSWERS) {
		this.#max = max;
	}

	get size(): number {
		return this.#entries.size;
	}

	/** The answer kept for this read of this owner, if any; now the most recently used. */
	get(owner: string | null, key: string): { value: unknown } | undefined {
		if (!this.#own(owner)) return undefined;
		const entry = this.#entries.get(key);
		if (!entry) return undefined;
		this.#entries.delete(key);
		this.#entries.set(key, entry);
		return { value: entry.value };
	}

	/**
	 * Keeps an answer of read number `read`, unless an answer of a later read is kept already.
	 * Only for the owner that looked last: a read that started for another one is not kept.
	 */
	put(owner: string | null, key: string, read: number, value: unknown) {
		if (owner === null || owner !== this.#owner) return;
		const kept = this.#entries.get(key);
		if (kept && kept.read > read) return;
		this.#entries.delete(key);
		this.#entries.set(key, { read, value });
		for (const oldest of this.#entries.keys()) {
			if (this.#entries.size <= this.#max) break;
			this.#entries.delete(oldest);
		}
	}

	/** Forgets every answer (a session ended). */
	clear() {
		this.#entries.clear();
		this.#owner = null;
	}

	/** Whether `owner` may look; another owner than the last one empties the cache first. */
	#own(owner: string | null): owner is string {
		if (owner === null) return false;
		if (owner !== this.#owner) {
			this.#entries.clear();
			this.#owner = owner;
		}
		return true;
	}
}
