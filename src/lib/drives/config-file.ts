import { m } from '$lib/paraglide/messages';
import {
	backupItemSchema,
	configFileSchema,
	driveItemSchema,
	namedItemSchema,
	type ConfigIssue,
	type ConfigSchema
} from '$lib/api/schemas/config-file';
import type { BackupBody, DriveBody, DriveOrBackupKind } from '$lib/api/drives';
import type { Drive } from '$lib/api/schemas/drives';
import { DRIVE_CONFIG, DRIVE_TYPE, SYNC_TYPE } from '$lib/contract';
import { folderConcern } from '$lib/folders/folder-concerns';
import { maskDeep } from '$lib/mask';
import { fromModel, toBody, type CheckContext } from './drive-config.ts';
import { checks, fieldLabel, valueWords } from './drive-fields.ts';

/**
 * The console's file of drives and backups: exported as what a create takes (no ids, nothing the
 * agent fills in, every string through the mask), read back with each item checked alone, and
 * planned against the agent before anything is sent.
 */

export const CONFIG_FORMAT = 'agent-console-config';
export const CONFIG_VERSION = 1;
/** The largest file the console reads, in bytes. */
export const CONFIG_FILE_MAX = 1024 * 1024;

export type ConfigFile = {
	format: typeof CONFIG_FORMAT;
	version: typeof CONFIG_VERSION;
	exportedAt: string;
	drives: DriveBody[];
	backups: BackupBody[];
};

/** The cache folder the agent chose holds the item's id: a new item gets its own instead. */
const agentChoseCache = (d: Drive) =>
	!d.permanentLocalPath || (d.id !== '' && d.permanentLocalPath.includes(d.id));

/** A cap kept to the byte (the form rounds it to its units). */
const exactCap = (sent: unknown, fallback: number) =>
	typeof sent === 'number' && Number.isFinite(sent) && sent > 0 ? Math.round(sent) : fallback;

function exportDrive(d: Drive): DriveBody {
	const body = toBody(fromModel(d, 'drive').form);
	if (agentChoseCache(d)) body.permanentLocalPath = DRIVE_CONFIG.agentChoosesCache;
	body.maximumCacheSize = exactCap(d.maximumCacheSize, body.maximumCacheSize);
	return maskDeep(body) as DriveBody;
}

/** Every drive and backup as a file: the format, its version, when, and the create bodies. */
export function exportConfig(
	drives: readonly Drive[],
	backups: readonly Drive[],
	now: Date = new Date()
): ConfigFile {
	return {
		format: CONFIG_FORMAT,
		version: CONFIG_VERSION,
		exportedAt: now.toISOString(),
		drives: drives.map(exportDrive),
		backups: backups.map((b) => maskDeep(toBody(fromModel(b, 'backup').form)) as BackupBody)
	};
}

export type ImportItem =
	| { kind: 'drive'; row: number; body: DriveBody }
	| { kind: 'backup'; row: number; body: BackupBody };

/** An item the console could not read, by its place in the file (row counts from 1). */
export type RowProblem = {
	kind: DriveOrBackupKind;
	row: number;
	name: string | null;
	problem: string;
};

export type ParsedConfig = {
	items: ImportItem[];
	rows: RowProblem[];
	/** Why the file as a whole cannot be read; items and rows are empty then. */
	error: string | null;
};

const fail = (error: string): ParsedConfig => ({ items: [], rows: [], error });

function issuesWords(issues: readonly ConfigIssue[]): string {
	return issues
		.slice(0, 3)
		.map((i) =>
			m.drive_form_labelled({
				label: i.path.length ? i.path.join('.') : m.drive_form_file_the_item(),
				text: i.message
			})
		)
		.join(m.drive_form_issue_separator());
}

function rowName(value: unknown): string | null {
	const parsed = namedItemSchema.safeParse(value);
	return parsed.success ? parsed.data.name : null;
}

/**
 * A file's text read as items to create, never thrown: the whole file refused in words (too
 * large, not JSON, not this format, another version), or each item read alone, an odd one said
 * by its row. Every string is masked as it enters, as the agent's answers are.
 */
export function parseConfig(text: string): ParsedConfig {
	const bytes = new TextEncoder().encode(text).length;
	if (bytes > CONFIG_FILE_MAX)
		return fail(m.drive_form_file_too_large({ size: CONFIG_FILE_MAX / 1024 / 1024 }));
	let value: unknown;
	try {
		value = maskDeep(JSON.parse(text));
	} catch {
		return fail(m.drive_form_file_not_json());
	}
	const file = configFileSchema.safeParse(value);
	if (!file.success || file.data.format !== CONFIG_FORMAT)
		return fail(m.drive_form_file_not_ours());
	if (file.data.version !== CONFIG_VERSION)
		return fail(
			m.drive_form_file_version({
				version: JSON.stringify(file.data.version) ?? m.drive_form_file_version_none(),
				supported: CONFIG_VERSION
			})
		);
	const items: ImportItem[] = [];
	const rows: RowProblem[] = [];
	// Each row read alone: an odd one is reported by its number, the others still come.
	const read = <T>(
		kind: DriveOrBackupKind,
		list: unknown[] | undefined,
		schema: ConfigSchema<T>,
		item: (value: T, row: number) => ImportItem
	) =>
		(list ?? []).forEach((raw, i) => {
			const parsed = schema.safeParse(raw);
			if (parsed.success) items.push(item(parsed.data, i + 1));
			else
				rows.push({
					kind,
					row: i + 1,
					name: rowName(raw),
					problem: issuesWords(parsed.error.issues)
				});
		});
	read('drive', file.data.drives, driveItemSchema, (data, row) => {
		const body = toBody({ ...fromModel({ ...data, id: '' }, 'drive').form, id: null });
		body.maximumCacheSize = exactCap(data.maximumCacheSize, body.maximumCacheSize);
		return { kind: 'drive', row, body };
	});
	read('backup', file.data.backups, backupItemSchema, (data, row) => ({
		kind: 'backup',
		row,
		body: toBody({ ...fromModel({ ...data, id: '' }, 'backup').form, id: null })
	}));
	if (!items.length && !rows.length) return fail(m.drive_form_file_empty());
	return { items, rows, error: null };
}

/** One setting of an item, in the form's words: "Sync type: Mirror (everything kept…)". */
export type Setting = { field: string; label: string; value: string };

/**
 * Every setting of an item that decides what it does, in the words the form uses: where on this
 * computer, the cache, the bucket and account, how it syncs, what it may delete, the encryption.
 */
export function itemSettings(item: ImportItem): Setting[] {
	const said = (field: string, value: unknown, label = fieldLabel(field)): Setting => ({
		field,
		label,
		value: valueWords(field, value)
	});
	const b = item.body;
	const cloud = [
		said('storageName', b.storageName),
		said('prefix', b.prefix),
		said('account', b.account)
	];
	const encryption = [
		said('localCacheEncrypted', b.localCacheEncrypted),
		said('cloudObjectsEncrypted', b.cloudObjectsEncrypted)
	];
	if (item.kind === 'backup')
		return [
			said('localPath', item.body.localPath),
			...cloud,
			said('syncIntervalSeconds', item.body.syncIntervalSeconds),
			...encryption
		];
	const d = item.body;
	const virtual = d.driveType === DRIVE_TYPE.VirtualDrive;
	return [
		said('driveType', d.driveType),
		virtual
			? said('driveName', d.driveName ? `${d.driveName}:` : '')
			: said('localPath', d.localPath),
		virtual
			? said('permanentLocalPath', d.permanentLocalPath)
			: { ...said('permanentLocalPath', ''), value: m.drives_import_cache_own_folder() },
		said('maximumCacheSize', d.maximumCacheSize),
		...cloud,
		said('syncType', d.syncType),
		said('permissionType', d.permissionType),
		said('allowDelete', d.allowDelete),
		...encryption
	];
}

/** The folders of an item this computer gives it, by field: its own and its cache. */
function itemFolders(item: ImportItem): [field: string, path: string][] {
	if (item.kind === 'backup') return [['localPath', item.body.localPath]];
	const d = item.body;
	if (d.driveType !== DRIVE_TYPE.VirtualDrive) return [['localPath', d.localPath ?? '']];
	const cache = d.permanentLocalPath ?? '';
	return cache === DRIVE_CONFIG.agentChoosesCache ? [] : [['permanentLocalPath', cache]];
}

function concernWords(field: string, path: string): string | null {
	const concern = folderConcern(path, field === 'permanentLocalPath' ? 'cache' : undefined);
	if (!concern) return null;
	const inputs = { label: fieldLabel(field), path, folder: concern.folder };
	if (concern.kind === 'system') return m.drives_import_flag_system(inputs);
	if (concern.kind === 'profile-root') return m.drives_import_flag_profile(inputs);
	return m.drives_import_flag_network(inputs);
}

/**
 * Why an item should be read before it is created, in words, each naming its field: a folder
 * that is the system's, a profile's root or on the network; a bucket none of the agent's drives
 * or backups uses yet; a mirror with delete allowed, whatever its permission (delete stays
 * allowed when the permission is later changed). Empty when nothing stands out.
 */
export function itemFlags(
	item: ImportItem,
	context: Pick<CheckContext, 'drives' | 'backups'>
): string[] {
	const flags = itemFolders(item)
		.map(([field, path]) => concernWords(field, path))
		.filter((f) => f !== null);
	const bucket = item.body.storageName.trim();
	const used = [...context.drives, ...context.backups].some(
		(d) => d.storageName?.trim().toLowerCase() === bucket.toLowerCase()
	);
	if (bucket && !used) flags.push(m.drives_import_flag_new_bucket({ bucket }));
	if (
		item.kind === 'drive' &&
		item.body.syncType === SYNC_TYPE.Mirror &&
		item.body.allowDelete === true
	)
		flags.push(m.drives_import_flag_mirror_delete());
	return flags;
}

export type PlannedItem = {
	item: ImportItem;
	action: 'create' | 'conflict';
	/** Why it conflicts, in words, each naming its field: "Drive letter: G: is the letter of…". */
	reasons: string[];
	/** Every setting it would be created with, in words. */
	settings: Setting[];
	/** Why it is left unticked until the user ticks it, in words; empty when it is ticked. */
	flags: string[];
	/** Whether it is to be created unless the user says otherwise: a creatable row, not flagged. */
	ticked: boolean;
};

/** An item's key in a plan: its kind and row, which a file holds once. */
export const importKey = (item: ImportItem) => `${item.kind}:${item.row}`;

/**
 * What importing each item would do, before anything is sent: create it, or not, because its
 * letter is taken, its folder is another's, its name exists, or it breaks a limit, said in words;
 * with every setting it would be created with, and why it is flagged. A flagged row starts
 * unticked; `chosen` holds the user's ticks by `importKey`, over the defaults. Ticked items count
 * for the ones after them, so two items of one file that want the same letter or folder conflict.
 */
export function planImport(
	items: readonly ImportItem[],
	context: CheckContext,
	chosen: Readonly<Record<string, boolean>> = {}
): PlannedItem[] {
	const drives = [...context.drives];
	const backups = [...context.backups];
	const free = context.freeLetters ? [...context.freeLetters] : null;
	return items.map((item, i) => {
		const settings = itemSettings(item);
		const flags = itemFlags(item, context);
		const model: Drive = { ...item.body, id: '' };
		const form =
			item.kind === 'drive'
				? { ...fromModel(model, 'drive').form, id: null }
				: { ...fromModel(model, 'backup').form, id: null };
		const errors = checks(form, { drives, backups, freeLetters: free });
		const reasons = Object.entries(errors).flatMap(([field, messages]) =>
			messages.map((text) => m.drive_form_labelled({ label: fieldLabel(field), text }))
		);
		if (reasons.length)
			return { item, action: 'conflict', reasons, settings, flags, ticked: false };
		const ticked = chosen[importKey(item)] ?? !flags.length;
		if (!ticked) return { item, action: 'create', reasons, settings, flags, ticked };
		// Planned as made: it holds its name, letter and folders for the items after it.
		const placeholder: Drive = {
			...item.body,
			id: `import:${i}`,
			permanentLocalPath:
				'permanentLocalPath' in item.body &&
				item.body.permanentLocalPath !== DRIVE_CONFIG.agentChoosesCache
					? item.body.permanentLocalPath
					: null
		};
		if (item.kind === 'drive') {
			drives.push(placeholder);
			if (item.body.driveType === DRIVE_TYPE.VirtualDrive && free) {
				const at = free.findIndex((l) => l.toUpperCase() === item.body.driveName);
				if (at >= 0) free.splice(at, 1);
			}
		} else backups.push(placeholder);
		return { item, action: 'create', reasons, settings, flags, ticked };
	});
}
