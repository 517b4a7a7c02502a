/**
 * A search box whose text lives in the URL: the box follows the URL (Back, links), and the URL
 * follows the box after a pause in typing, or at once on Enter. Refining a search replaces its
 * history entry; starting or clearing one adds an entry, so Back returns to the list before it.
 * Create it while a component initialises (it uses effects).
 */
export class UrlSearch {
	value = $state('');
	#committed: string;
	#timer: ReturnType<typeof setTimeout> | undefined;
	#read: () => string;
	#write: (q: string, replaceState: boolean) => void;
	#delayMs: number;

	constructor(
		read: () => string,
		write: (q: string, replaceState: boolean) => void,
		delayMs = 300
	) {
		this.#read = read;
		this.#write = write;
		this.#delayMs = delayMs;
		this.value = this.#committed = read();
		$effect(() => {
			const q = this.#read();
			if (q !== this.#committed) this.value = this.#committed = q;
		});
		$effect(() => () => clearTimeout(this.#timer));
	}

	/** Call on every input: commits after the pause. */
	typed = () => {
		clearTimeout(this.#timer);
		this.#timer = setTimeout(this.commit, this.#delayMs);
	};

	commit = () => {
		clearTimeout(this.#timer);
		const q = this.value.trim();
		const current = this.#read();
		if (q === current) return;
		this.#committed = q;
		this.#write(q, q !== '' && current !== '');
	};
}
