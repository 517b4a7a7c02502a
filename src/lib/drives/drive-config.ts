import { m } from '$lib/paraglide/messages';
import type { BackupBody, CacheChange, DriveBody, DriveOrBackupKind } from '$lib/api/drives';
import type { Drive } from '$lib/api/schemas/drives';
import { nextFreeLetter as nextLetter } from '$lib/config-form/config-form';
import { DRIVE_CONFIG, DRIVE_TYPE, PERMISSION_TYPE, SYNC_TYPE } from '$lib/contract';
import { folderConcern } from '$lib/folders/folder-concerns';
import { isAbsolutePath, relatePaths, shortNameIn, type PathRelation } from '$lib/folders/paths';
import { formatCount } from '$lib/format/cells';
import { formatBytes } from '$lib/format/units';
import { words } from '$lib/i18n/words';
import { accountKey, itemName } from './accounts';
import {
	ALLOW_DELETE_CONSEQUENCES,
	PERMISSION_TYPE_CONSEQUENCES,
	SYNC_TYPE_CONSEQUENCES,
	PERMISSION_TYPE_NAMES,
	SYNC_TYPE_NAMES,
	nameOf
} from '$lib/names/enums';

/**
 * The form of a drive or a backup, in the user's units, and what it becomes on the wire: pure
 * functions, so every rule is tested without a page. Field errors are keyed by the wire's field
 * names, so the console's checks and the agent's refusals land beside the same fields.
 */

export type CacheUnit = 'GB' | 'TB';

/** Sizes are binary, as everywhere in the console (docs/VOCABULARY.md): 1 GB is 1,024³ bytes. */
export const CACHE_UNITS: Readonly<Record<CacheUnit, number>> = { GB: 1024 ** 3, TB: 1024 ** 4 };

export type DriveForm = {
	kind: 'drive';
	/** The stored id when changing; null for a new drive. */
	id: string | null;
	name: string;
	driveType: number;
	/** The drive letter of a virtual drive ("G"). */
	letter: string;
	/** The folder of a synced folder (driveType 2). */
	localPath: string;
	accountId: string;
	cloudType: number | null;
	bucket: string;
	prefix: string;
	syncType: number;
	permissionType: number;
	allowDelete: boolean;
	cloudObjectsEncrypted: boolean;
	localCacheEncrypted: boolean;
	/**
	 * The cache folder of a virtual drive; empty lets the agent choose (or, on a change, keeps the
	 * stored one). A synced folder's cache is its own folder.
	 */
	cacheFolder: string;
	cacheCapped: boolean;
	/** The cap in `cacheUnit`, when capped. */
	cacheSize: number;
	cacheUnit: CacheUnit;
};

export type BackupForm = {
	kind: 'backup';
	id: string | null;
	name: string;
	localPath: string;
	accountId: string;
	cloudType: number | null;
	bucket: string;
	prefix: string;
	intervalSeconds: number;
	cloudObjectsEncrypted: boolean;
	localCacheEncrypted: boolean;
};

/** A drive's or a backup's form: the code word for the pair is DriveOrBackup. */
export type DriveOrBackupForm = DriveForm | BackupForm;

/** A new drive: a virtual drive on the next free letter, streamed, read and write, no cap. */
export function newDriveForm(freeLetters: readonly string[] = []): DriveForm {
	return {
		kind: 'drive',
		id: null,
		name: '',
		driveType: DRIVE_TYPE.VirtualDrive,
		letter: nextFreeLetter(freeLetters) ?? '',
		localPath: '',
		accountId: '',
		cloudType: null,
		bucket: '',
		prefix: '',
		syncType: SYNC_TYPE.Stream,
		permissionType: PERMISSION_TYPE.ReadWrite,
		allowDelete: false,
		cloudObjectsEncrypted: false,
		localCacheEncrypted: false,
		cacheFolder: '',
		cacheCapped: false,
		cacheSize: 50,
		cacheUnit: 'GB'
	};
}

/** A new backup, run every hour. */
export function newBackupForm(): BackupForm {
	return {
		kind: 'backup',
		id: null,
		name: '',
		localPath: '',
		accountId: '',
		cloudType: null,
		bucket: '',
		prefix: '',
		intervalSeconds: 3600,
		cloudObjectsEncrypted: false,
		localCacheEncrypted: false
	};
}

// ---- units: cache size and sync interval ----

/** A cap in the form's unit as bytes on the wire; 0 (no cap) when not capped. */
export function cacheBytes(form: Pick<DriveForm, 'cacheCapped' | 'cacheSize' | 'cacheUnit'>) {
	return form.cacheCapped ? Math.round(form.cacheSize * CACHE_UNITS[form.cacheUnit]) : 0;
}

/**
 * Bytes from the agent in the form's units: whole TB where they divide, else GB. Anything but a
 * positive number (the unit is open in the contract) reads as no cap.
 */
export function cacheFromBytes(
	bytes: unknown
): Pick<DriveForm, 'cacheCapped' | 'cacheSize' | 'cacheUnit'> {
	if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes <= 0)
		return { cacheCapped: false, cacheSize: 50, cacheUnit: 'GB' };
	if (bytes % CACHE_UNITS.TB === 0)
		return { cacheCapped: true, cacheSize: bytes / CACHE_UNITS.TB, cacheUnit: 'TB' };
	const gb = bytes / CACHE_UNITS.GB;
	return { cacheCapped: true, cacheSize: Math.round(gb * 100) / 100, cacheUnit: 'GB' };
}

/** A cache cap in words: "No cap" for 0, else its size. */
export function cacheWords(bytes: number | null | undefined): string {
	if (typeof bytes !== 'number' || !Number.isFinite(bytes)) return m.drive_form_not_given();
	return bytes <= 0 ? m.drive_form_no_cap() : formatBytes(bytes);
}

type Every = (inputs: { count: number; shown: string }) => string;
const INTERVAL_UNITS: readonly (readonly [number, Every])[] = [
	[86400, m.drive_form_every_day],
	[3600, m.drive_form_every_hour],
	[60, m.drive_form_every_minute],
	[1, m.drive_form_every_second]
];

/** "every 5 minutes", "every hour", "every 2 days": the largest unit that divides it. */
export function intervalWords(seconds: number | null | undefined): string {
	if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0)
		return m.drive_form_not_given();
	const s = Math.round(seconds);
	const [size, every] = INTERVAL_UNITS.find(([size]) => s % size === 0) ?? [
		1,
		m.drive_form_every_second
	];
	const n = s / size;
	return every({ count: n, shown: formatCount(n) });
}

/**
 * The intervals a backup's form offers, within the contract's bounds, each in words (a getter:
 * read in the language of the moment).
 */
export const INTERVAL_CHOICES: readonly { seconds: number; label: string }[] = [
	60,
	300,
	900,
	1800,
	3600,
	6 * 3600,
	12 * 3600,
	86400,
	2 * 86400,
	7 * 86400
]
	.filter((s) => s >= DRIVE_CONFIG.syncIntervalMin && s <= DRIVE_CONFIG.syncIntervalMax)
	.map((seconds) => ({
		seconds,
		get label() {
			return intervalWords(seconds);
		}
	}));

/** The letter a new virtual drive gets: the first free one in alphabetical order, or null. */
export const nextFreeLetter = (free: readonly string[]) => nextLetter(free, DRIVE_CONFIG.letters);

// ---- the wire ----

export const letterOf = (driveName: string | null | undefined) => {
	const match = /^\s*([A-Za-z])(?::\\?)?\s*$/.exec(driveName ?? '');
	return match?.[1]?.toUpperCase() ?? '';
};

/** The body of a create (POST): what the form holds, in the agent's fields and units. */
export function toBody(form: DriveForm): DriveBody;
export function toBody(form: BackupForm): BackupBody;
export function toBody(form: DriveOrBackupForm): DriveBody | BackupBody;
export function toBody(form: DriveOrBackupForm): DriveBody | BackupBody {
	const account = {
		id: form.accountId.trim(),
		...(form.cloudType === null ? {} : { cloudType: form.cloudType })
	};
	if (form.kind === 'backup')
		return {
			name: form.name.trim(),
			localPath: form.localPath.trim(),
			prefix: form.prefix.trim(),
			storageName: form.bucket.trim(),
			syncIntervalSeconds: Math.round(form.intervalSeconds),
			localCacheEncrypted: form.localCacheEncrypted,
			cloudObjectsEncrypted: form.cloudObjectsEncrypted,
			account
		};
	const virtual = form.driveType === DRIVE_TYPE.VirtualDrive;
	return {
		name: form.name.trim(),
		storageName: form.bucket.trim(),
		prefix: form.prefix.trim(),
		driveName: virtual ? form.letter.trim().toUpperCase() : '',
		driveType: form.driveType,
		syncType: form.syncType,
		permissionType: form.permissionType,
		localCacheEncrypted: form.localCacheEncrypted,
		cloudObjectsEncrypted: form.cloudObjectsEncrypted,
		allowDelete: form.allowDelete,
		maximumCacheSize: cacheBytes(form),
		permanentLocalPath: (virtual && form.cacheFolder.trim()) || DRIVE_CONFIG.agentChoosesCache,
		...(virtual ? {} : { localPath: form.localPath.trim() }),
		account
	};
}

/**
 * The body of a change (PUT): the whole stored model with the form's fields over it, so what the
 * console does not know (and the account's other fields) goes back as it came.
 */
export function toModel(form: DriveOrBackupForm, stored: Drive): Drive {
	// `stored` was read masked: changeDrive and changeBackup put its credentials back (write-back.ts).
	const body = toBody(form);
	const model: Drive = {
		...stored,
		...body,
		id: stored.id,
		account: { ...stored.account, ...body.account }
	};
	// The cache folder moves with moveDriveCache, not a change: left empty, the stored one goes back.
	if (form.kind === 'drive' && model.permanentLocalPath === DRIVE_CONFIG.agentChoosesCache)
		model.permanentLocalPath = stored.permanentLocalPath;
	// A cap the form shows rounded (1.15 GB), or could not read ("50 GB": the unit is open), goes
	// back as it came unless the form changed it.
	if (form.kind === 'drive' && stored.maximumCacheSize !== undefined) {
		const shown = cacheFromBytes(stored.maximumCacheSize);
		if (
			shown.cacheCapped === form.cacheCapped &&
			(!shown.cacheCapped ||
				(shown.cacheSize === form.cacheSize && shown.cacheUnit === form.cacheUnit))
		)
			model.maximumCacheSize = stored.maximumCacheSize;
	}
	return model;
}

/** What `moveDriveCache` sends over the model: the form's cache folder, cap and encryption. */
export function toCacheChange(form: DriveForm): CacheChange {
	return {
		permanentLocalPath: form.cacheFolder.trim() || DRIVE_CONFIG.agentChoosesCache,
		maximumCacheSize: cacheBytes(form),
		localCacheEncrypted: form.localCacheEncrypted
	};
}

export type FromModel<F extends DriveOrBackupForm> = {
	form: F;
	/** The fields a duplicate leaves empty, in words, so the form can say so. */
	cleared: string[];
};

const text = (v: string | null | undefined) => v ?? '';
const int = (v: number | null | undefined, fallback: number) =>
	typeof v === 'number' && Number.isFinite(v) ? v : fallback;

/**
 * A stored drive or backup as its form: to change it (`edit`), or as the start of a new one
 * (`duplicate`), which leaves out what must differ: the id, the name, the letter and the folders.
 */
export function fromModel(
	stored: Drive,
	kind: 'drive',
	mode?: 'edit' | 'duplicate'
): FromModel<DriveForm>;
export function fromModel(
	stored: Drive,
	kind: 'backup',
	mode?: 'edit' | 'duplicate'
): FromModel<BackupForm>;
export function fromModel(
	stored: Drive,
	kind: DriveOrBackupKind,
	mode: 'edit' | 'duplicate' = 'edit'
): FromModel<DriveOrBackupForm> {
	const copy = mode === 'duplicate';
	const common = {
		id: copy ? null : stored.id,
		name: copy ? '' : text(stored.name),
		accountId: accountKey(stored.account?.id),
		cloudType: typeof stored.account?.cloudType === 'number' ? stored.account.cloudType : null,
		bucket: text(stored.storageName),
		prefix: text(stored.prefix),
		cloudObjectsEncrypted: stored.cloudObjectsEncrypted === true,
		localCacheEncrypted: stored.localCacheEncrypted === true
	};
	if (kind === 'backup') {
		const form: BackupForm = {
			kind: 'backup',
			...common,
			localPath: copy ? '' : text(stored.localPath),
			intervalSeconds: int(stored.syncIntervalSeconds, 3600)
		};
		return { form, cleared: copy ? ['name', 'folder'] : [] };
	}
	const driveType = int(stored.driveType, DRIVE_TYPE.VirtualDrive);
	const cache = stored.permanentLocalPath?.trim();
	const form: DriveForm = {
		kind: 'drive',
		...common,
		driveType,
		letter: copy ? '' : letterOf(stored.driveName),
		localPath: copy || driveType === DRIVE_TYPE.VirtualDrive ? '' : text(stored.localPath),
		syncType: int(stored.syncType, SYNC_TYPE.Stream),
		permissionType: int(stored.permissionType, PERMISSION_TYPE.ReadWrite),
		allowDelete: stored.allowDelete === true,
		cacheFolder:
			copy ||
			!cache ||
			cache === DRIVE_CONFIG.agentChoosesCache ||
			driveType !== DRIVE_TYPE.VirtualDrive
				? ''
				: cache,
		...cacheFromBytes(stored.maximumCacheSize)
	};
	const cleared = copy
		? [
				'name',
				driveType === DRIVE_TYPE.VirtualDrive ? 'drive letter' : 'folder',
				...(cache && cache !== DRIVE_CONFIG.agentChoosesCache ? ['cache folder'] : [])
			]
		: [];
	return { form, cleared };
}

/** The fields `fromModel` leaves empty on a duplicate, as it names them, in words. */
const CLEARED_WORDS = words({
	name: m.drive_form_cleared_name,
	folder: m.drive_form_cleared_folder,
	'drive letter': m.drive_form_cleared_letter,
	'cache folder': m.drive_form_cleared_cache
});

/** "The name and drive letter are left empty: a new drive needs its own." */
export function clearedWords(kind: DriveOrBackupKind, cleared: readonly string[]): string | null {
	if (!cleared.length) return null;
	const said = cleared.map((c) => CLEARED_WORDS[c as keyof typeof CLEARED_WORDS] ?? c);
	if (said.length === 1) {
		const item = said[0] ?? '';
		return kind === 'drive'
			? m.drive_form_cleared_one_drive({ item })
			: m.drive_form_cleared_one_backup({ item });
	}
	const list = m.drive_form_list({
		head: said.slice(0, -1).join(m.drive_form_list_separator()),
		last: said[said.length - 1] ?? ''
	});
	return kind === 'drive'
		? m.drive_form_cleared_many_drive({ list })
		: m.drive_form_cleared_many_backup({ list });
}

// ---- checks ----

/** What the form is checked against: the agent's drives and backups, its free letters. */
export type CheckContext = {
	drives: readonly Drive[];
	backups: readonly Drive[];
	/** `list_available_drives`; null or missing when not read. */
	freeLetters?: readonly string[] | null;
	/** `exist_clouddrive` of the chosen folder: true when the agent says a drive holds it. */
	folderInDrive?: boolean | null;
};

export type Overlap = {
	kind: DriveOrBackupKind;
	name: string;
	/** Which of its folders: its own, or its cache. */
	which: 'folder' | 'cache folder';
	path: string;
	relation: PathRelation;
};

/**
 * The drives and backups whose folder or cache folder is `path`, holds it, or lies inside it,
 * each named once; `selfId` (the item being changed) is left out.
 */
export function overlaps(
	path: string,
	context: Pick<CheckContext, 'drives' | 'backups'>,
	selfId: string | null = null
): Overlap[] {
	if (!path.trim()) return [];
	const found: Overlap[] = [];
	const items = [
		...context.drives.map((d) => ['drive', d] as const),
		...context.backups.map((d) => ['backup', d] as const)
	];
	for (const [kind, item] of items) {
		if (selfId !== null && item.id === selfId) continue;
		// A virtual drive listed without its folder is at its letter's root.
		const letter = kind === 'drive' ? letterOf(item.driveName) : '';
		const folder =
			item.localPath || (letter && item.driveType !== DRIVE_TYPE.LocalPath ? `${letter}:\\` : null);
		// Each item once: the folder that is `path`, or else its first folder that touches it (a
		// synced folder's cache is its own folder; a drive and its cache can share a disk).
		let mine: Overlap | null = null;
		for (const [which, other] of [
			['folder', folder],
			['cache folder', item.permanentLocalPath]
		] as const) {
			if (!other || other === DRIVE_CONFIG.agentChoosesCache) continue;
			const relation = relatePaths(path, other);
			if (relation && (!mine || (relation === 'same' && mine.relation !== 'same')))
				mine = { kind, name: itemName(item), which, path: other, relation };
		}
		if (mine) found.push(mine);
	}
	return found;
}

/** An overlap in a sentence that names the other drive or backup. */
export function overlapWords(o: Overlap): string {
	const inputs = { name: o.name, path: o.path };
	const cache = o.which === 'cache folder';
	const drive = o.kind === 'drive';
	if (o.relation === 'same')
		return cache
			? drive
				? m.drive_form_overlap_same_cache_drive(inputs)
				: m.drive_form_overlap_same_cache_backup(inputs)
			: drive
				? m.drive_form_overlap_same_folder_drive(inputs)
				: m.drive_form_overlap_same_folder_backup(inputs);
	if (o.relation === 'inside')
		return cache
			? drive
				? m.drive_form_overlap_inside_cache_drive(inputs)
				: m.drive_form_overlap_inside_cache_backup(inputs)
			: drive
				? m.drive_form_overlap_inside_folder_drive(inputs)
				: m.drive_form_overlap_inside_folder_backup(inputs);
	return cache
		? drive
			? m.drive_form_overlap_holds_cache_drive(inputs)
			: m.drive_form_overlap_holds_cache_backup(inputs)
		: drive
			? m.drive_form_overlap_holds_folder_drive(inputs)
			: m.drive_form_overlap_holds_folder_backup(inputs);
}

/** Which folder of a drive or backup is checked: the rules differ for a backup's. */
export type FolderRole = 'sync' | 'backup' | 'cache';

/**
 * What is wrong with the folder itself, judged on every spelling of it: a path that is not
 * absolute (`\Windows`, `C:Config`, `Windows`), which the agent would read from its own working
 * folder; a short name the console cannot read; a system folder for any role; a network share or a whole profile for a cache or a
 * synced folder (whose folder is its cache). A backup may read a share, a profile, or a whole
 * disk other than the system's; a cache may sit inside `C:\ProgramData`, where programs keep
 * their data and the agent keeps the caches it chooses.
 */
export function folderProblems(path: string, role: FolderRole): string[] {
	if (!isAbsolutePath(path)) return [m.drive_form_folder_relative({ path: path.trim() })];
	const short = shortNameIn(path);
	if (short) return [m.drive_form_folder_short_name({ name: short })];
	const concern = folderConcern(path, role === 'cache' ? 'cache' : undefined);
	if (!concern) return [];
	if (role === 'backup' && (concern.kind !== 'system' || /^[D-Z]:\\$/.test(concern.folder)))
		return [];
	if (concern.kind === 'system') return [m.drive_form_folder_system({ folder: concern.folder })];
	return [
		concern.kind === 'network'
			? m.drive_form_folder_network({ folder: concern.folder })
			: m.drive_form_folder_profile_root({ folder: concern.folder })
	];
}

/**
 * What the form's choices mean, a sentence per field, shown beside them: the sync type, the
 * permission, deleting in the cloud, and that encryption is chosen once (said on a new item, as
 * `lockedFields` says it on a stored one).
 */
export function consequences(form: DriveOrBackupForm): Partial<Record<string, string>> {
	const out: Partial<Record<string, string>> = {};
	if (form.id === null) {
		out.cloudObjectsEncrypted =
			form.kind === 'drive'
				? m.drive_form_says_cloud_once_drive()
				: m.drive_form_says_cloud_once_backup();
		out.localCacheEncrypted =
			form.kind === 'drive' && form.driveType !== DRIVE_TYPE.LocalPath
				? m.drive_form_says_cache_moves()
				: form.kind === 'drive'
					? m.drive_form_says_local_once_folder()
					: m.drive_form_says_local_once_backup();
	}
	if (form.kind === 'backup') return out;
	out.syncType = SYNC_TYPE_CONSEQUENCES[form.syncType] ?? nameOf(SYNC_TYPE_NAMES, form.syncType);
	out.permissionType =
		PERMISSION_TYPE_CONSEQUENCES[form.permissionType] ??
		nameOf(PERMISSION_TYPE_NAMES, form.permissionType);
	out.allowDelete =
		form.permissionType === PERMISSION_TYPE.Read
			? ALLOW_DELETE_CONSEQUENCES.readOnly
			: ALLOW_DELETE_CONSEQUENCES[form.allowDelete ? 'yes' : 'no'];
	return out;
}

export type Removal = {
	sentences: string[];
	/** The name must be typed to confirm: files are still to upload, or their number is unknown. */
	typeName: boolean;
};

/**
 * What removing a drive or backup does, from the agent's own numbers (null: not read). Files
 * still to upload are not uploaded once it is removed; this agent leaves them in the cache folder
 * (a backup's own folder), named by `folder` where the console read it.
 */
export function removalWords(
	kind: DriveOrBackupKind,
	name: string,
	pendingUpload: number | null,
	cacheSize: number | null = null,
	folder: string | null = null
): Removal {
	const drive = kind === 'drive';
	const sentences = [
		drive ? m.drive_form_remove_stops_drive({ name }) : m.drive_form_remove_stops_backup({ name })
	];
	const place = folder?.trim();
	const where = drive
		? place
			? m.drive_form_remove_where_cache({ folder: place })
			: m.drive_form_remove_where_its_cache()
		: place
			? m.drive_form_remove_where_own({ folder: place })
			: m.drive_form_remove_where_its_own();
	const pending = typeof pendingUpload === 'number' && Number.isFinite(pendingUpload);
	if (!pending)
		sentences.push(
			drive
				? m.drive_form_remove_unknown_drive({ where })
				: m.drive_form_remove_unknown_backup({ where })
		);
	else if (pendingUpload > 0) {
		const count = { count: pendingUpload, shown: formatCount(pendingUpload), where };
		sentences.push(
			drive ? m.drive_form_remove_pending_drive(count) : m.drive_form_remove_pending_backup(count)
		);
	} else sentences.push(m.drive_form_remove_all_in_cloud());
	if (typeof cacheSize === 'number' && Number.isFinite(cacheSize) && cacheSize > 0)
		sentences.push(m.drive_form_remove_cache_holds({ size: formatBytes(cacheSize) }));
	return { sentences, typeName: !pending || pendingUpload > 0 };
}
