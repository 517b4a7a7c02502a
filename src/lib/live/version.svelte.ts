/**
 * A live store's one signal to its views (one per batch, not one per entry): every getter of the
 * store reads `value`, every change calls `changed()`. A change taken quietly, in a hidden page
 * where nobody sees the views, is not signalled: the page shown again calls `signal()` (or the
 * next change that is not quiet tells it), and the views are drawn once with everything.
 */
export class Version {
	#value = $state(0);
	#unsignalled = false;

	get value(): number {
		return this.#value;
	}

	changed({ quiet = false } = {}) {
		if (quiet) {
			this.#unsignalled = true;
			return;
		}
		this.#unsignalled = false;
		this.#value++;
	}

	/** Tells the views of the changes taken quietly, if there were any. */
	signal() {
		if (this.#unsignalled) this.changed();
	}
}
