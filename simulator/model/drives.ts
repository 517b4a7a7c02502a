import { FILE_STATE } from '../../src/lib/contract.ts';

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
	/** While the cache moves (clouddrive_change_cache): where to, and how far it got. */
	cacheMove?: { destination: string; percent: number };
	/**
	 * A credential the model carries, stored as a PUT sends it: the console reads it masked and
	 * must send the stored value back, never `***`.
	 */
	encryptionPassphrase?: string;
};

export type SimBackup = Common & { kind: 'backup'; storageId: string; files: SimFile[] };
export type SimDriveOrBackup = SimDrive | SimBackup;

/** Why a transfer fails, in the agent's words: the seeded errors and the activity's. */
export const FAILURES = [
	'The connection to the storage was reset.',
	'Access denied by the storage (403).',
	'The file is in use by another program.',
	'The checksum did not match after upload.'
];

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

/** A drive or backup removed through the API, and what it left behind in its cache folder. */
export type Removed = {
	kind: 'drive' | 'backup';
	id: string;
	name: string;
	/** Files that were still to upload: they stay in `folder`, never uploaded. */
	pendingUploads: number;
	folder: string;
};

export type DriveOrBackupSet = {
	drives: SimDrive[];
	backups: SimBackup[];
	tally?: ReportTally;
	removed?: Removed[];
};

/** The control surface's settings and counts for the reports, made on first use. */
export const reportTally = (set: DriveOrBackupSet): ReportTally =>
	(set.tally ??= { healthDelayMs: 0, reads: {} });

/** A file's full path on this computer: the drive's local path and the relative path. */
export function fullPath(d: SimDriveOrBackup, file: SimFile): string {
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

/** Whether a full local path lies inside this drive or backup (case-insensitive, either slash). */
export function owns(d: SimDriveOrBackup, path: string): boolean {
	const norm = (p: string) => p.replace(/\//g, '\\').replace(/\\+$/, '').toLowerCase();
	const root = norm(d.localPath);
	const p = norm(path);
	return p === root || p.startsWith(`${root}\\`);
}
