import { prng } from './seed.ts';

/**
 * The drives and backups the development agent runs, and the files it tracks for each. Every
 * report is computed from these files, so the numbers agree with each other. The real agent's
 * mapping from its internal states to the sync-health counts is not documented; this one is the
 * development agent's choice: a file waiting to go up carries Uploading, one going up now
 * Uploading and Reading, and the same for downloads.
 */

export type SyncState =
	| 'normal'
	| 'pendingUpload'
	| 'uploading'
	| 'pendingDownload'
	| 'downloading'
	| 'error'
	| 'temporary'
	| 'deleting';

export type SimFile = {
	path: string;
	size: number;
	state: SyncState;
	modified: string;
};

type Common = {
	id: string;
	active: boolean;
	name: string;
	localPath: string;
	prefix: string;
	storageName: string;
	syncIntervalSeconds: number;
	maximumCacheSize: number;
	localCacheEncrypted: boolean;
	cloudObjectsEncrypted: boolean;
	keepFileAfterUpload: boolean;
	sharedDrive: boolean;
	rotationalCache: boolean;
	permissionType: number;
	transferOptions: {
		chunkSize: number;
		retryCount: number;
		concurrentChunks: number;
		concurrentFiles: number;
	};
	account: { id: string; cloudType: number };
};

export type SimDrive = Common & {
	kind: 'drive';
	sharedDriveId: string | null;
	permanentLocalPath: string;
	driveName: string;
	objectsPerFolder: number;
	allowDelete: boolean;
	driveType: number;
	syncType: number;
	files: SimFile[];
};

export type SimBackup = Common & { kind: 'backup'; storageId: string; files: SimFile[] };

const TRANSFER = { chunkSize: 8_388_608, retryCount: 3, concurrentChunks: 4, concurrentFiles: 2 };
const FOLDERS = ['Projects', 'Footage', 'Stills', 'Audio', 'Docs'];
const EXTENSIONS = ['.mov', '.mp4', '.psd', '.wav', '.pdf', '.jpg', '.docx'];

function files(seed: number, count: number, mix: Partial<Record<SyncState, number>>): SimFile[] {
	const r = prng(seed);
	const list: SimFile[] = [];
	const special = Object.entries(mix) as [SyncState, number][];
	for (let i = 0; i < count; i++) {
		const folder = FOLDERS[Math.floor(r() * FOLDERS.length)]!;
		const ext = EXTENSIONS[Math.floor(r() * EXTENSIONS.length)]!;
		let state: SyncState = 'normal';
		let n = i;
		for (const [s, c] of special) {
			if (n < c) {
				state = s;
				break;
			}
			n -= c;
		}
		list.push({
			path: `/${folder}/file-${String(i).padStart(4, '0')}${ext}`,
			size: Math.floor(10_000 + r() * 900_000_000),
			state,
			modified: new Date(Date.UTC(2026, 9, 1) + Math.floor(r() * 50 * 86_400_000)).toISOString()
		});
	}
	return list;
}

export function seedDrives(): { drives: SimDrive[]; backups: SimBackup[] } {
	return {
		drives: [
			{
				kind: 'drive',
				id: '6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f',
				sharedDriveId: null,
				active: true,
				name: 'Team Drive',
				localPath: 'G:\\',
				permanentLocalPath: 'C:\\ProgramData\\Agent\\cache\\team-drive',
				prefix: 'team/',
				storageName: 'studio-projects',
				driveName: 'G',
				syncIntervalSeconds: 60,
				objectsPerFolder: 1000,
				maximumCacheSize: 50_000_000_000,
				allowDelete: true,
				sharedDrive: false,
				rotationalCache: true,
				localCacheEncrypted: false,
				cloudObjectsEncrypted: true,
				keepFileAfterUpload: true,
				permissionType: 2,
				driveType: 1,
				syncType: 1,
				transferOptions: TRANSFER,
				account: { id: 'acc-aws-1', cloudType: 1 },
				files: files(11, 240, {
					pendingUpload: 9,
					uploading: 2,
					pendingDownload: 4,
					downloading: 1
				})
			},
			{
				kind: 'drive',
				id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
				sharedDriveId: 'shared-archive',
				active: true,
				name: 'Archive',
				localPath: 'D:\\Archive',
				permanentLocalPath: 'D:\\Archive',
				prefix: 'archive/',
				storageName: 'studio-archive',
				driveName: '',
				syncIntervalSeconds: 300,
				objectsPerFolder: 1000,
				maximumCacheSize: 0,
				allowDelete: false,
				sharedDrive: true,
				rotationalCache: false,
				localCacheEncrypted: true,
				cloudObjectsEncrypted: true,
				keepFileAfterUpload: true,
				permissionType: 1,
				driveType: 2,
				syncType: 2,
				transferOptions: TRANSFER,
				account: { id: 'acc-wasabi-1', cloudType: 2 },
				files: files(12, 120, { error: 3 })
			}
		],
		backups: [
			{
				kind: 'backup',
				id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
				active: true,
				name: 'Laptop documents',
				localPath: 'C:\\Users\\ann\\Documents',
				prefix: 'backup/ann/',
				storageId: 'acc-aws-1',
				storageName: 'studio-backups',
				syncIntervalSeconds: 900,
				maximumCacheSize: 0,
				localCacheEncrypted: false,
				cloudObjectsEncrypted: true,
				keepFileAfterUpload: true,
				sharedDrive: false,
				rotationalCache: false,
				permissionType: 2,
				transferOptions: TRANSFER,
				account: { id: 'acc-aws-1', cloudType: 1 },
				files: files(13, 80, {})
			}
		]
	};
}

/** The model as the agent's /management answers it: everything but the files. */
export function driveModel(d: SimDrive | SimBackup): Record<string, unknown> {
	const model: Record<string, unknown> = { ...d };
	delete model.kind;
	delete model.files;
	return model;
}

const count = (list: SimFile[], state: SyncState) => list.filter((f) => f.state === state).length;
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

/** sync_health, PascalCase, from the files. */
export function syncHealth(d: SimDrive | SimBackup, paused: boolean): Record<string, unknown> {
	const f = d.files;
	const pendingUp = count(f, 'pendingUpload');
	const uploading = count(f, 'uploading');
	const pendingDown = count(f, 'pendingDownload');
	const downloading = count(f, 'downloading');
	const errors = count(f, 'error');
	const normal = count(f, 'normal');
	const busy = pendingUp + uploading + pendingDown + downloading;
	const status = !d.active
		? 'Inactive'
		: paused
			? 'Paused'
			: errors > 0
				? 'Error'
				: busy > 0
					? 'Syncing'
					: 'Synced';
	const breakdown = (Object.keys(LABELS) as SyncState[])
		.map((s) => ({ Label: LABELS[s], Value: count(f, s), Color: COLORS[s] }))
		.filter((x) => x.Value > 0);
	const common = {
		FilesPendingUpload: pendingUp,
		FilesUploading: uploading,
		FilesNormal: normal,
		FilesWithErrors: errors,
		FilesDeleting: count(f, 'deleting'),
		TotalTrackedFiles: f.length,
		ActiveUploadCount: paused ? 0 : uploading,
		SyncStateBreakdown: breakdown
	};
	if (d.kind === 'backup') {
		return {
			BackupId: d.id,
			BackupStatus: status,
			...common,
			SyncCompletionPercent: pct(f.length - pendingUp - uploading - errors, f.length)
		};
	}
	return {
		DriveId: d.id,
		DriveStatus: status,
		...common,
		FilesPendingDownload: pendingDown,
		FilesDownloading: downloading,
		FilesTemporary: count(f, 'temporary'),
		UploadCompletionPercent: pct(f.length - pendingUp - uploading, f.length),
		DownloadCompletionPercent: pct(f.length - pendingDown - downloading, f.length),
		OverallSyncCompletionPercent: pct(normal, f.length),
		ActiveDownloadCount: paused ? 0 : downloading
	};
}
