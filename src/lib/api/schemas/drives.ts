import * as z from 'zod/mini';

/**
 * Drives and backups (/management, camelCase, enums as numbers) and their sync health (reports,
 * PascalCase, enums as strings). Every field but the id may be missing: a row the console cannot
 * read whole is still shown with what it has.
 */

const text = z.optional(z.nullable(z.string()));
const flag = z.optional(z.nullable(z.boolean()));
const int = z.optional(z.nullable(z.number()));

/** A field the contract leaves open (a unit, a shape): kept as sent, read where it is used. */
const open = z.optional(z.unknown());

/**
 * A drive or a backup as listed and as stored (the answer to a create or a change): the same
 * model, unknown fields kept as sent, so a PUT sends back what the console does not know.
 */
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
	// The account's id is a uuid on the agents seen so far; its type is open.
	account: z.optional(z.nullable(z.looseObject({ id: open, cloudType: int }))),
	// What a form edits and the agent fills in; a list row may lack any of them, and an odd value
	// of an open one (the cache size's unit, the transfer profile's shape) must not hide the row.
	permanentLocalPath: text,
	sharedDriveId: text,
	storageId: open,
	syncIntervalSeconds: int,
	objectsPerFolder: int,
	maximumCacheSize: open,
	allowDelete: flag,
	rotationalCache: flag,
	keepFileAfterUpload: flag,
	transferOptions: open
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

const num = z.optional(z.nullable(z.number()));
/** A list whose elements are checked one by one where it is used, so one odd element is dropped, not the report. */
const list = z.optional(z.nullable(z.array(z.unknown())));

/** A chart item of the reports: `{Label, Value, Color}`; the colour is a hint only. */
export const chartItemSchema = z.looseObject({ Label: z.string(), Value: z.number(), Color: text });

/** The summary report of a drive (or backup: BackupId, BackupName). Enums come as strings. */
export const summarySchema = z.looseObject({
	DriveId: text,
	BackupId: text,
	DriveName: text,
	Name: text,
	BackupName: text,
	Status: text,
	UploaderStatus: text,
	DownloaderStatus: text,
	CloudProvider: text,
	StorageBucket: text,
	LocalPath: text,
	Prefix: text,
	Active: flag,
	DriveType: text,
	SyncType: text,
	PermissionType: text,
	SharedDrive: flag,
	SharedDriveId: text,
	AllowDelete: flag,
	MaximumCacheSize: num,
	MaximumCacheSizeFormatted: text,
	RotationalCache: flag,
	CloudObjectsEncrypted: flag,
	LocalCacheEncrypted: flag,
	KeepFileAfterUpload: flag,
	SyncIntervalSeconds: num,
	TotalFiles: num,
	TotalDirectories: num,
	TotalSizeBytes: num,
	TotalSizeFormatted: text,
	CacheSizeBytes: num,
	CacheSizeFormatted: text,
	FilesByState: list,
	TransferOptions: z.optional(z.nullable(z.record(z.string(), z.unknown())))
});
export type Summary = z.infer<typeof summarySchema>;

/** Every count of sync health, for the drive page (the list reads the same report). */
export const fullHealthSchema = z.looseObject({
	...syncHealthSchema.shape,
	FilesNormal: num,
	FilesTemporary: num,
	FilesDeleting: num,
	UploadCompletionPercent: num,
	DownloadCompletionPercent: num,
	ActiveUploadCount: num,
	ActiveDownloadCount: num,
	SyncStateBreakdown: list
});
export type FullHealth = z.infer<typeof fullHealthSchema>;

/** dashboard: the three reports in one answer. The distribution's shapes are open. */
export const dashboardSchema = z.looseObject({
	Summary: z.optional(z.nullable(summarySchema)),
	SyncHealth: z.optional(z.nullable(fullHealthSchema)),
	FileDistribution: z.optional(z.nullable(z.record(z.string(), z.unknown())))
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** One file of file_states. */
export const fileRowSchema = z.looseObject({
	Path: z.string(),
	FileName: text,
	SizeBytes: num,
	SizeFormatted: text,
	State: z.optional(z.nullable(z.union([z.string(), z.number()]))),
	LastModifiedDateUtc: text
});
export type FileRow = z.infer<typeof fileRowSchema>;

export const stateCountSchema = z.looseObject({
	State: z.union([z.string(), z.number()]),
	Count: z.number(),
	TotalSize: num,
	TotalSizeFormatted: text
});
export type StateCount = z.infer<typeof stateCountSchema>;

/** file_states: one page of files, the total, and a count per state. */
export const fileStatesSchema = z.looseObject({
	Files: z.array(z.unknown()),
	Total: z.number(),
	Page: num,
	PageSize: num,
	StateCounts: list
});

/** transfer_activity: one page of history items for a drive; pages may come back short. */
export const activitySchema = z.looseObject({
	Data: z.array(z.unknown()),
	Total: z.number(),
	Page: num,
	PageSize: num,
	Direction: text
});

/** A point of a trend: a day and a number (units open: counts, bytes, bytes a second). */
export const trendPointSchema = z.object({ Date: z.string(), Value: z.number() });

export const trendsSchema = z.looseObject({
	TransfersPerDay: list,
	DataVolumePerDay: list,
	AverageSpeedPerDay: list,
	SuccessVsFailureRate: list,
	CumulativeDataTransferred: num,
	CumulativeDataTransferredFormatted: text
});
