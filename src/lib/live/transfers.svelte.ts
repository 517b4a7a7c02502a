import { TransferBook, type Transfer, type TransferOutcome } from './live-records';

/** Live transfers for the views: the hub's, in a `TransferBook` read through one signal per batch. */

/** A status in one casing for every transfer: "In progress", "Failed", "Completed". */
export function outcomeWords(t: Pick<Transfer, 'outcome' | 'status'>): string {
	if (t.outcome === 'completed') return 'Completed';
	if (t.outcome === 'failed') return /cancel/i.test(t.status) ? 'Canceled' : 'Failed';
	const name = t.status
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.replace(/[_-]+/g, ' ')
		.trim();
	if (!name || /^in ?progress$/i.test(name) || /^\d+$/.test(name)) return 'In progress';
	return name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
}

export class Transfers {
	version = $state(0);
	#book: TransferBook;

	constructor(now: () => number = Date.now) {
		this.#book = new TransferBook(now);
	}

	/** A work list: active first (newest activity first), then failed, then done, newest first. */
	get list(): Transfer[] {
		void this.version;
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

	/** How many are active, failed and done. */
	get counts(): Record<TransferOutcome, number> {
		void this.version;
		const counts = { active: 0, failed: 0, completed: 0 };
		for (const t of this.#book.byId.values()) counts[t.outcome]++;
		return counts;
	}

	/** Changes taken quietly (in a hidden page), not yet signalled to the views. */
	#unsignalled = false;

	/**
	 * Transfers as the hub added them up. Quietly, the figures are up to date for whoever asks
	 * (the throughput sampler) but the views are not told until the next upsert that is not.
	 */
	upsert(transfers: Transfer[], { quiet = false } = {}) {
		if (transfers.length === 0 && !(this.#unsignalled && !quiet)) return;
		this.#book.upsert(transfers);
		if (quiet) {
			this.#unsignalled ||= transfers.length > 0;
			return;
		}
		this.#unsignalled = false;
		this.version++;
	}

	clear() {
		this.#book.byId.clear();
		this.version++;
	}
}
