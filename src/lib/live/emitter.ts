/** A list of listeners; not reactive state, so a plain Set. */
export class Emitter<Args extends unknown[]> {
	#listeners = new Set<(...args: Args) => void>();

	on(listener: (...args: Args) => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	emit(...args: Args) {
		for (const listener of this.#listeners) listener(...args);
	}
}
