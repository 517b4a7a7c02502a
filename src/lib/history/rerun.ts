import type { HistoryItem } from '$lib/api/schemas/history';
import { TRANSFER_DIRECTION, TRANSFER_ORIGIN, TRANSFER_STATUS } from '$lib/contract';

/**
 * Which failed transfers the agent can run again, and on what: the agent has no "run again" of a
 * history entry, but a transfer a drive made (by itself or in a sync pass) is a file of that
 * drive, and a sync pass for its path transfers it again (`clouddrive/sync/{id}?path=`). The path
 * is the transfer's local side. Direct and Fastr transfers have no drive: null.
 */
export function rerunPath(h: HistoryItem): string | null {
	if (typeof h.transferStatus !== 'number' || (h.transferStatus & TRANSFER_STATUS.Error) === 0)
		return null;
	if (
		typeof h.origin !== 'number' ||
		(h.origin & (TRANSFER_ORIGIN.Drive | TRANSFER_ORIGIN.Sync)) === 0
	)
		return null;
	const up = h.direction === TRANSFER_DIRECTION.Upload;
	const local = up ? h.sourcePath : h.destinationPath;
	const bucket = up ? h.sourceBucket : h.destinationBucket;
	return local && !bucket ? local : null;
}
