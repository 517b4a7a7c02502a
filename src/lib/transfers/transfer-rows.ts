import type { Row } from '$lib/api/rows';
import type { CurrentTransfer } from '$lib/api/schemas/transfers';
import { TRANSFER_STATUS } from '$lib/contract';
import type { Transfer } from '$lib/live/live-records';
import { TRANSFER_PROGRESS_NAMES } from '$lib/names/enums';
import { listedProgress } from './transfer-words';

/**
 * The list read from the agent, brought up to date by the live frames. A Progress frame's
 * `TransferId` names the listed transfer whose `id` is the same (as text, in any case: the
 * development agent sends the very id; a real agent's GUIDs may differ in case). A frame newer
 * than the read changes the row's status, speed and error; its bytes are the row's when its
 * `Size` is the row's total size (a frame about the whole transfer), and are shown as the file
 * it is moving now otherwise. A frame about an id the list does not hold is a transfer the list
 * has not caught up with: the page reads the list again.
 */

/** A row as the page shows it. */
export type ShownTransfer = {
	status: number | null;
	percent: number | null;
	/** Bytes copied or skipped, of the total size. */
	handled: number | null;
	total: number | null;
	/** Bytes a second now, while it moves (from the frames only). */
	speed: number | null;
	error: string | null;
	/** The file a frame says it is moving now, when the frames count files, not the transfer. */
	now: { name: string; percent: number | null } | null;
	/** Frames have changed it since the list was read. */
	live: boolean;
};

/** The TransferStatus a frame's Status names, or null when it names none this console knows. */
const FRAME_STATUS: Readonly<Record<string, number>> = {
	created: TRANSFER_STATUS.Created,
	queued: TRANSFER_STATUS.Created,
	inprogress: TRANSFER_STATUS.Running,
	running: TRANSFER_STATUS.Running,
	completed: TRANSFER_STATUS.Completed,
	complete: TRANSFER_STATUS.Completed,
	done: TRANSFER_STATUS.Completed,
	succeeded: TRANSFER_STATUS.Completed,
	canceled: TRANSFER_STATUS.Canceled,
	cancelled: TRANSFER_STATUS.Canceled,
	failed: TRANSFER_STATUS.Error,
	error: TRANSFER_STATUS.Error,
	canceling: TRANSFER_STATUS.Canceling,
	cancelling: TRANSFER_STATUS.Canceling,
	pausing: TRANSFER_STATUS.Pausing,
	paused: TRANSFER_STATUS.Paused
};

export function frameStatus(t: Pick<Transfer, 'status' | 'outcome'>): number | null {
	// A number is read in the contract's listed order (In progress, Completed, Failed).
	const named = /^\d+$/.test(t.status)
		? (TRANSFER_PROGRESS_NAMES[Number(t.status)] ?? '')
		: t.status;
	const key = named.toLowerCase().replace(/[\s_-]/g, '');
	if (Object.hasOwn(FRAME_STATUS, key)) return FRAME_STATUS[key]!;
	if (t.outcome === 'completed') return TRANSFER_STATUS.Completed;
	if (t.outcome === 'failed') return TRANSFER_STATUS.Error;
	return null;
}

const pct = (bytes: number | null, size: number | null) =>
	bytes === null || size === null || size <= 0
		? null
		: Math.max(0, Math.min(100, Math.floor((bytes / size) * 100)));

/** The key both sides are matched by. */
export const matchKey = (id: string | number) => String(id).toLowerCase();

/** The live transfers by their key. */
export function liveById(transfers: readonly Transfer[]): Map<string, Transfer> {
	return new Map(transfers.map((t) => [matchKey(t.id), t]));
}

/** One listed transfer as shown: the list's figures, or a newer frame's. */
export function shownTransfer(
	t: CurrentTransfer,
	live: Transfer | undefined,
	readAt: number
): ShownTransfer {
	const listed = listedProgress(t);
	const shown: ShownTransfer = {
		status: typeof t.transferStatus === 'number' ? t.transferStatus : null,
		percent: listed.percent,
		handled: listed.handled,
		total: listed.total,
		speed: null,
		error: null,
		now: null,
		live: false
	};
	if (!live || live.updatedAt <= readAt) return shown;
	shown.live = true;
	const status = frameStatus(live);
	if (status !== null) shown.status = status;
	else if (shown.status === null || shown.status === TRANSFER_STATUS.Created)
		shown.status = TRANSFER_STATUS.Running;
	const whole = live.size !== null && (listed.total === null || live.size === listed.total);
	if (whole) {
		shown.handled = live.bytes;
		shown.total = live.size;
		shown.percent = shown.status === TRANSFER_STATUS.Completed ? 100 : pct(live.bytes, live.size);
	} else if (live.outcome === 'active') {
		shown.now = { name: live.name, percent: pct(live.bytes, live.size) };
	}
	shown.speed = live.outcome === 'active' && live.speed ? live.speed : null;
	shown.error = live.error;
	return shown;
}

/**
 * Transfers the frames know and the list does not: active ones heard of since the read, by key.
 * The page reads the list again for them, once each.
 */
export function unlisted(
	rows: readonly Row<CurrentTransfer>[],
	transfers: readonly Transfer[],
	readAt: number
): string[] {
	const listed = new Set(rows.flatMap((r) => (r.value ? [matchKey(r.value.id)] : [])));
	return transfers
		.filter((t) => t.outcome === 'active' && t.updatedAt > readAt && !listed.has(matchKey(t.id)))
		.map((t) => matchKey(t.id));
}
