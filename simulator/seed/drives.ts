import { CLOUD_TYPE, DRIVE_TYPE, PERMISSION_TYPE, SYNC_TYPE } from '../../src/lib/contract.ts';
import {
	FAILURES,
	type SimBackup,
	type SimDrive,
	type SimFile,
	type SimDriveOrBackup,
	type DriveOrBackupSet,
	type SyncState
} from '../model/drives.ts';
import { nestFiles } from './files.ts';
import { prng, seededUuid } from './random.ts';

/**
 * The drives and backups the development agent starts with: four drives and two backups with a few
 * thousand files each, and on the control surface's demand many more (numbered) or odd ones. The
 * same options always give the same drives and files.
 */

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

/** The files a new drive finds in its bucket on its first sync: a few, the same for a seed. */
export const bucketFiles = (seed: number, count: number): SimFile[] => seedFiles(seed, count, {});

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
 * The drives and backups as seeded for these options: built once (the last options asked for),
 * then copied, as every reset of the development agent asks for them again. Building the files
 * took two thirds of a reset (27 ms of 38); a copy takes under one.
 */
export function seedDrives(options: SeedOptions = {}): DriveOrBackupSet {
	const key = options.filesPerDrive ?? 0;
	if (seeded?.key !== key) seeded = { key, set: buildDrives(options) };
	return {
		drives: seeded.set.drives.map(copyDriveOrBackup),
		backups: seeded.set.backups.map(copyDriveOrBackup)
	};
}

let seeded: { key: number; set: DriveOrBackupSet } | undefined;

/**
 * A drive or backup that shares nothing the agent may change with the one it copies: its files,
 * and each object in a field (the account, the transfer options), are copies.
 */
function copyDriveOrBackup<T extends SimDriveOrBackup>(d: T): T {
	const copy: Record<string, unknown> = { ...d };
	for (const [field, value] of Object.entries(copy))
		if (value && typeof value === 'object' && !Array.isArray(value)) copy[field] = { ...value };
	copy.files = d.files.map((f) => ({ ...f }));
	return copy as T;
}

function buildDrives(options: SeedOptions): DriveOrBackupSet {
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
				encryptionPassphrase: 'team-drive-passphrase',
				files: nestFiles(
					seedFiles(
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
				files: nestFiles(
					seedFiles(12, n(2000), mixFor(n(2000), { error: 0.0015, pendingDownload: 0.004 }))
				)
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
				files: nestFiles(
					seedFiles(
						14,
						n(2500),
						mixFor(n(2500), { pendingUpload: 0.004, temporary: 0.002, deleting: 0.002 })
					)
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
				files: nestFiles(
					seedFiles(15, n(1200), mixFor(n(1200), { pendingUpload: 0.01, error: 0.002 }))
				)
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
				files: nestFiles(seedFiles(13, n(1500), mixFor(n(1500), { pendingUpload: 0.004 })))
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
				files: nestFiles(seedFiles(16, n(800), mixFor(n(800), { error: 0.004, deleting: 0.002 })))
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
