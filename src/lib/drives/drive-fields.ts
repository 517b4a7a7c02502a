import { m } from '$lib/paraglide/messages';
import type { AgentHttpError, FieldErrors } from '$lib/api/errors';
import type { DriveOrBackupKind } from '$lib/api/drives';
import { accountRefSchema, transferOptionsSchema } from '$lib/api/schemas/drive-config';
import type { Drive } from '$lib/api/schemas/drives';
import {
	changedSince as changesBetween,
	fieldOf,
	labelOf,
	lockedOf,
	overrides as overridesOf,
	placeRefusal,
	runChecks,
	type Change,
	type FieldTable,
	type Locked,
	type Override
} from '$lib/config-form/config-form';
import { DRIVE_CONFIG, DRIVE_TYPE } from '$lib/contract';
import { relatePaths } from '$lib/folders/paths';
import { formatCount } from '$lib/format/cells';
import { formatBytes } from '$lib/format/units';
import { words } from '$lib/i18n/words';
import {
	DRIVE_TYPE_NAMES,
	PERMISSION_TYPE_NAMES,
	SYNC_TYPE_NAMES,
	nameOf,
	yesNo
} from '$lib/names/enums';
import { accountWords, itemName } from './accounts';
import { cacheMoveOf, cacheMoveWords } from './cache-move';
import {
	cacheBytes,
	cacheWords,
	folderProblems,
	intervalWords,
	letterOf,
	newBackupForm,
	newDriveForm,
	overlapWords,
	overlaps,
	type BackupForm,
	type CheckContext,
	type DriveForm,
	type DriveOrBackupForm,
	type FolderRole
} from './drive-config';

/**
 * A drive's or a backup's fields as the configuration-form recipe takes them
 * (`src/lib/config-form/`): each field's label, card, why a change may not touch it, and its
 * checks; and from them the labels, the checks, what is locked, the agent's refusals, what it
 * changed on its own and what changed elsewhere.
 */

type Ctx = CheckContext;
const isDrive = (f: DriveOrBackupForm): f is DriveForm => f.kind === 'drive';
const isBackup = (f: DriveOrBackupForm): f is BackupForm => f.kind === 'backup';
const isVirtual = (f: DriveOrBackupForm) => isDrive(f) && f.driveType !== DRIVE_TYPE.LocalPath;
/** A change made anew: what a locked field says the way there is. */
const anew = (f: DriveOrBackupForm) =>
	isDrive(f) ? m.drive_form_lock_anew_drive() : m.drive_form_lock_anew_backup();

/** The stored drive or backup the form changes, or null for a new one. */
const storedOf = (form: DriveOrBackupForm, context: Ctx) =>
	form.id === null
		? null
		: ((isDrive(form) ? context.drives : context.backups).find((d) => d.id === form.id) ?? null);

function checkName(form: DriveOrBackupForm, context: Ctx): string[] {
	const name = form.name.trim();
	if (!name)
		return [isDrive(form) ? m.drive_form_name_missing_drive() : m.drive_form_name_missing_backup()];
	if (name.length > DRIVE_CONFIG.nameMax)
		return [m.drive_form_name_long({ max: DRIVE_CONFIG.nameMax })];
	// The agent takes a name once across drives and backups, in any case.
	const named = (d: Drive) =>
		d.id !== form.id && d.name?.trim().toLowerCase() === name.toLowerCase();
	const drive = context.drives.find(named);
	if (drive) return [m.drive_form_name_taken_drive({ name: itemName(drive) })];
	const backup = context.backups.find(named);
	return backup ? [m.drive_form_name_taken_backup({ name: itemName(backup) })] : [];
}

function checkBucket(form: DriveOrBackupForm): string[] {
	const bucket = form.bucket.trim();
	if (!bucket) return [m.drive_form_bucket_missing()];
	return DRIVE_CONFIG.bucketShape.test(bucket) ? [] : [m.drive_form_bucket_shape()];
}

function checkPrefix(form: DriveOrBackupForm): string[] {
	const prefix = form.prefix.trim();
	if (prefix.length > DRIVE_CONFIG.prefixMax)
		return [m.drive_form_prefix_long({ max: DRIVE_CONFIG.prefixMax })];
	return DRIVE_CONFIG.prefixShape.test(prefix) ? [] : [m.drive_form_prefix_shape()];
}

/**
 * A folder: given, not judged again when it is the stored one (a change may keep it), not one to
 * take over (`folderProblems`), not the folder or cache of another drive or backup, and for a
 * synced folder or a backup not inside a drive (the agent said so).
 */
function checkFolder(
	field: 'localPath' | 'permanentLocalPath',
	path: string,
	role: FolderRole,
	missing: () => string,
	form: DriveOrBackupForm,
	context: Ctx
): string[] {
	if (!path.trim()) return [missing()];
	const out: string[] = [];
	const stored = storedOf(form, context)?.[field];
	if (!stored || relatePaths(path, stored) !== 'same') out.push(...folderProblems(path, role));
	for (const o of overlaps(path, context, form.id)) out.push(overlapWords(o));
	if (field === 'localPath' && context.folderInDrive === true && !out.length)
		out.push(m.drive_form_folder_in_drive());
	return out;
}

function checkLetter(form: DriveForm, context: Ctx): string[] {
	const letter = form.letter.trim().toUpperCase();
	if (!letter) return [m.drive_form_letter_missing()];
	if (letter.length !== 1 || !DRIVE_CONFIG.letters.includes(letter))
		return [m.drive_form_letter_shape()];
	const stored = form.id === null ? null : context.drives.find((d) => d.id === form.id);
	if (stored && letterOf(stored.driveName) === letter) return [];
	const owner = context.drives.find((d) => d.id !== form.id && letterOf(d.driveName) === letter);
	if (owner) return [m.drive_form_letter_owned({ letter, name: itemName(owner) })];
	if (context.freeLetters && !context.freeLetters.some((l) => l.toUpperCase() === letter))
		return [m.drive_form_letter_taken_here({ letter })];
	return [];
}

function checkInterval(form: BackupForm): string[] {
	const s = form.intervalSeconds;
	if (Number.isInteger(s) && s >= DRIVE_CONFIG.syncIntervalMin && s <= DRIVE_CONFIG.syncIntervalMax)
		return [];
	return [
		m.drive_form_interval_range({
			min: intervalWords(DRIVE_CONFIG.syncIntervalMin),
			max: intervalWords(DRIVE_CONFIG.syncIntervalMax)
		})
	];
}

/**
 * Every field of a drive or backup, in the form's order; those without a card are fields of the
 * model the form does not show, here for their labels. Locks are the development agent's answers
 * (it refuses them with 499 LOCKED; open in the contract): the kind, a synced folder's or backup's
 * folder, the encryption, and a virtual drive's cache, which moves in its own step. A virtual
 * drive's letter may change.
 */
export const DRIVE_OR_BACKUP_FIELDS: FieldTable<DriveOrBackupForm, Ctx> = [
	{ key: 'name', label: m.drive_form_name, section: 'what', check: checkName },
	{
		key: 'driveType',
		label: m.drive_form_kind,
		section: 'what',
		shown: isDrive,
		lockedOnEdit: (f) => ({ reason: m.drive_form_lock_drive_type(), way: anew(f) }),
		check: (f) =>
			isDrive(f) && f.driveType !== DRIVE_TYPE.VirtualDrive && f.driveType !== DRIVE_TYPE.LocalPath
				? [m.drive_form_drive_type_missing()]
				: []
	},
	{
		key: 'driveName',
		label: m.drive_form_drive_letter,
		section: 'what',
		shown: (f) => isDrive(f) && f.driveType === DRIVE_TYPE.VirtualDrive,
		check: (f, context) => (isDrive(f) ? checkLetter(f, context) : [])
	},
	{
		key: 'localPath',
		label: m.drive_form_label_folder,
		section: 'what',
		shown: (f) => isBackup(f) || f.driveType === DRIVE_TYPE.LocalPath,
		lockedOnEdit: (f) =>
			isVirtual(f)
				? null
				: {
						reason: isDrive(f)
							? m.drive_form_lock_folder_folder()
							: m.drive_form_lock_folder_backup(),
						way: anew(f)
					},
		check: (f, context) =>
			isBackup(f)
				? checkFolder(
						'localPath',
						f.localPath,
						'backup',
						m.drive_form_choose_backup_folder,
						f,
						context
					)
				: checkFolder('localPath', f.localPath, 'sync', m.drive_form_choose_sync_folder, f, context)
	},
	{
		key: 'account',
		label: m.drive_form_cloud_account,
		section: 'cloud',
		check: (f) => (f.accountId.trim() ? [] : [m.drive_form_account_missing()])
	},
	{
		key: 'storageName',
		label: m.drive_form_bucket,
		section: 'cloud',
		check: checkBucket
	},
	{
		key: 'prefix',
		label: m.drive_form_label_prefix,
		section: 'cloud',
		check: checkPrefix
	},
	{
		key: 'syncType',
		label: m.drive_form_sync_type,
		section: 'sync',
		shown: isDrive
	},
	{
		key: 'permissionType',
		label: m.drive_form_permission,
		section: 'sync',
		shown: isDrive
	},
	{
		key: 'allowDelete',
		label: m.drive_form_delete_in_cloud,
		section: 'sync',
		shown: isDrive
	},
	{
		key: 'maximumCacheSize',
		label: m.drive_form_label_cache_cap,
		section: 'sync',
		shown: isDrive,
		check: (f) => {
			if (!isDrive(f) || !f.cacheCapped) return [];
			const bytes = cacheBytes(f);
			return Number.isFinite(bytes) && bytes >= DRIVE_CONFIG.cacheSizeMin
				? []
				: [m.drive_form_cache_cap_small({ size: formatBytes(DRIVE_CONFIG.cacheSizeMin) })];
		}
	},
	{
		key: 'permanentLocalPath',
		label: m.drive_form_cache_folder,
		section: 'sync',
		shown: (f) => isDrive(f) && f.driveType === DRIVE_TYPE.VirtualDrive,
		lockedOnEdit: () => ({
			reason: m.drive_form_lock_cache_folder(),
			way: m.drive_form_lock_move()
		}),
		check: (f, context) =>
			isDrive(f) && f.cacheFolder.trim()
				? checkFolder(
						'permanentLocalPath',
						f.cacheFolder,
						'cache',
						m.drive_form_choose_cache_folder,
						f,
						context
					)
				: []
	},
	{
		key: 'syncIntervalSeconds',
		label: m.drive_form_label_sync_interval,
		section: 'sync',
		shown: isBackup,
		check: (f) => (isBackup(f) ? checkInterval(f) : [])
	},
	{
		key: 'cloudObjectsEncrypted',
		label: m.drive_form_encrypt_cloud_copy,
		section: 'encryption',
		lockedOnEdit: (f) => ({ reason: m.drive_form_lock_cloud_encryption(), way: anew(f) })
	},
	{
		key: 'localCacheEncrypted',
		label: m.drive_form_encrypt_local_cache,
		section: 'encryption',
		lockedOnEdit: (f) =>
			isVirtual(f)
				? { reason: m.drive_form_lock_cache_encryption_moves(), way: m.drive_form_lock_move() }
				: {
						reason: isDrive(f)
							? m.drive_form_lock_local_encryption_folder()
							: m.drive_form_lock_local_encryption_backup(),
						way: anew(f)
					}
	},
	{ key: 'id', label: m.drive_form_label_id },
	{ key: 'active', label: m.drive_form_label_active },
	{ key: 'storageId', label: m.drive_form_label_storage_id },
	{ key: 'rotationalCache', label: m.drive_form_label_rotational_cache },
	{ key: 'keepFileAfterUpload', label: m.drive_form_label_keep_files },
	{ key: 'objectsPerFolder', label: m.drive_form_label_objects_per_folder },
	{ key: 'transferOptions', label: m.drive_form_label_transfer_settings },
	{ key: 'sharedDrive', label: m.drive_form_label_shared_drive },
	{ key: 'sharedDriveId', label: m.drive_form_label_shared_drive_id },
	{ key: 'cacheMove', label: m.drive_form_label_cache_move }
];

/** The fields the form shows (those with a card): the agent's field errors are matched to them. */
const FORM_FIELDS = DRIVE_OR_BACKUP_FIELDS.filter((s) => s.section).map((s) => s.key);

/** A field of a drive or backup model in words; one this console does not know "name (as sent)". */
export const fieldLabel = (field: string) =>
	labelOf(DRIVE_OR_BACKUP_FIELDS, field, (f) => m.drive_form_label_as_sent({ field: f }));

/**
 * What is wrong with the form before anything is sent, per field (wire names): what is missing,
 * the contract's limits and shapes, a letter that is not free, and a folder that is, holds, or
 * lies inside the folder or cache folder of another drive or backup (named, in any spelling), or
 * that it should not take over (`folderProblems`). `locked`: fields not checked (a change leaves
 * them as stored).
 */
export function checks(
	form: DriveOrBackupForm,
	context: Ctx,
	locked?: ReadonlySet<string>
): FieldErrors {
	return runChecks(DRIVE_OR_BACKUP_FIELDS, form, context, locked);
}

/**
 * The fields a change (PUT) may not touch on a stored drive or backup, each with why and how to
 * get there instead.
 */
export function lockedFields(kind: DriveOrBackupKind, driveType?: number | null): Locked[] {
	const form =
		kind === 'drive'
			? { ...newDriveForm(), driveType: driveType ?? DRIVE_TYPE.VirtualDrive }
			: newBackupForm();
	return lockedOf(DRIVE_OR_BACKUP_FIELDS, form);
}

// ---- the agent's refusals ----

/** "DriveName", "$.driveName", "request.driveName" and "Account.Id" as the form's field, or null. */
const formField = (key: string) =>
	/^(.*\.)?account(\.|$)/.test(key.replace(/^\$\./, '').toLowerCase())
		? 'account'
		: fieldOf(key, FORM_FIELDS);

/**
 * Where the agent's refusal goes in the form: its field errors beside the fields they name (in any
 * spelling), a DUPLICATE beside the name and a SECURITY beside the folder the form sent, and the
 * rest as one sentence for the form. For FormState's `explain`.
 */
export function agentRefusal(
	error: AgentHttpError,
	form: DriveOrBackupForm
): { fieldErrors: FieldErrors; text: string | null } {
	const folder =
		isBackup(form) || form.driveType === DRIVE_TYPE.LocalPath
			? 'localPath'
			: form.cacheFolder.trim()
				? 'permanentLocalPath'
				: null;
	// A code whose messages sit under the code, not a field, names none: the likely one is guessed.
	const { fieldErrors, text } = placeRefusal(error, formField, (code, coded, nothingPlaced) => {
		const target = code === 'DUPLICATE' ? 'name' : code === 'SECURITY' ? folder : null;
		return target && (coded.length || nothingPlaced) ? target : null;
	});
	return { fieldErrors, text };
}

// ---- what the agent stored, and what changed elsewhere ----

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
	return overridesOf(
		sent,
		stored,
		{
			label: fieldLabel,
			value: valueWords,
			notSent: m.drive_form_not_sent,
			why: (field, before) =>
				field === 'account'
					? null
					: field === 'permanentLocalPath' && before === DRIVE_CONFIG.agentChoosesCache
						? m.drive_form_reason_agent_chose_cache()
						: ((Object.hasOwn(OVERRIDE_REASONS, field) ? OVERRIDE_REASONS[field] : undefined) ??
							(before === undefined ? null : m.drive_form_reason_unsaid()))
		},
		Object.keys(OVERRIDE_REASONS)
	);
}

/**
 * The fields that differ between the model a form opened with and a fresh read of it, in words:
 * what someone (or something) else changed meanwhile.
 */
export const changedSince = (opened: Drive, current: Drive): Change[] =>
	changesBetween(opened, current, { label: fieldLabel, value: valueWords });
