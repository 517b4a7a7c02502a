import {
	CLOUD_TYPE,
	DRIVE_TYPE,
	PERMISSION_TYPE,
	SYNC_TYPE,
	enumName
} from '../../src/lib/contract.ts';
import {
	STATE_FLAGS,
	fileName,
	formatBytes,
	fullPath,
	stateName,
	type SimFile,
	type SimDriveOrBackup,
	type SyncState
} from '../model/drives.ts';
import { onComputer } from '../model/files.ts';

/**
 * The reports of a drive or backup (/drivereport, /backupreport) computed from its files: PascalCase
 * keys, enums as the agent's names, sizes also formatted. Nothing here changes the model.
 */

const pct = (part: number, whole: number) =>
	whole === 0 ? 100 : Math.round((part / whole) * 1000) / 10;

const COLORS: Record<SyncState, string> = {
	normal: '#22c55e',
	pendingUpload: '#6366f1',
	uploading: '#4f46e5',
	pendingDownload: '#06b6d4',
	downloading: '#0891b2',
	error: '#ef4444',
	temporary: '#94a3b8',
	deleting: '#f59e0b'
};
const LABELS: Record<SyncState, string> = {
	normal: 'Normal',
	pendingUpload: 'PendingUpload',
	uploading: 'Uploading',
	pendingDownload: 'PendingDownload',
	downloading: 'Downloading',
	error: 'Error',
	temporary: 'Temporary',
	deleting: 'Deleting'
};

function countStates(files: SimFile[]): Record<SyncState, number> {
	const counts: Record<SyncState, number> = {
		normal: 0,
		pendingUpload: 0,
		uploading: 0,
		pendingDownload: 0,
		downloading: 0,
		error: 0,
		temporary: 0,
		deleting: 0
	};
	for (const f of files) counts[f.state]++;
	return counts;
}

/** The status word reports use: Inactive, Paused, Error, Syncing or Synced. */
function statusOf(d: SimDriveOrBackup, c: Record<SyncState, number>, paused: boolean): string {
	if (!d.active) return 'Inactive';
	if (paused) return 'Paused';
	if (c.error > 0) return 'Error';
	if (c.pendingUpload + c.uploading + c.pendingDownload + c.downloading > 0) return 'Syncing';
	return 'Synced';
}

/** sync_health, PascalCase, from the files. */
export function syncHealth(d: SimDriveOrBackup, paused: boolean): Record<string, unknown> {
	const c = countStates(d.files);
	const total = d.files.length;
	const status = statusOf(d, c, paused);
	const breakdown = (Object.keys(LABELS) as SyncState[])
		.map((s) => ({ Label: LABELS[s], Value: c[s], Color: COLORS[s] }))
		.filter((x) => x.Value > 0);
	const running = d.active && !paused;
	const common = {
		FilesPendingUpload: c.pendingUpload,
		FilesUploading: c.uploading,
		FilesNormal: c.normal,
		FilesWithErrors: c.error,
		FilesDeleting: c.deleting,
		TotalTrackedFiles: total,
		ActiveUploadCount: running ? c.uploading : 0,
		SyncStateBreakdown: breakdown
	};
	if (d.kind === 'backup') {
		return {
			BackupId: d.id,
			BackupStatus: status,
			...common,
			SyncCompletionPercent: pct(total - c.pendingUpload - c.uploading - c.error, total)
		};
	}
	return {
		DriveId: d.id,
		DriveStatus: status,
		...common,
		FilesPendingDownload: c.pendingDownload,
		FilesDownloading: c.downloading,
		FilesTemporary: c.temporary,
		UploadCompletionPercent: pct(total - c.pendingUpload - c.uploading, total),
		DownloadCompletionPercent: pct(total - c.pendingDownload - c.downloading, total),
		OverallSyncCompletionPercent: pct(c.normal, total),
		ActiveDownloadCount: running ? c.downloading : 0
	};
}

/** Bytes in a drive's or backup's cache folder now: what a cache move carries. */
export const cacheBytes = (d: SimDriveOrBackup, now: number) =>
	d.files.reduce((sum, f) => (onComputer(d, f, now) ? sum + f.size : sum), 0);

const directoryOf = (f: SimFile) => f.path.slice(0, Math.max(0, f.path.lastIndexOf('\\')));

/** summary, PascalCase, strings for the enums, and a field newer than the contract. */
export function summary(
	d: SimDriveOrBackup,
	paused: boolean,
	now: number
): Record<string, unknown> {
	const c = countStates(d.files);
	const totalSize = d.files.reduce((sum, f) => sum + f.size, 0);
	const cacheSize = cacheBytes(d, now);
	const directories = new Set(d.files.map(directoryOf));
	const byState = new Map<string, number>();
	for (const f of d.files) {
		const name = stateName(STATE_FLAGS[f.state]);
		byState.set(name, (byState.get(name) ?? 0) + 1);
	}
	const uploading = c.uploading > 0 ? 'Uploading' : c.pendingUpload > 0 ? 'Waiting' : 'Idle';
	const common = {
		// While its cache moves, a drive says so (the development agent's word: MovingCache).
		Status: !d.active
			? 'Stopped'
			: paused
				? 'Paused'
				: d.kind === 'drive' && d.cacheMove
					? 'MovingCache'
					: 'Running',
		UploaderStatus: !d.active || paused ? 'Stopped' : uploading,
		CloudProvider: enumName(CLOUD_TYPE, d.account.cloudType) ?? String(d.account.cloudType),
		StorageBucket: d.storageName,
		LocalPath: d.localPath,
		Prefix: d.prefix,
		Active: d.active,
		CloudObjectsEncrypted: d.cloudObjectsEncrypted,
		LocalCacheEncrypted: d.localCacheEncrypted,
		KeepFileAfterUpload: d.keepFileAfterUpload,
		SyncIntervalSeconds: d.syncIntervalSeconds,
		TotalFiles: d.files.length,
		TotalDirectories: directories.size,
		TotalSizeBytes: totalSize,
		TotalSizeFormatted: formatBytes(totalSize),
		FilesByState: [...byState].map(([Label, Value]) => ({
			Label,
			Value,
			Color: Label === 'Normal' ? '#22c55e' : Label.includes('Error') ? '#ef4444' : '#6366f1'
		})),
		TransferOptions: {
			ChunkSize: d.transferOptions.chunkSize,
			RetryCount: d.transferOptions.retryCount,
			ConcurrentChunks: d.transferOptions.concurrentChunks,
			ConcurrentFiles: d.transferOptions.concurrentFiles
		},
		// Not in the contract: a newer agent's field, which the console must show without knowing it.
		IndexVersion: 7
	};
	if (d.kind === 'backup') {
		return { BackupId: d.id, BackupName: d.name, ...common };
	}
	const downloading =
		c.downloading > 0 ? 'Downloading' : c.pendingDownload > 0 ? 'Waiting' : 'Idle';
	return {
		DriveId: d.id,
		DriveName: d.driveName,
		Name: d.name,
		...common,
		DownloaderStatus: !d.active || paused ? 'Stopped' : downloading,
		DriveType: enumName(DRIVE_TYPE, d.driveType) ?? String(d.driveType),
		SyncType: enumName(SYNC_TYPE, d.syncType) ?? String(d.syncType),
		PermissionType: enumName(PERMISSION_TYPE, d.permissionType) ?? String(d.permissionType),
		SharedDrive: d.sharedDrive,
		SharedDriveId: d.sharedDriveId,
		AllowDelete: d.allowDelete,
		MaximumCacheSize: d.maximumCacheSize,
		MaximumCacheSizeFormatted: formatBytes(d.maximumCacheSize),
		RotationalCache: d.rotationalCache,
		CacheSizeBytes: cacheSize,
		CacheSizeFormatted: formatBytes(cacheSize)
	};
}

const fileRow = (d: SimDriveOrBackup, f: SimFile) => ({
	Path: fullPath(d, f),
	FileName: fileName(f),
	SizeBytes: f.size,
	SizeFormatted: formatBytes(f.size),
	State: stateName(STATE_FLAGS[f.state]),
	LastModifiedDateUtc: f.modified,
	...(f.error ? { ErrorMessage: f.error } : {})
});

/** file_states: the files with exactly this state (0: all), one page, and a count per state. */
export function fileStates(
	d: SimDriveOrBackup,
	state: number,
	{ page, pageSize }: { page: number; pageSize: number }
): Record<string, unknown> {
	const counts = new Map<number, { count: number; size: number }>();
	const matching: SimFile[] = [];
	for (const f of d.files) {
		const flags = STATE_FLAGS[f.state];
		const entry = counts.get(flags) ?? { count: 0, size: 0 };
		entry.count++;
		entry.size += f.size;
		counts.set(flags, entry);
		if (state === 0 || flags === state) matching.push(f);
	}
	const start = (page - 1) * pageSize;
	return {
		[d.kind === 'drive' ? 'DriveId' : 'BackupId']: d.id,
		Files: matching.slice(start, start + pageSize).map((f) => fileRow(d, f)),
		Total: matching.length,
		Page: page,
		PageSize: pageSize,
		StateCounts: [...counts]
			.sort((a, b) => a[0] - b[0])
			.map(([flags, c]) => ({
				State: stateName(flags),
				Count: c.count,
				TotalSize: c.size,
				TotalSizeFormatted: formatBytes(c.size)
			}))
	};
}

const BUCKETS: [string, number][] = [
	['Under 1 MB', 1_048_576],
	['1 to 10 MB', 10_485_760],
	['10 to 100 MB', 104_857_600],
	['100 MB to 1 GB', 1_073_741_824],
	['Over 1 GB', Infinity]
];

const distributionCache = new WeakMap<
	SimDriveOrBackup,
	{ key: string; value: Record<string, unknown> }
>();

/** file_distribution: by extension, by size, the largest and newest files, the directories. */
export function fileDistribution(
	d: SimDriveOrBackup,
	topFiles: number,
	topDirectories: number
): Record<string, unknown> {
	const key = `${d.version}|${d.files.length}|${topFiles}|${topDirectories}`;
	const hit = distributionCache.get(d);
	if (hit?.key === key) return hit.value;
	const byExt = new Map<string, { count: number; size: number }>();
	const byDir = new Map<string, { count: number; size: number }>();
	const sizes = BUCKETS.map(() => 0);
	for (const f of d.files) {
		const dot = f.path.lastIndexOf('.');
		const ext = dot > f.path.lastIndexOf('\\') ? f.path.slice(dot).toLowerCase() : '(none)';
		const e = byExt.get(ext) ?? { count: 0, size: 0 };
		e.count++;
		e.size += f.size;
		byExt.set(ext, e);
		const dir = directoryOf(f);
		const top = dir.split('\\')[0] ?? dir;
		const x = byDir.get(top) ?? { count: 0, size: 0 };
		x.count++;
		x.size += f.size;
		byDir.set(top, x);
		sizes[BUCKETS.findIndex(([, max]) => f.size < max)]!++;
	}
	const top = (list: SimFile[], by: (f: SimFile) => number) =>
		[...list]
			.sort((a, b) => by(b) - by(a))
			.slice(0, topFiles)
			.map((f) => ({
				Path: fullPath(d, f),
				FileName: fileName(f),
				SizeBytes: f.size,
				SizeFormatted: formatBytes(f.size),
				LastModifiedDateUtc: f.modified
			}));
	const exts = [...byExt].sort((a, b) => b[1].count - a[1].count);
	const value = {
		FileCountByExtension: exts.map(([Extension, e]) => ({ Extension, Count: e.count })),
		SizeByExtension: [...byExt]
			.sort((a, b) => b[1].size - a[1].size)
			.map(([Extension, e]) => ({
				Extension,
				SizeBytes: e.size,
				SizeFormatted: formatBytes(e.size)
			})),
		SizeDistribution: BUCKETS.map(([Label], i) => ({ Label, Value: sizes[i] })),
		LargestFiles: top(d.files, (f) => f.size),
		RecentlyModified: top(d.files, (f) => Date.parse(f.modified)),
		DirectoryBreakdown: [...byDir]
			.sort((a, b) => b[1].size - a[1].size)
			.slice(0, topDirectories)
			.map(([name, x]) => ({
				Directory: `${d.localPath.replace(/\\+$/, '')}\\${name}`,
				FileCount: x.count,
				SizeBytes: x.size,
				SizeFormatted: formatBytes(x.size)
			}))
	};
	distributionCache.set(d, { key, value });
	return value;
}
