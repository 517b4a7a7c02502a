import * as z from 'zod/mini';

/**
 * Drives and backups (/management, camelCase, enums as numbers) and their sync health (reports,
 * PascalCase, enums as strings). Every field but the id may be missing: a row the console cannot
 * read whole is still shown with what it has.
 */

const text = z.optional(z.nullable(z.string()));
const flag = z.optional(z.nullable(z.boolean()));
const int = z.optional(z.nullable(z.number()));

export const driveSchema = z.looseObject({
	id: z.string(),
	name: text,
	active: flag,
	localPath: text,
	driveName: text,
	storageName: text,
	prefix: text,
	driveType: int,
	syncType: int,
	permissionType: int,
	sharedDrive: flag,
	localCacheEncrypted: flag,
	cloudObjectsEncrypted: flag,
	account: z.optional(z.nullable(z.looseObject({ cloudType: int })))
});
export type Drive = z.infer<typeof driveSchema>;

export const driveListSchema = z.array(z.unknown());

/** sync_health of a drive or a backup: the counts both have, and the drive's extra ones. */
export const syncHealthSchema = z.looseObject({
	DriveStatus: text,
	BackupStatus: text,
	FilesPendingUpload: int,
	FilesUploading: int,
	FilesPendingDownload: int,
	FilesDownloading: int,
	FilesWithErrors: int,
	TotalTrackedFiles: int,
	OverallSyncCompletionPercent: int,
	SyncCompletionPercent: int
});
export type SyncHealth = z.infer<typeof syncHealthSchema>;
