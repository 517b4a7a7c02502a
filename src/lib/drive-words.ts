import type { StorageItem } from '$lib/api/drives';
import { route } from '$lib/routes';

/** A drive or backup in words, the same on the overview and the drives page. */

const count = (v: number | null | undefined) => (typeof v === 'number' && v > 0 ? v : 0);

/** Where it lives on this computer: the drive letter, unless the path already starts with it. */
export function localPlace(item: StorageItem): string {
	const path = item.drive.localPath ?? '';
	const letter = item.drive.driveName ? `${item.drive.driveName}:` : '';
	return letter && !path.toUpperCase().startsWith(letter.toUpperCase())
		? `${letter} ${path}`.trim()
		: path;
}

/** Files still to go up and (drives only) down, and files in error, from sync health. */
export function pendingCounts(item: StorageItem) {
	const h = item.health;
	return {
		upload: count(h?.FilesPendingUpload) + count(h?.FilesUploading),
		download: count(h?.FilesPendingDownload) + count(h?.FilesDownloading),
		errors: count(h?.FilesWithErrors)
	};
}

/** The agent's word for its state ("Syncing"), or why it is not known. */
export function statusWord(item: StorageItem): string {
	return (
		item.health?.DriveStatus ??
		item.health?.BackupStatus ??
		(item.healthError ? 'Health unknown' : '—')
	);
}

/** The page of a drive or a backup. */
export function storageHref(item: StorageItem): string {
	return item.kind === 'drive' ? route.drive(item.drive.id) : route.backup(item.drive.id);
}
