import type { AgentHttpError, FieldErrors } from '$lib/api/errors';
import type { BackupBody, CacheChange, DriveBody, StorageKind } from '$lib/api/drives';
import { accountRefSchema, transferOptionsSchema } from '$lib/api/schemas/drive-config';
import type { Drive } from '$lib/api/schemas/drives';
import { DRIVE_CONFIG, DRIVE_TYPE, PERMISSION_TYPE, SYNC_TYPE } from '$lib/contract';
import { relatePaths, type PathRelation } from '$lib/folders/paths';
import { formatCount } from '$lib/format/cells';
import { formatBytes } from '$lib/format/units';
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
	if (typeof bytes !== 'number' || !Number.isFinite(bytes)) return 'Not given';
	return bytes <= 0 ? 'No cap' : formatBytes(bytes);
}

const INTERVAL_UNITS = [
	[86400, 'day'],
	[3600, 'hour'],
	[60, 'minute'],
	[1, 'second']
] as const;

/** "every 5 minutes", "every hour", "every 2 days": the largest unit that divides it. */
export function intervalWords(seconds: number | null | undefined): string {
	if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return 'Not given';
	const s = Math.round(seconds);
	const [size, unit] = INTERVAL_UNITS.find(([size]) => s % size === 0) ?? [1, 'second'];
	const n = s / size;
	return n === 1 ? `every ${unit}` : `every ${formatCount(n)} ${unit}s`;
}

/** The intervals a backup's form offers, within the contract's bounds, each in words. */
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
	.map((seconds) => ({ seconds, label: intervalWords(seconds) }));

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

/** "The name and drive letter are left empty: a new drive needs its own." */
export function clearedWords(kind: StorageKind, cleared: readonly string[]): string | null {
	if (!cleared.length) return null;
	const list =
		cleared.length === 1
			? cleared[0]
			: `${cleared.slice(0, -1).join(', ')} and ${cleared[cleared.length - 1]}`;
	const verb = cleared.length === 1 ? 'is' : 'are';
	return `The ${list} ${verb} left empty: a new ${kind} needs its own.`;
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
	const whose = `the ${o.which} of the ${o.kind} "${o.name}"`;
	if (o.relation === 'same') return `This is ${whose} (${o.path}).`;
	if (o.relation === 'inside') return `This folder is inside ${whose} (${o.path}).`;
	return `This folder holds ${whose} (${o.path}).`;
}

function add(errors: FieldErrors, field: string, message: string) {
	(errors[field] ??= []).push(message);
}

function checkCommon(form: ConfigForm, context: CheckContext, errors: FieldErrors) {
	const name = form.name.trim();
	if (!name) add(errors, 'name', `Enter a name for the ${form.kind}.`);
	else if (name.length > DRIVE_CONFIG.nameMax)
		add(errors, 'name', `The name can be at most ${DRIVE_CONFIG.nameMax} characters.`);
	else {
		// The agent takes a name once across drives and backups, in any case.
		const named = (d: Drive) =>
			d.id !== form.id && d.name?.trim().toLowerCase() === name.toLowerCase();
		const drive = context.drives.find(named);
		const backup = context.backups.find(named);
		if (drive) add(errors, 'name', `A drive named "${itemName(drive)}" exists already.`);
		else if (backup) add(errors, 'name', `A backup named "${itemName(backup)}" exists already.`);
	}
	if (!form.accountId.trim()) add(errors, 'account', 'Choose a cloud account, or enter its id.');
	const bucket = form.bucket.trim();
	if (!bucket) add(errors, 'storageName', 'Enter the bucket.');
	else if (!DRIVE_CONFIG.bucketShape.test(bucket))
		add(
			errors,
			'storageName',
			'A bucket name has 3 to 63 lower-case letters, digits, dots and dashes, and starts and ends with a letter or digit.'
		);
	const prefix = form.prefix.trim();
	if (prefix.length > DRIVE_CONFIG.prefixMax)
		add(errors, 'prefix', `The prefix can be at most ${DRIVE_CONFIG.prefixMax} characters.`);
	else if (!DRIVE_CONFIG.prefixShape.test(prefix))
		add(
			errors,
			'prefix',
			'A prefix is folder names of letters, digits, "-", "_" and "." joined by "/", with no "/" first and no "." or ".." as a name.'
		);
}

function checkFolder(
	field: string,
	path: string,
	what: string,
	form: ConfigForm,
	context: CheckContext,
	errors: FieldErrors
) {
	if (!path.trim()) {
		add(errors, field, `Choose ${what}.`);
		return;
	}
	for (const o of overlaps(path, context, form.id)) add(errors, field, overlapWords(o));
	if (field === 'localPath' && context.folderInDrive === true && !errors[field]?.length)
		add(errors, field, 'The agent says this folder is inside one of its drives.');
}

/**
 * What is wrong with the form before anything is sent, per field (wire names): what is missing,
 * the contract's limits and shapes, a letter that is not free, and a folder that is, holds, or
 * lies inside the folder or cache folder of another drive or backup, named.
 */
export function checks(form: ConfigForm, context: CheckContext): FieldErrors {
	const errors: FieldErrors = {};
	checkCommon(form, context, errors);
	if (form.kind === 'backup') {
		checkFolder('localPath', form.localPath, 'the folder to back up', form, context, errors);
		const s = form.intervalSeconds;
		if (
			!Number.isInteger(s) ||
			s < DRIVE_CONFIG.syncIntervalMin ||
			s > DRIVE_CONFIG.syncIntervalMax
		)
			add(
				errors,
				'syncIntervalSeconds',
				`Choose an interval from ${intervalWords(DRIVE_CONFIG.syncIntervalMin)} to ${intervalWords(DRIVE_CONFIG.syncIntervalMax)}.`
			);
		return errors;
	}
	if (form.driveType === DRIVE_TYPE.VirtualDrive) checkLetter(form, context, errors);
	else if (form.driveType === DRIVE_TYPE.LocalPath)
		checkFolder('localPath', form.localPath, 'the folder to sync', form, context, errors);
	else add(errors, 'driveType', 'Choose a drive letter or a synced folder.');
	if (form.driveType === DRIVE_TYPE.VirtualDrive && form.cacheFolder.trim())
		checkFolder('permanentLocalPath', form.cacheFolder, 'a cache folder', form, context, errors);
	if (form.cacheCapped) {
		const bytes = cacheBytes(form);
		if (!Number.isFinite(bytes) || bytes < DRIVE_CONFIG.cacheSizeMin)
			add(
				errors,
				'maximumCacheSize',
				`A cache cap is at least ${formatBytes(DRIVE_CONFIG.cacheSizeMin)}; or leave the cache without a cap.`
			);
	}
	return errors;
}

function checkLetter(form: DriveForm, context: CheckContext, errors: FieldErrors) {
	const letter = form.letter.trim().toUpperCase();
	if (!letter) {
		add(errors, 'driveName', 'Choose a drive letter.');
		return;
	}
	if (letter.length !== 1 || !DRIVE_CONFIG.letters.includes(letter)) {
		add(errors, 'driveName', `A drive letter is one of C to Z.`);
		return;
	}
	const stored = form.id === null ? null : context.drives.find((d) => d.id === form.id);
	if (stored && letterOf(stored.driveName) === letter) return;
	const owner = context.drives.find((d) => d.id !== form.id && letterOf(d.driveName) === letter);
	if (owner)
		add(errors, 'driveName', `${letter}: is the letter of the drive "${itemName(owner)}".`);
	else if (context.freeLetters && !context.freeLetters.some((l) => l.toUpperCase() === letter))
		add(errors, 'driveName', `${letter}: is taken on this computer; choose a free letter.`);
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
		else rest.push(...messages.map((m) => `${key}: ${m}`));
	}
	const placed = new Set(Object.values(error.fieldErrors).flat());
	const coded = error.messages.filter((m) => !placed.has(m));
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
const FIELD_LABELS: Readonly<Record<string, string>> = {
	id: 'Id',
	name: 'Name',
	active: 'Active',
	driveType: 'Kind',
	driveName: 'Drive letter',
	localPath: 'Folder',
	permanentLocalPath: 'Cache folder',
	storageName: 'Bucket',
	storageId: 'Storage id',
	prefix: 'Prefix',
	account: 'Cloud account',
	syncType: 'Sync type',
	permissionType: 'Permission',
	allowDelete: 'Delete in the cloud too',
	maximumCacheSize: 'Cache size cap',
	rotationalCache: 'Rotational cache',
	localCacheEncrypted: 'Encrypt the cache on this computer',
	cloudObjectsEncrypted: 'Encrypt the cloud copy',
	keepFileAfterUpload: 'Keep files after upload',
	syncIntervalSeconds: 'Sync interval',
	objectsPerFolder: 'Objects per folder',
	transferOptions: 'Transfer settings',
	sharedDrive: 'Shared drive',
	sharedDriveId: 'Shared drive id',
	cacheMove: 'Cache move'
};

export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? `${field} (as sent)`;

function transferWords(value: unknown): string {
	const t = transferOptionsSchema.safeParse(value);
	if (!t.success) return JSON.stringify(value) ?? 'Not given';
	const parts = [
		typeof t.data.chunkSize === 'number' ? `${formatBytes(t.data.chunkSize)} chunks` : null,
		typeof t.data.retryCount === 'number' ? `${t.data.retryCount} retries` : null,
		typeof t.data.concurrentChunks === 'number'
			? `${t.data.concurrentChunks} chunks at a time`
			: null,
		typeof t.data.concurrentFiles === 'number' ? `${t.data.concurrentFiles} files at a time` : null
	].filter((p) => p !== null);
	return parts.length ? parts.join(', ') : 'Not given';
}

/** A field's value in words: enums named, sizes and intervals in units, yes or no. */
export function valueWords(field: string, value: unknown): string {
	if (value === null || value === undefined || value === '') return 'Not given';
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
		return 'Chosen by the agent';
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
const OVERRIDE_REASONS: Readonly<Record<string, string>> = {
	transferOptions:
		'The agent puts its standard transfer profile on every new drive and backup, whatever was sent.',
	keepFileAfterUpload:
		'The agent keeps files on this computer after they upload, on every new drive and backup.'
};
const AGENT_CHOSE_CACHE = 'The agent chose the cache folder, as asked.';
const UNSAID = 'The agent changed this on its own and did not say why.';

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
				? AGENT_CHOSE_CACHE
				: (OVERRIDE_REASONS[field] ?? (before === undefined ? null : UNSAID));
		if (!why) continue;
		out.push({
			field,
			label: fieldLabel(field),
			sent: before === undefined ? 'Not sent' : valueWords(field, before),
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
	const anew = `Add a new ${kind} with it, then remove this one.`;
	const virtual = kind === 'drive' && driveType !== DRIVE_TYPE.LocalPath;
	const move = 'Use "Move or resize the cache".';
	const locked: Locked[] = [
		{
			field: 'cloudObjectsEncrypted',
			reason: 'Encryption of the cloud copy is chosen once, when the files are first uploaded.',
			way: anew
		},
		{
			field: 'localCacheEncrypted',
			reason: virtual
				? 'The cache is encrypted anew while the agent moves it, in its own step.'
				: `Encryption of the files kept on this computer is chosen once for a ${kind === 'drive' ? 'synced folder' : 'backup'}.`,
			way: virtual ? move : anew
		}
	];
	if (kind === 'drive')
		locked.push({
			field: 'driveType',
			reason: 'A drive stays a drive letter or a synced folder.',
			way: anew
		});
	if (virtual)
		locked.push({
			field: 'permanentLocalPath',
			reason: 'The cache changes folder in its own step, while the agent moves the files.',
			way: move
		});
	else
		locked.push({
			field: 'localPath',
			reason: `A ${kind === 'drive' ? 'synced folder' : 'backup'} keeps the folder it was made for.`,
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
		out.cloudObjectsEncrypted = `Chosen once: the agent does not change the encryption of the cloud copy later; that takes a new ${form.kind}.`;
		out.localCacheEncrypted =
			form.kind === 'drive' && form.driveType !== DRIVE_TYPE.LocalPath
				? 'It changes later only while the cache moves ("Move or resize the cache").'
				: `Chosen once: the agent does not change it on a ${form.kind === 'drive' ? 'synced folder' : 'backup'} later.`;
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
	const sentences = [
		`The agent stops syncing "${name}" and forgets the ${kind}. The files in the cloud stay.`
	];
	const place = folder?.trim();
	const where =
		kind === 'drive'
			? place
				? `the cache folder ${place}`
				: 'its cache folder'
			: place
				? `its own folder ${place}`
				: 'its own folder';
	const fate = `not uploaded once the ${kind} is removed`;
	const pending = typeof pendingUpload === 'number' && Number.isFinite(pendingUpload);
	if (!pending)
		sentences.push(
			`The console could not read how many files are still to upload. Any not yet uploaded stay in ${where} on this computer; they are ${fate}.`
		);
	else if (pendingUpload > 0)
		sentences.push(
			pendingUpload === 1
				? `1 file not yet uploaded stays in ${where} on this computer; it is ${fate}.`
				: `${formatCount(pendingUpload)} files not yet uploaded stay in ${where} on this computer; they are ${fate}.`
		);
	else sentences.push('Every file is in the cloud.');
	if (typeof cacheSize === 'number' && Number.isFinite(cacheSize) && cacheSize > 0)
		sentences.push(`The cache on this computer holds ${formatBytes(cacheSize)}.`);
	return { sentences, typeName: !pending || pendingUpload > 0 };
}
