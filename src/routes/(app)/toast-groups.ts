import { formatTime } from '$lib/format/time';

type Group = { id: string; count: number };

/**
 * Repeats of one problem (the same severity and words) while its toast is up: one toast that
 * counts them ("×3, last at 03:43:20") instead of a new toast over the page each time.
 */
export class ToastGroups {
	readonly #groups = new Map<string, Group>();

	/** The toast to show or update for `key`, and how many times it has come. */
	add(key: string, newId: string): Group {
		const group = this.#groups.get(key) ?? { id: newId, count: 0 };
		group.count += 1;
		this.#groups.set(key, group);
		return group;
	}

	/** The toast went (closed or timed out): the next repeat starts a new one. */
	forget(key: string) {
		this.#groups.delete(key);
	}
}

/** "", or " · ×3, last at 03:43:20" for a problem that came three times. */
export function repeatNote(count: number, at: number): string {
	return count > 1 ? ` · ×${count}, last at ${formatTime(new Date(at))}` : '';
}
