import { TransferBook, type Transfer, type TransferOutcome } from './live-records';
import { Version } from './version.svelte';
import { m } from '$lib/paraglide/messages';

/** Live transfers for the views: the hub's, in a `TransferBook` read through one signal per batch. */

/**
 * A status in one casing for every transfer: "In progress", "Failed", "Completed"; a status of the
 * agent's own that the console does not know is its name as sent, in words.
 */
export function outcomeWords(t: Pick<Transfer, 'outcome' | 'status'>): string {
	if (t.outcome === 'completed') return m.transfers_outcome_completed();
	if (t.outcome === 'failed')
		return /cancel/i.test(t.status) ? m.transfers_outcome_canceled() : m.transfers_outcome_failed();
	const name = t.status
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.replace(/[_-]+/g, ' ')
		.trim();
	if (!name || /^in ?progress$/i.test(name) || /^\d+$/.test(name))
		return m.transfers_outcome_in_progress();
	return name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
}

export class Transfers {
	readonly #version = new Version();
	#book: TransferBook;

	constructor(now: () => number = Date.now) {
		this.#book = new TransferBook(now);
	}

	/** A work list: active first (newest activity first), then failed, then done, newest first. */
	get list(): Transfer[] {
		void this.#version.value;
		// Newest activity last in the map: reversed, frames of the same moment keep their order too.
		const all = [...this.#book.byId.values()].reverse();
		const by = (outcome: TransferOutcome) =>
			all
				.filter((t) => t.outcome === outcome)
				.sort((a, b) =>
					outcome === 'active'
						? b.updatedAt - a.updatedAt
						: (b.finishedAt ?? 0) - (a.finishedAt ?? 0)
				);
		return [...by('active'), ...by('failed'), ...by('completed')];
	}

	get counts(): Record<TransferOutcome, number> {
		void this.#version.value;
		const counts = { active: 0, failed: 0, completed: 0 };
		for (const t of this.#book.byId.values()) counts[t.outcome]++;
		return counts;
	}

	/** Read by every getter: one signal per batch (see `Version`). */
	get version(): number {
		return this.#version.value;
	}

	/**
	 * Transfers as the hub added them up. Quietly, the figures are up to date for whoever asks
	 * (the throughput sampler) but the views are not told until `signal()` or the next upsert that
	 * is not quiet.
	 */
	upsert(transfers: Transfer[], { quiet = false } = {}) {
		if (transfers.length === 0) {
			if (!quiet) this.#version.signal();
			return;
		}
		this.#book.upsert(transfers);
		this.#version.changed({ quiet });
	}

	/** Tells the views of what was taken quietly. */
	signal() {
		this.#version.signal();
	}

	clear() {
		this.#book.byId.clear();
		this.#version.changed();
	}
}
