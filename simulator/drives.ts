import {
	CLOUD_TYPE,
	DRIVE_TYPE,
	FILE_STATE,
	PERMISSION_TYPE,
	SYNC_TYPE,
	enumName
} from '../src/lib/contract.ts';
import { prng, seededUuid } from './seed.ts';

/**
 * The drives and backups the development agent runs, and the files it tracks for each. Every
 * report is computed from these files (and the transfer history), so the numbers agree with each
 * other and with the frames the activity sends.
 *
 * The real agent's mapping from its internal states to the reports is not documented; this is the
 * development agent's choice, and the console must not depend on it:
 * - a file waiting to go up carries Uploading (4), one going up now Uploading and Reading (132);
 *   waiting to come down Downloading (2), coming down now Downloading and Reading (130);
 * - state names in reports are the flag names joined as .NET writes them ("Uploading, Reading"),
 *   0 is "Normal";
 * - `file_states?state=` keeps the files whose state is exactly that number; 0 means all files.
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

export const STATE_FLAGS: Record<SyncState, number> = {
	normal: FILE_STATE.Normal,
	temporary: FILE_STATE.Temporary,
	pendingDownload: FILE_STATE.Downloading,
	downloading: FILE_STATE.Downloading | FILE_STATE.Reading,
	pendingUpload: FILE_STATE.Uploading,
	uploading: FILE_STATE.Uploading | FILE_STATE.Reading,
	deleting: FILE_STATE.Deleting,
	error: FILE_STATE.Error
};

/** The flag names as the agent's reports write them, lowest bit first. */
const FLAG_NAMES = (Object.entries(FILE_STATE) as [string, number][]).filter(([, bit]) => bit > 0);

/** A FileState flag set as the agent's reports name it: "Normal", "Uploading, Reading". */
export function stateName(flags: number): string {
	if (flags === 0) return 'Normal';
	return FLAG_NAMES.filter(([, bit]) => (flags & bit) !== 0)
		.map(([name]) => name)
		.join(', ');
}

export type SimFile = {
	/** Relative to the drive's local path, with backslashes. */
	path: string;
	size: number;
	state: SyncState;
	modified: string;
	/** The last failure, for files in error. */
	error?: string;
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
	/** Bumped on every change to the files, so cached reports know they are stale. */
	version: number;
	/** How this one plays a sloppy agent (the control surface's hostile drives). */
	quirks?: Quirks;
};

/** A sloppy agent's habits: a day listed twice in the historical trends. */
export type Quirks = { repeatTrendDay?: boolean };

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
export type SimStorage = SimDrive | SimBackup;

const TRANSFER = { chunkSize: 8_388_608, retryCount: 3, concurrentChunks: 4, concurrentFiles: 2 };
/** What every drive the development agent makes has in common, seeded or generated. */
const DRIVE_BASE = {
	kind: 'drive' as const,
	objectsPerFolder: 1000,
	transferOptions: TRANSFER,
	keepFileAfterUpload: true,
	version: 0
};
/** What every backup it makes has in common. */
const BACKUP_BASE = {
	kind: 'backup' as const,
	version: 0,
	maximumCacheSize: 0,
	keepFileAfterUpload: true,
	sharedDrive: false,
	rotationalCache: false,
	permissionType: PERMISSION_TYPE.ReadWrite,
	transferOptions: TRANSFER
};
const FOLDERS = [
	'Projects\\Brand 2027',
	'Projects\\Spring campaign',
	'Footage\\Raw',
	'Footage\\Selects',
	'Stills\\Shoot 14',
	'Audio\\Mixes',
	'Docs\\Contracts',
	'Docs\\Finance'
];
const NAMES = ['hero', 'cut', 'IMG', 'mix', 'storyboard', 'ledger', 'brief', 'logo', 'notes'];
const EXTENSIONS = ['.mov', '.mp4', '.psd', '.wav', '.pdf', '.jpg', '.docx', '.xlsx', '.cr3'];
export const FAILURES = [
	'The connection to the storage was reset.',
	'Access denied by the storage (403).',
	'The file is in use by another program.',
	'The checksum did not match after upload.'
];

/** The epoch of the seeded modification dates: files were changed in the 60 days before it. */
const SEED_EPOCH = Date.UTC(2026, 10, 20);

function seedFiles(seed: number, count: number, mix: Partial<Record<SyncState, number>>) {
	const r = prng(seed);
	const list: SimFile[] = [];
	const special = Object.entries(mix) as [SyncState, number][];
	for (let i = 0; i < count; i++) {
		const folder = FOLDERS[Math.floor(r() * FOLDERS.length)]!;
		const name = NAMES[Math.floor(r() * NAMES.length)]!;
		const ext = EXTENSIONS[Math.floor(r() * EXTENSIONS.length)]!;
		// Sizes spread over orders of magnitude: many small documents, a few huge videos.
		const size = Math.floor(2_000 * Math.pow(10, r() * 6));
		let state: SyncState = 'normal';
		let n = i;
		for (const [s, c] of special) {
			if (n < c) {
				state = s;
				break;
			}
			n -= c;
		}
		const file: SimFile = {
			path: `${folder}\\${name}-${String(i).padStart(5, '0')}${ext}`,
			size,
			state,
			modified: new Date(SEED_EPOCH - Math.floor(r() * 60 * 86_400_000)).toISOString()
		};
		if (state === 'error') file.error = FAILURES[i % FAILURES.length];
		list.push(file);
	}
	// Spread the special states through the folders, not all at the top of the list.
	list.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
	return list;
}

/** A drive's mix of states, scaled to its number of files. */
function mixFor(count: number, shares: Partial<Record<SyncState, number>>) {
	const mix: Partial<Record<SyncState, number>> = {};
	for (const [state, share] of Object.entries(shares) as [SyncState, number][]) {
		mix[state] = Math.max(1, Math.round(count * share));
	}
	return mix;
}

export type SeedOptions = { filesPerDrive?: number };

/**
 * What the control surface sets and counts about the reports. It lives with the drives, so a
 * reseed (and a reset) starts it again.
 */
export type ReportTally = {
	/** How long each sync_health answer waits, to play a slow agent. */
	healthDelayMs: number;
	/** Report calls by path without the id (`drivereport/sync_health`), unknown ids included. */
	reads: Record<string, number>;
};

export type StorageSet = { drives: SimDrive[]; backups: SimBackup[]; tally?: ReportTally };

export function seedDrives(options: SeedOptions = {}): StorageSet {
	const n = (base: number) =>
		options.filesPerDrive ? Math.max(1, Math.round(options.filesPerDrive * (base / 3000))) : base;
	return {
		drives: [
			{
				...DRIVE_BASE,
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
				maximumCacheSize: 50_000_000_000,
				allowDelete: true,
				sharedDrive: false,
				rotationalCache: true,
				localCacheEncrypted: false,
				cloudObjectsEncrypted: true,
				permissionType: PERMISSION_TYPE.ReadWrite,
				driveType: DRIVE_TYPE.VirtualDrive,
				syncType: SYNC_TYPE.Stream,
				account: { id: 'acc-aws-1', cloudType: CLOUD_TYPE.AWS },
				files: seedFiles(
					11,
					n(3000),
					mixFor(n(3000), {
						pendingUpload: 0.012,
						uploading: 0.001,
						pendingDownload: 0.006,
						downloading: 0.001,
						error: 0.002,
						temporary: 0.003,
						deleting: 0.001
					})
				)
			},
			{
				...DRIVE_BASE,
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
				maximumCacheSize: 0,
				allowDelete: false,
				sharedDrive: true,
				rotationalCache: false,
				localCacheEncrypted: true,
				cloudObjectsEncrypted: true,
				permissionType: PERMISSION_TYPE.Read,
				driveType: DRIVE_TYPE.LocalPath,
				syncType: SYNC_TYPE.Mirror,
				account: { id: 'acc-wasabi-1', cloudType: CLOUD_TYPE.Wasabi },
				files: seedFiles(12, n(2000), mixFor(n(2000), { error: 0.0015, pendingDownload: 0.004 }))
			},
			{
				...DRIVE_BASE,
				id: '3d2e1f0a-9b8c-4d7e-a6f5-4e3d2c1b0a99',
				sharedDriveId: null,
				active: true,
				name: 'Design assets',
				localPath: 'H:\\',
				permanentLocalPath: 'C:\\ProgramData\\Agent\\cache\\design',
				prefix: '',
				storageName: 'design-blob',
				driveName: 'H',
				syncIntervalSeconds: 120,
				maximumCacheSize: 20_000_000_000,
				allowDelete: true,
				sharedDrive: false,
				rotationalCache: true,
				localCacheEncrypted: true,
				cloudObjectsEncrypted: false,
				permissionType: PERMISSION_TYPE.ReadWrite,
				driveType: DRIVE_TYPE.VirtualDrive,
				syncType: SYNC_TYPE.Stream,
				account: { id: 'acc-azure-1', cloudType: CLOUD_TYPE.Azure },
				files: seedFiles(
					14,
					n(2500),
					mixFor(n(2500), { pendingUpload: 0.004, temporary: 0.002, deleting: 0.002 })
				)
			},
			{
				...DRIVE_BASE,
				id: '7c6b5a49-3827-4615-9f0e-d1c2b3a49586',
				sharedDriveId: null,
				active: false,
				name: 'Old media',
				localPath: 'E:\\Media',
				permanentLocalPath: 'E:\\Media',
				prefix: 'media/',
				storageName: 'media-gcs',
				driveName: '',
				syncIntervalSeconds: 3600,
				maximumCacheSize: 0,
				allowDelete: false,
				sharedDrive: false,
				rotationalCache: false,
				localCacheEncrypted: false,
				cloudObjectsEncrypted: false,
				permissionType: PERMISSION_TYPE.ReadWrite,
				driveType: DRIVE_TYPE.LocalPath,
				syncType: SYNC_TYPE.Mirror,
				account: { id: 'acc-google-1', cloudType: CLOUD_TYPE.Google },
				files: seedFiles(15, n(1200), mixFor(n(1200), { pendingUpload: 0.01, error: 0.002 }))
			}
		],
		backups: [
			{
				...BACKUP_BASE,
				id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
				active: true,
				name: 'Laptop documents',
				localPath: 'C:\\Users\\ann\\Documents',
				prefix: 'backup/ann/',
				storageId: 'acc-aws-1',
				storageName: 'studio-backups',
				syncIntervalSeconds: 900,
				localCacheEncrypted: false,
				cloudObjectsEncrypted: true,
				account: { id: 'acc-aws-1', cloudType: CLOUD_TYPE.AWS },
				files: seedFiles(13, n(1500), mixFor(n(1500), { pendingUpload: 0.004 }))
			},
			{
				...BACKUP_BASE,
				id: '5e4d3c2b-1a09-4f8e-b7d6-c5b4a3928170',
				active: true,
				name: 'Studio server',
				localPath: 'S:\\Shares\\Studio',
				prefix: 'backup/studio/',
				storageId: 'acc-wasabi-1',
				storageName: 'studio-server-backup',
				syncIntervalSeconds: 3600,
				localCacheEncrypted: true,
				cloudObjectsEncrypted: true,
				account: { id: 'acc-wasabi-1', cloudType: CLOUD_TYPE.Wasabi },
				files: seedFiles(16, n(800), mixFor(n(800), { error: 0.004, deleting: 0.002 }))
			}
		]
	};
}

const CLOUDS = [
	{ id: 'acc-aws-1', cloudType: CLOUD_TYPE.AWS, bucket: 'studio-projects' },
	{ id: 'acc-wasabi-1', cloudType: CLOUD_TYPE.Wasabi, bucket: 'studio-archive' },
	{ id: 'acc-azure-1', cloudType: CLOUD_TYPE.Azure, bucket: 'design-blob' },
	{ id: 'acc-google-1', cloudType: CLOUD_TYPE.Google, bucket: 'media-gcs' }
];

type Made = { id: string; name: string; localPath: string; index: number; files: SimFile[] };

/** A drive that syncs a folder (Mirror), for generated and odd drives. */
function makeDrive({ id, name, localPath, index, files }: Made): SimDrive {
	const cloud = CLOUDS[index % CLOUDS.length]!;
	return {
		...DRIVE_BASE,
		id,
		sharedDriveId: null,
		active: index % 25 !== 0,
		name,
		localPath,
		permanentLocalPath: localPath,
		prefix: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/`,
		storageName: cloud.bucket,
		driveName: '',
		syncIntervalSeconds: 300,
		maximumCacheSize: 0,
		allowDelete: false,
		sharedDrive: false,
		rotationalCache: false,
		localCacheEncrypted: false,
		cloudObjectsEncrypted: true,
		permissionType: PERMISSION_TYPE.ReadWrite,
		driveType: DRIVE_TYPE.LocalPath,
		syncType: SYNC_TYPE.Mirror,
		account: { id: cloud.id, cloudType: cloud.cloudType },
		files
	};
}

function makeBackup({ id, name, localPath, index, files }: Made): SimBackup {
	const cloud = CLOUDS[index % CLOUDS.length]!;
	return {
		...BACKUP_BASE,
		id,
		active: true,
		name,
		localPath,
		prefix: `backup/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/`,
		storageId: cloud.id,
		storageName: cloud.bucket,
		syncIntervalSeconds: 900,
		localCacheEncrypted: false,
		cloudObjectsEncrypted: true,
		account: { id: cloud.id, cloudType: cloud.cloudType },
		files
	};
}

/** A few files for the n-th generated or odd drive: some wait to go up or down, a few fail. */
function fewFiles(index: number, count: number): SimFile[] {
	return seedFiles(1000 + index, count, {
		pendingUpload: index % 3 === 0 ? 2 : 0,
		pendingDownload: index % 5 === 0 ? 1 : 0,
		error: index % 11 === 0 ? 1 : 0
	});
}

export type GenerateOptions = { drives: number; backups: number; filesPerDrive: number };

/**
 * Many drives and backups, numbered ("Project 00042"), each with a few files: an agent that runs
 * thousands, to play what the console must survive. The same options give the same ones.
 */
export function generateStorages(options: GenerateOptions): {
	drives: SimDrive[];
	backups: SimBackup[];
} {
	const r = prng(31);
	const files = Math.max(4, options.filesPerDrive);
	const pad = (i: number) => String(i).padStart(5, '0');
	const drives = Array.from({ length: options.drives }, (_, i) =>
		makeDrive({
			id: seededUuid(r),
			name: `Project ${pad(i + 1)}`,
			localPath: `P:\\Projects\\Project ${pad(i + 1)}`,
			index: i + 1,
			files: fewFiles(i + 1, files)
		})
	);
	const backups = Array.from({ length: options.backups }, (_, i) =>
		makeBackup({
			id: seededUuid(r),
			name: `Workstation ${pad(i + 1)}`,
			localPath: `C:\\Users\\ws${pad(i + 1)}\\Documents`,
			index: i + 1,
			files: fewFiles(i + 1, files)
		})
	);
	return { drives, backups };
}

/** The id of the odd drive whose trends list a day twice (and whose id needs encoding). */
export const ODD_CHARACTERS_ID = 'a b?c#d';

/**
 * Drives and backups whose ids a careless agent might send: empty, with a slash at either end,
 * a dot path, a control character, the same id twice, and characters a URL must encode. Each has
 * files, so its reports agree with its health like any other.
 */
export function hostileStorages(): { drives: SimDrive[]; backups: SimBackup[] } {
	const odd: [string, string][] = [
		['', 'Empty id'],
		['/lead', 'Leading slash'],
		['trail/', 'Trailing slash'],
		['..', 'Dot dot'],
		['bell\u0007', 'Control character'],
		['twin-7e1d', 'Twin one'],
		['twin-7e1d', 'Twin two'],
		[ODD_CHARACTERS_ID, 'Odd characters']
	];
	const drives = odd.map(([id, name], i) =>
		makeDrive({
			id,
			name,
			localPath: `K:\\Odd\\${name}`,
			index: 9000 + i,
			files: fewFiles(9000 + i, 8)
		})
	);
	drives.at(-1)!.quirks = { repeatTrendDay: true };
	const backups = (
		[
			['', 'Backup without id'],
			['twin-backup', 'Twin backup one'],
			['twin-backup', 'Twin backup two']
		] as const
	).map(([id, name], i) =>
		makeBackup({
			id,
			name,
			localPath: `K:\\Odd backups\\${name}`,
			index: 9100 + i,
			files: fewFiles(9100 + i, 6)
		})
	);
	return { drives, backups };
}

/** The model as the agent's /management answers it: everything but the files. */
export function driveModel(d: SimStorage): Record<string, unknown> {
	const model: Record<string, unknown> = { ...d };
	delete model.kind;
	delete model.files;
	delete model.version;
	delete model.quirks;
	return model;
}

/** A file's full path on this computer: the drive's local path and the relative path. */
export function fullPath(d: SimStorage, file: SimFile): string {
	return `${d.localPath.replace(/\\+$/, '')}\\${file.path}`;
}

export function fileName(file: SimFile): string {
	return file.path.slice(file.path.lastIndexOf('\\') + 1);
}

/** Bytes in the agent's words: "1.2 GB". */
export function formatBytes(bytes: number): string {
	const units = ['B', 'KB', 'MB', 'GB', 'TB'];
	let value = bytes;
	let unit = 0;
	while (value >= 1024 && unit < units.length - 1) {
		value /= 1024;
		unit++;
	}
	return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

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
function statusOf(d: SimStorage, c: Record<SyncState, number>, paused: boolean): string {
	if (!d.active) return 'Inactive';
	if (paused) return 'Paused';
	if (c.error > 0) return 'Error';
	if (c.pendingUpload + c.uploading + c.pendingDownload + c.downloading > 0) return 'Syncing';
	return 'Synced';
}

/** sync_health, PascalCase, from the files. */
export function syncHealth(d: SimStorage, paused: boolean): Record<string, unknown> {
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

/** Whether a Stream drive keeps this file on this computer: recently used, or not yet uploaded. */
function cached(d: SimStorage, f: SimFile, now: number): boolean {
	if (f.state === 'pendingDownload' || f.state === 'downloading') return false;
	if (d.kind === 'backup' || d.syncType === SYNC_TYPE.Mirror) return true;
	return (
		f.state === 'pendingUpload' ||
		f.state === 'uploading' ||
		now - Date.parse(f.modified) < 14 * 86_400_000
	);
}

const directoryOf = (f: SimFile) => f.path.slice(0, Math.max(0, f.path.lastIndexOf('\\')));

/** summary, PascalCase, strings for the enums, and a field newer than the contract. */
export function summary(d: SimStorage, paused: boolean, now: number): Record<string, unknown> {
	const c = countStates(d.files);
	const totalSize = d.files.reduce((sum, f) => sum + f.size, 0);
	const cacheSize = d.files.reduce((sum, f) => (cached(d, f, now) ? sum + f.size : sum), 0);
	const directories = new Set(d.files.map(directoryOf));
	const byState = new Map<string, number>();
	for (const f of d.files) {
		const name = stateName(STATE_FLAGS[f.state]);
		byState.set(name, (byState.get(name) ?? 0) + 1);
	}
	const uploading = c.uploading > 0 ? 'Uploading' : c.pendingUpload > 0 ? 'Waiting' : 'Idle';
	const common = {
		Status: !d.active ? 'Stopped' : paused ? 'Paused' : 'Running',
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

const fileRow = (d: SimStorage, f: SimFile) => ({
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
	d: SimStorage,
	state: number,
	page: number,
	pageSize: number
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
	SimStorage,
	{ key: string; value: Record<string, unknown> }
>();

/** file_distribution: by extension, by size, the largest and newest files, the directories. */
export function fileDistribution(
	d: SimStorage,
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

/** Whether a full local path lies inside this drive or backup (case-insensitive, either slash). */
export function owns(d: SimStorage, path: string): boolean {
	const norm = (p: string) => p.replace(/\//g, '\\').replace(/\\+$/, '').toLowerCase();
	const root = norm(d.localPath);
	const p = norm(path);
	return p === root || p.startsWith(`${root}\\`);
}
