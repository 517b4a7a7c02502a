import type { DriveOrBackupKind } from '$lib/api/drives';
import { formatCount } from '$lib/format/cells';
import { m } from '$lib/paraglide/messages';

/**
 * Removing a drive or backup, after `removalWords` has said what it does: the outcome in words
 * (files still to upload stay in the cache folder, a backup's own folder, which the development
 * agent leaves on disk), carried to /drives (`gotoWithOutcome`), as the removed item's page goes
 * with it.
 */

/** What removing did, in words, from the numbers read just before. */
export function removedWords(kind: DriveOrBackupKind, name: string, pendingUpload: number | null) {
	if (typeof pendingUpload === 'number' && pendingUpload > 0) {
		const inputs = { name, count: pendingUpload, shown: formatCount(pendingUpload) };
		return kind === 'drive'
			? m.drives_removed_drive_left(inputs)
			: m.drives_removed_backup_left(inputs);
	}
	return kind === 'drive' ? m.drives_removed_drive({ name }) : m.drives_removed_backup({ name });
}
