import type { ProgressData, StateChangeFrame } from '$lib/api/schemas/frames';
import { TRANSFER_PROGRESS_NAMES } from '$lib/names/enums';

/**
 * What the frames add up to, as plain records: live transfers, one per TransferId, from the
 * Progress notifications; the latest state of each path, from /statechange. Plain code with no
 * runes: the hub adds them up once for every tab, and each tab keeps what it is sent
 * (`transfers.svelte.ts`, `file-states.svelte.ts`). Agent text arrives here already masked by
 * `readFrame()`.
 */

export type TransferOutcome = 'active' | 'completed' | 'failed';

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

export const KEEP_FINISHED_MS = 5 * 60_000;
const MAX_FINISHED = 100;
const MAX_ACTIVE = 1_000;

export function outcomeOf(
	status: string | number | null | undefined,
	error: string | null | undefined
): TransferOutcome {
	// A number is read in the contract's listed order, as its words say (`progressStatusWords`).
	const name =
		typeof status === 'number' || (typeof status === 'string' && /^\d+$/.test(status))
			? (TRANSFER_PROGRESS_NAMES[Number(status)] ?? '').toLowerCase().replace(/\s/g, '')
			: typeof status === 'string'
				? status.toLowerCase().replace(/[\s_-]/g, '')
				: '';
	if (name === 'completed' || name === 'complete' || name === 'done' || name === 'succeeded')
		return 'completed';
	if (name === 'failed' || name === 'error' || name === 'cancelled' || name === 'canceled' || error)
		return 'failed';
	return 'active';
}

function startOf(value: string | null | undefined, fallback: number): number {
	const t = value ? Date.parse(value) : NaN;
	return Number.isFinite(t) ? t : fallback;
}

/**
 * Transfers by id, newest activity last. Finished ones (completed or failed) stay for
 * KEEP_FINISHED_MS so a person sees how they ended, at most MAX_FINISHED.
 */
export class TransferBook {
	readonly byId = new Map<string, Transfer>();
	#now: () => number;

	constructor(now: () => number = Date.now) {
		this.#now = now;
	}

	/** Applies Progress data in order; answers the ids that changed. */
	apply(batch: { data: ProgressData; at: number }[]): Set<string> {
		const changed = new Set<string>();
		for (const { data, at } of batch) {
			const id = String(data.TransferId);
			const before = this.byId.get(id);
			const outcome = outcomeOf(data.Status, data.Error);
			const transfer: Transfer = {
				id,
				mode:
					data.TransferMode === null || data.TransferMode === undefined
						? ''
						: String(data.TransferMode),
				name: data.Name || data.Path?.split('/').pop() || before?.name || id,
				path: data.Path ?? before?.path ?? '',
				storage: data.StorageName ?? before?.storage ?? '',
				bytes: data.Bytes ?? before?.bytes ?? null,
				size: data.Size ?? before?.size ?? null,
				speed: data.Speed ?? null,
				status: data.Status === null || data.Status === undefined ? '' : String(data.Status),
				outcome,
				error: data.Error === null || data.Error === undefined ? null : data.Error,
				startedAt: before?.startedAt ?? startOf(data.StartTimeUtc, at),
				updatedAt: at,
				finishedAt: outcome === 'active' ? null : (before?.finishedAt ?? at)
			};
			// Re-inserted so the map's order is the order of last activity.
			this.byId.delete(id);
			this.byId.set(id, transfer);
			changed.add(id);
		}
		this.prune();
		return changed;
	}

	/** Takes transfers as another book made them (the hub's). */
	upsert(transfers: Transfer[]) {
		for (const transfer of transfers) {
			this.byId.delete(transfer.id);
			this.byId.set(transfer.id, transfer);
		}
		this.prune();
	}

	prune() {
		const now = this.#now();
		let finished = 0;
		let active = 0;
		// Newest last in the map: walk from the newest.
		for (const t of [...this.byId.values()].reverse()) {
			if (t.outcome === 'active') {
				if (++active > MAX_ACTIVE) this.byId.delete(t.id);
			} else if (++finished > MAX_FINISHED || now - (t.finishedAt ?? now) > KEEP_FINISHED_MS) {
				this.byId.delete(t.id);
			}
		}
	}
}

export type FileState = { path: string; storage: string; state: number; at: number };

export function fileStateOf(frame: StateChangeFrame, at: number): FileState {
	return {
		path: frame.Path,
		storage: frame.StorageName ?? '',
		state: frame.State,
		at
	};
}
