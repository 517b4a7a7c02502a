import { redactTokens } from '$lib/contract';
import type { ProgressData } from '$lib/api/schemas/frames';
import { outcomeOf, type TransferOutcome } from './transfer-outcome';

/**
 * Live transfers, one per TransferId, from the Progress notifications. Finished ones (completed
 * or failed) stay for KEEP_FINISHED_MS so a person sees how they ended, at most MAX_FINISHED.
 */

export type Transfer = {
	id: string;
	mode: string;
	name: string;
	path: string;
	storage: string;
	bytes: number | null;
	size: number | null;
	/** Bytes per second, as the agent reports it. */
	speed: number | null;
	/** The agent's status, as sent (a name or a number). */
	status: string;
	outcome: TransferOutcome;
	error: string | null;
	/** When it started: the agent's StartTimeUtc, else when the console first saw it. */
	startedAt: number;
	updatedAt: number;
	finishedAt: number | null;
};

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

export const KEEP_FINISHED_MS = 5 * 60_000;
const MAX_FINISHED = 100;
const MAX_ACTIVE = 1_000;

function startOf(value: string | null | undefined, fallback: number): number {
	const t = value ? Date.parse(value) : NaN;
	return Number.isFinite(t) ? t : fallback;
}

export class Transfers {
	version = $state(0);
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- read through `version`: one signal per batch, not one per entry
	#byId = new Map<string, Transfer>();
	#now: () => number;

	constructor(now: () => number = Date.now) {
		this.#now = now;
	}

	/** A work list: active first (newest activity first), then failed, then done, newest first. */
	get list(): Transfer[] {
		void this.version;
		// Newest activity last in the map: reversed, frames of the same moment keep their order too.
		const all = [...this.#byId.values()].reverse();
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
		for (const t of this.#byId.values()) counts[t.outcome]++;
		return counts;
	}

	apply(batch: { data: ProgressData; at: number }[]) {
		if (batch.length === 0) return;
		for (const { data, at } of batch) {
			const id = String(data.TransferId);
			const before = this.#byId.get(id);
			const outcome = outcomeOf(data.Status, data.Error);
			const transfer: Transfer = {
				id,
				mode:
					data.TransferMode === null || data.TransferMode === undefined
						? ''
						: String(data.TransferMode),
				// Agent text is shown and exported: anything token-like is masked once, here.
				name: redactTokens(data.Name || data.Path?.split('/').pop() || before?.name || id),
				path: redactTokens(data.Path ?? before?.path ?? ''),
				storage: redactTokens(data.StorageName ?? before?.storage ?? ''),
				bytes: data.Bytes ?? before?.bytes ?? null,
				size: data.Size ?? before?.size ?? null,
				speed: data.Speed ?? null,
				status: data.Status === null || data.Status === undefined ? '' : String(data.Status),
				outcome,
				error: data.Error === null || data.Error === undefined ? null : redactTokens(data.Error),
				startedAt: before?.startedAt ?? startOf(data.StartTimeUtc, at),
				updatedAt: at,
				finishedAt: outcome === 'active' ? null : (before?.finishedAt ?? at)
			};
			// Re-inserted so the map's order is the order of last activity.
			this.#byId.delete(id);
			this.#byId.set(id, transfer);
		}
		this.#prune();
		this.version++;
	}

	clear() {
		this.#byId.clear();
		this.version++;
	}

	#prune() {
		const now = this.#now();
		let finished = 0;
		let active = 0;
		// Newest last in the map: walk from the newest.
		for (const t of [...this.#byId.values()].reverse()) {
			if (t.outcome === 'active') {
				if (++active > MAX_ACTIVE) this.#byId.delete(t.id);
			} else if (++finished > MAX_FINISHED || now - (t.finishedAt ?? now) > KEEP_FINISHED_MS) {
				this.#byId.delete(t.id);
			}
		}
	}
}
