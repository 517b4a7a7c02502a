import { m } from '$lib/paraglide/messages';
import type { AgentHttpError, FieldErrors } from '$lib/api/errors';
import type { BackupBody, CacheChange, DriveBody, StorageKind } from '$lib/api/drives';
import { accountRefSchema, transferOptionsSchema } from '$lib/api/schemas/drive-config';
import type { Drive } from '$lib/api/schemas/drives';
import { DRIVE_CONFIG, DRIVE_TYPE, PERMISSION_TYPE, SYNC_TYPE } from '$lib/contract';
import { folderConcern } from '$lib/folders/folder-concerns';
import { isAbsolutePath, relatePaths, shortNameIn, type PathRelation } from '$lib/folders/paths';
import { formatCount } from '$lib/format/cells';
import { formatBytes } from '$lib/format/units';
import { words } from '$lib/i18n/words';
import { accountKey, accountWords, itemName } from './accounts';
import { cacheMoveOf, cacheMoveWords } from './cache-move';
import {
	ALLOW_DELETE_CONSEQUENCES,
	PERMISSION_TYPE_CONSEQUENCES,
	SYNC_TYPE_CONSEQUENCES,
	DRIVE_TYPE_NAMES,
	PERMISSION_TYPE_NAMES,
	SYNC_TYPE_NAMES,
	nameOf,
	yesNo
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

export type ConfigForm = DriveForm | BackupForm;

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
export function nextFreeLetter(free: readonly string[]): string | null {
	const letters = new Set(free.map((l) => l.trim().toUpperCase()));
	return [...DRIVE_CONFIG.letters].find((l) => letters.has(l)) ?? null;
}

// ---- the wire ----

const letterOf = (driveName: string | null | undefined) => {
	const match = /^\s*([A-Za-z])(?::\\?)?\s*$/.exec(driveName ?? '');
	return match?.[1]?.toUpperCase() ?? '';
};

/** The body of a create (POST): what the form holds, in the agent's fields and units. */
export function toBody(form: DriveForm): DriveBody;
export function toBody(form: BackupForm): BackupBody;
export function toBody(form: ConfigForm): DriveBody | BackupBody;
export function toBody(form: ConfigForm): DriveBody | BackupBody {
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
export function toModel(form: ConfigForm, stored: Drive): Drive {
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

export type FromModel<F extends ConfigForm> = {
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
	kind: StorageKind,
	mode: 'edit' | 'duplicate' = 'edit'
): FromModel<ConfigForm> {
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
export function clearedWords(kind: StorageKind, cleared: readonly string[]): string | null {
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
	kind: StorageKind;
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

function add(errors: FieldErrors, field: string, message: string) {
	(errors[field] ??= []).push(message);
}

function checkCommon(form: ConfigForm, context: CheckContext, errors: FieldErrors) {
	const name = form.name.trim();
	if (!name)
		add(
			errors,
			'name',
			form.kind === 'drive' ? m.drive_form_name_missing_drive() : m.drive_form_name_missing_backup()
		);
	else if (name.length > DRIVE_CONFIG.nameMax)
		add(errors, 'name', m.drive_form_name_long({ max: DRIVE_CONFIG.nameMax }));
	else {
		// The agent takes a name once across drives and backups, in any case.
		const named = (d: Drive) =>
			d.id !== form.id && d.name?.trim().toLowerCase() === name.toLowerCase();
		const drive = context.drives.find(named);
		const backup = context.backups.find(named);
		if (drive) add(errors, 'name', m.drive_form_name_taken_drive({ name: itemName(drive) }));
		else if (backup)
			add(errors, 'name', m.drive_form_name_taken_backup({ name: itemName(backup) }));
	}
	if (!form.accountId.trim()) add(errors, 'account', m.drive_form_account_missing());
	const bucket = form.bucket.trim();
	if (!bucket) add(errors, 'storageName', m.drive_form_bucket_missing());
	else if (!DRIVE_CONFIG.bucketShape.test(bucket))
		add(errors, 'storageName', m.drive_form_bucket_shape());
	const prefix = form.prefix.trim();
	if (prefix.length > DRIVE_CONFIG.prefixMax)
		add(errors, 'prefix', m.drive_form_prefix_long({ max: DRIVE_CONFIG.prefixMax }));
	else if (!DRIVE_CONFIG.prefixShape.test(prefix))
		add(errors, 'prefix', m.drive_form_prefix_shape());
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

/** The stored drive or backup the form changes, or null for a new one. */
const storedOf = (form: ConfigForm, context: CheckContext) =>
	form.id === null
		? null
		: ((form.kind === 'drive' ? context.drives : context.backups).find((d) => d.id === form.id) ??
			null);

function checkFolder(
	field: string,
	path: string,
	role: FolderRole,
	/** The folder stored for this field, which is not judged again (a change may keep it). */
	stored: string | null | undefined,
	/** The sentence when no folder is given. */
	missing: () => string,
	form: ConfigForm,
	context: CheckContext,
	errors: FieldErrors
) {
	if (!path.trim()) {
		add(errors, field, missing());
		return;
	}
	if (!stored || relatePaths(path, stored) !== 'same')
		for (const problem of folderProblems(path, role)) add(errors, field, problem);
	for (const o of overlaps(path, context, form.id)) add(errors, field, overlapWords(o));
	if (field === 'localPath' && context.folderInDrive === true && !errors[field]?.length)
		add(errors, field, m.drive_form_folder_in_drive());
}

/**
 * What is wrong with the form before anything is sent, per field (wire names): what is missing,
 * the contract's limits and shapes, a letter that is not free, and a folder that is, holds, or
 * lies inside the folder or cache folder of another drive or backup (named, in any spelling), or
 * that it should not take over (`folderProblems`).
 */
export function checks(form: ConfigForm, context: CheckContext): FieldErrors {
	const errors: FieldErrors = {};
	checkCommon(form, context, errors);
	if (form.kind === 'backup') {
		checkFolder(
			'localPath',
			form.localPath,
			'backup',
			storedOf(form, context)?.localPath,
			m.drive_form_choose_backup_folder,
			form,
			context,
			errors
		);
		const s = form.intervalSeconds;
		if (
			!Number.isInteger(s) ||
			s < DRIVE_CONFIG.syncIntervalMin ||
			s > DRIVE_CONFIG.syncIntervalMax
		)
			add(
				errors,
				'syncIntervalSeconds',
				m.drive_form_interval_range({
					min: intervalWords(DRIVE_CONFIG.syncIntervalMin),
					max: intervalWords(DRIVE_CONFIG.syncIntervalMax)
				})
			);
		return errors;
	}
	if (form.driveType === DRIVE_TYPE.VirtualDrive) checkLetter(form, context, errors);
	else if (form.driveType === DRIVE_TYPE.LocalPath)
		checkFolder(
			'localPath',
			form.localPath,
			'sync',
			storedOf(form, context)?.localPath,
			m.drive_form_choose_sync_folder,
			form,
			context,
			errors
		);
	else add(errors, 'driveType', m.drive_form_drive_type_missing());
	if (form.driveType === DRIVE_TYPE.VirtualDrive && form.cacheFolder.trim())
		checkFolder(
			'permanentLocalPath',
			form.cacheFolder,
			'cache',
			storedOf(form, context)?.permanentLocalPath,
			m.drive_form_choose_cache_folder,
			form,
			context,
			errors
		);
	if (form.cacheCapped) {
		const bytes = cacheBytes(form);
		if (!Number.isFinite(bytes) || bytes < DRIVE_CONFIG.cacheSizeMin)
			add(
				errors,
				'maximumCacheSize',
				m.drive_form_cache_cap_small({ size: formatBytes(DRIVE_CONFIG.cacheSizeMin) })
			);
	}
	return errors;
}

function checkLetter(form: DriveForm, context: CheckContext, errors: FieldErrors) {
	const letter = form.letter.trim().toUpperCase();
	if (!letter) {
		add(errors, 'driveName', m.drive_form_letter_missing());
		return;
	}
	if (letter.length !== 1 || !DRIVE_CONFIG.letters.includes(letter)) {
		add(errors, 'driveName', m.drive_form_letter_shape());
		return;
	}
	const stored = form.id === null ? null : context.drives.find((d) => d.id === form.id);
	if (stored && letterOf(stored.driveName) === letter) return;
	const owner = context.drives.find((d) => d.id !== form.id && letterOf(d.driveName) === letter);
	if (owner) add(errors, 'driveName', m.drive_form_letter_owned({ letter, name: itemName(owner) }));
	else if (context.freeLetters && !context.freeLetters.some((l) => l.toUpperCase() === letter))
		add(errors, 'driveName', m.drive_form_letter_taken_here({ letter }));
}

// ---- the agent's refusals ----

/** The wire fields a form of this kind shows, which the agent's field errors are matched to. */
const FORM_FIELDS = [
	'name',
	'account',
	'storageName',
	'prefix',
	'driveName',
	'driveType',
	'localPath',
	'permanentLocalPath',
	'maximumCacheSize',
	'syncType',
	'permissionType',
	'allowDelete',
	'syncIntervalSeconds',
	'localCacheEncrypted',
	'cloudObjectsEncrypted'
];

/** "DriveName", "$.driveName", "request.driveName" and "Account.Id" as the form's field, or null. */
function formField(key: string): string | null {
	const path = key.replace(/^\$\./, '').toLowerCase();
	if (/^(.*\.)?account(\.|$)/.test(path)) return 'account';
	const last = path.split('.').pop() ?? path;
	return FORM_FIELDS.find((f) => f.toLowerCase() === last) ?? null;
}

/**
 * Where the agent's refusal goes in the form: its field errors beside the fields they name (in any
 * spelling), a DUPLICATE beside the name and a SECURITY beside the folder the form sent, and the
 * rest as one sentence for the form. For FormState's `explain`.
 */
export function agentRefusal(
	error: AgentHttpError,
	form: ConfigForm
): { fieldErrors: FieldErrors; text: string | null } {
	const fieldErrors: FieldErrors = {};
	const rest: string[] = [];
	for (const [key, messages] of Object.entries(error.fieldErrors)) {
		const field = formField(key);
		if (field) (fieldErrors[field] ??= []).push(...messages);
		else rest.push(...messages.map((text) => `${key}: ${text}`));
	}
	const placed = new Set(Object.values(error.fieldErrors).flat());
	const coded = error.messages.filter((text) => !placed.has(text));
	const folder =
		form.kind === 'backup' || form.driveType === DRIVE_TYPE.LocalPath
			? 'localPath'
			: form.cacheFolder.trim()
				? 'permanentLocalPath'
				: null;
	// A code whose messages sit under the code, not a field, names none: the likely one is guessed.
	const target = error.code === 'DUPLICATE' ? 'name' : error.code === 'SECURITY' ? folder : null;
	const nothingPlaced = !Object.keys(fieldErrors).length && !rest.length;
	if (target && (coded.length || nothingPlaced))
		(fieldErrors[target] ??= []).push(...(coded.length ? coded : [error.message]));
	else rest.push(...coded);
	if (!Object.keys(fieldErrors).length && !rest.length) return { fieldErrors, text: error.message };
	return { fieldErrors, text: rest.length ? rest.join(' ') : null };
}

// ---- what the agent stored, and what changed elsewhere ----

/** The fields of a drive or backup model, in words. */
const FIELD_LABELS: Readonly<Record<string, string>> = words({
	id: m.drive_form_label_id,
	name: m.drive_form_name,
	active: m.drive_form_label_active,
	driveType: m.drive_form_kind,
	driveName: m.drive_form_drive_letter,
	localPath: m.drive_form_label_folder,
	permanentLocalPath: m.drive_form_cache_folder,
	storageName: m.drive_form_bucket,
	storageId: m.drive_form_label_storage_id,
	prefix: m.drive_form_label_prefix,
	account: m.drive_form_cloud_account,
	syncType: m.drive_form_sync_type,
	permissionType: m.drive_form_permission,
	allowDelete: m.drive_form_delete_in_cloud,
	maximumCacheSize: m.drive_form_label_cache_cap,
	rotationalCache: m.drive_form_label_rotational_cache,
	localCacheEncrypted: m.drive_form_encrypt_local_cache,
	cloudObjectsEncrypted: m.drive_form_encrypt_cloud_copy,
	keepFileAfterUpload: m.drive_form_label_keep_files,
	syncIntervalSeconds: m.drive_form_label_sync_interval,
	objectsPerFolder: m.drive_form_label_objects_per_folder,
	transferOptions: m.drive_form_label_transfer_settings,
	sharedDrive: m.drive_form_label_shared_drive,
	sharedDriveId: m.drive_form_label_shared_drive_id,
	cacheMove: m.drive_form_label_cache_move
});

export const fieldLabel = (field: string) =>
	(Object.hasOwn(FIELD_LABELS, field) ? FIELD_LABELS[field] : undefined) ??
	m.drive_form_label_as_sent({ field });

function transferWords(value: unknown): string {
	const t = transferOptionsSchema.safeParse(value);
	if (!t.success) return JSON.stringify(value) ?? m.drive_form_not_given();
	const { chunkSize, retryCount, concurrentChunks, concurrentFiles } = t.data;
	const parts = [
		typeof chunkSize === 'number'
			? m.drive_form_transfer_chunks({ size: formatBytes(chunkSize) })
			: null,
		typeof retryCount === 'number' ? m.drive_form_transfer_retries({ count: retryCount }) : null,
		typeof concurrentChunks === 'number'
			? m.drive_form_transfer_chunks_at_once({ count: concurrentChunks })
			: null,
		typeof concurrentFiles === 'number'
			? m.drive_form_transfer_files_at_once({ count: concurrentFiles })
			: null
	].filter((p) => p !== null);
	return parts.length ? parts.join(m.drive_form_list_separator()) : m.drive_form_not_given();
}

/** A field's value in words: enums named, sizes and intervals in units, yes or no. */
export function valueWords(field: string, value: unknown): string {
	if (value === null || value === undefined || value === '') return m.drive_form_not_given();
	if (typeof value === 'boolean') return yesNo(value);
	if (typeof value === 'number') {
		if (field === 'driveType') return nameOf(DRIVE_TYPE_NAMES, value);
		if (field === 'syncType') return nameOf(SYNC_TYPE_NAMES, value);
		if (field === 'permissionType') return nameOf(PERMISSION_TYPE_NAMES, value);
		if (field === 'maximumCacheSize') return cacheWords(value);
		if (field === 'syncIntervalSeconds') return intervalWords(value);
		return formatCount(value);
	}
	if (field === 'permanentLocalPath' && value === DRIVE_CONFIG.agentChoosesCache)
		return m.drive_form_chosen_by_agent();
	if (field === 'transferOptions') return transferWords(value);
	if (field === 'cacheMove') {
		const move = cacheMoveOf({ cacheMove: value });
		if (move) return cacheMoveWords(move);
	}
	if (field === 'account' && typeof value === 'object') {
		const a = accountRefSchema.safeParse(value);
		if (a.success && a.data.id !== null && a.data.id !== undefined)
			return accountWords({
				id: String(a.data.id),
				name: null,
				cloudType: a.data.cloudType ?? null
			});
	}
	return typeof value === 'string' ? value : JSON.stringify(value);
}

export type Override = { field: string; label: string; sent: string; stored: string; why: string };

/** Keys in a stable order, so two objects that differ only in order compare equal. */
function stable(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
	if (value && typeof value === 'object')
		return `{${Object.keys(value)
			.sort()
			.map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
			.join(',')}}`;
	return JSON.stringify(value) ?? 'undefined';
}

/** Why the agent stores other than what was sent, for the insert overrides the contract names. */
const OVERRIDE_REASONS: Readonly<Record<string, string>> = words({
	transferOptions: m.drive_form_reason_transfer_profile,
	keepFileAfterUpload: m.drive_form_reason_keep_files
});

/**
 * What the agent stored other than what was sent, each with a sentence saying why: the insert
 * overrides by name, the cache folder it was asked to choose, anything else as its own change.
 * Fields it only filled in (the id, a virtual drive's folder) are not changes.
 */
export function overrides(sent: object, stored: Drive): Override[] {
	const given = sent as Record<string, unknown>;
	const kept = stored as Record<string, unknown>;
	const out: Override[] = [];
	for (const field of new Set([...Object.keys(given), ...Object.keys(OVERRIDE_REASONS)])) {
		if (field === 'account' || !Object.hasOwn(kept, field)) continue;
		const before = given[field];
		const after = kept[field];
		if (stable(before) === stable(after)) continue;
		const why =
			field === 'permanentLocalPath' && before === DRIVE_CONFIG.agentChoosesCache
				? m.drive_form_reason_agent_chose_cache()
				: ((Object.hasOwn(OVERRIDE_REASONS, field) ? OVERRIDE_REASONS[field] : undefined) ??
					(before === undefined ? null : m.drive_form_reason_unsaid()));
		if (!why) continue;
		out.push({
			field,
			label: fieldLabel(field),
			sent: before === undefined ? m.drive_form_not_sent() : valueWords(field, before),
			stored: valueWords(field, after),
			why
		});
	}
	return out;
}

export type Change = { field: string; label: string; was: string; now: string };

/**
 * The fields that differ between the model a form opened with and a fresh read of it, in words:
 * what someone (or something) else changed meanwhile.
 */
export function changedSince(opened: Drive, current: Drive): Change[] {
	const a = opened as Record<string, unknown>;
	const b = current as Record<string, unknown>;
	const out: Change[] = [];
	for (const field of new Set([...Object.keys(a), ...Object.keys(b)])) {
		if (stable(a[field]) === stable(b[field])) continue;
		out.push({
			field,
			label: fieldLabel(field),
			was: valueWords(field, a[field]),
			now: valueWords(field, b[field])
		});
	}
	return out;
}

// ---- what cannot change, and removal ----

export type Locked = { field: string; reason: string; way: string };

/**
 * The fields a change (PUT) may not touch on a stored drive or backup, each with why and how to get
 * there instead. Open in the contract; these are the development agent's answers (it refuses them
 * with 499 LOCKED): the kind, a synced folder's or backup's folder, the encryption, and a virtual
 * drive's cache, which moves in its own step. A virtual drive's letter may change.
 */
export function lockedFields(kind: StorageKind, driveType?: number | null): Locked[] {
	const drive = kind === 'drive';
	const anew = drive ? m.drive_form_lock_anew_drive() : m.drive_form_lock_anew_backup();
	const virtual = drive && driveType !== DRIVE_TYPE.LocalPath;
	const move = m.drive_form_lock_move();
	const locked: Locked[] = [
		{
			field: 'cloudObjectsEncrypted',
			reason: m.drive_form_lock_cloud_encryption(),
			way: anew
		},
		{
			field: 'localCacheEncrypted',
			reason: virtual
				? m.drive_form_lock_cache_encryption_moves()
				: drive
					? m.drive_form_lock_local_encryption_folder()
					: m.drive_form_lock_local_encryption_backup(),
			way: virtual ? move : anew
		}
	];
	if (drive)
		locked.push({
			field: 'driveType',
			reason: m.drive_form_lock_drive_type(),
			way: anew
		});
	if (virtual)
		locked.push({
			field: 'permanentLocalPath',
			reason: m.drive_form_lock_cache_folder(),
			way: move
		});
	else
		locked.push({
			field: 'localPath',
			reason: drive ? m.drive_form_lock_folder_folder() : m.drive_form_lock_folder_backup(),
			way: anew
		});
	return locked;
}

/**
 * What the form's choices mean, a sentence per field, shown beside them: the sync type, the
 * permission, deleting in the cloud, and that encryption is chosen once (said on a new item, as
 * `lockedFields` says it on a stored one).
 */
export function consequences(form: ConfigForm): Partial<Record<string, string>> {
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
	kind: StorageKind,
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
