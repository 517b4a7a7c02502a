import { m } from '$lib/paraglide/messages';
import type { DriveOrBackupKind } from '$lib/api/drives';
import type { Drive } from '$lib/api/schemas/drives';
import type { ActionWords } from '$lib/actions/action.svelte';
import type { Change, Override } from '$lib/config-form/config-form';
import { DRIVE_TYPE } from '$lib/contract';
import { PERMISSION_TYPE_NAMES, SYNC_TYPE_NAMES } from '$lib/names/enums';
import { accountWords, type KnownAccount } from './accounts';
import { CACHE_UNITS, cacheWords, intervalWords, type DriveOrBackupForm } from './drive-config';
import { fieldLabel, valueWords } from './drive-fields';

/** What the form of a drive or backup says: its confirmations, and what the agent stored. */

const accountName = (f: DriveOrBackupForm, accounts: readonly KnownAccount[]) => {
	const known = accounts.find((a) => a.id === f.accountId.trim());
	return known
		? accountWords(known)
		: accountWords({ id: f.accountId.trim(), name: null, cloudType: f.cloudType });
};

/** The confirmation of a new drive or backup: where it syncs, how, its cache and encryption. */
export function addWords(
	f: DriveOrBackupForm,
	accounts: readonly KnownAccount[],
	say: Partial<Record<string, string>>
): ActionWords {
	const where = {
		bucket: f.bucket.trim(),
		prefix: f.prefix.trim(),
		account: accountName(f, accounts)
	};
	const encrypt = f.cloudObjectsEncrypted
		? f.localCacheEncrypted
			? m.drive_form_encrypt_both()
			: m.drive_form_encrypt_cloud()
		: f.localCacheEncrypted
			? m.drive_form_encrypt_cache()
			: m.drive_form_encrypt_neither();
	if (f.kind === 'backup') {
		const upload = {
			...where,
			folder: f.localPath.trim(),
			interval: intervalWords(f.intervalSeconds)
		};
		return {
			label: m.drive_form_add_backup(),
			title: m.drive_form_add_backup_title({ name: f.name.trim() }),
			consequences: [
				where.prefix
					? m.drive_form_add_backup_text_prefix(upload)
					: m.drive_form_add_backup_text(upload),
				encrypt
			],
			confirm: m.drive_form_add_backup(),
			danger: false,
			done: ''
		};
	}
	const letter = { ...where, letter: f.letter.trim().toUpperCase() };
	const folder = { ...where, folder: f.localPath.trim() };
	const place =
		f.driveType === DRIVE_TYPE.VirtualDrive
			? where.prefix
				? m.drive_form_add_letter_text_prefix(letter)
				: m.drive_form_add_letter_text(letter)
			: where.prefix
				? m.drive_form_add_folder_text_prefix(folder)
				: m.drive_form_add_folder_text(folder);
	const cacheFolder = f.cacheFolder.trim();
	const size = cacheWords(Math.round(f.cacheSize * CACHE_UNITS[f.cacheUnit]));
	const cache = cacheFolder
		? f.cacheCapped
			? m.drive_form_add_cache_folder_cap({ folder: cacheFolder, size })
			: m.drive_form_add_cache_folder_no_cap({ folder: cacheFolder })
		: f.cacheCapped
			? m.drive_form_add_cache_agent_cap({ size })
			: m.drive_form_add_cache_agent_no_cap();
	return {
		label: m.drive_form_add_drive(),
		title: m.drive_form_add_drive_title({ name: f.name.trim() }),
		consequences: [
			place,
			m.drive_form_choice_says({
				name: SYNC_TYPE_NAMES[f.syncType] ?? '',
				text: say.syncType ?? ''
			}),
			m.drive_form_permission_says({
				name: PERMISSION_TYPE_NAMES[f.permissionType] ?? '',
				permission: say.permissionType ?? '',
				allowDelete: say.allowDelete ?? ''
			}),
			cache,
			encrypt
		],
		confirm: m.drive_form_add_drive(),
		danger: false,
		done: ''
	};
}

/** The confirmation of a change: each field from, to, and that nothing else changes. */
export function changeWords(kind: DriveOrBackupKind, name: string, changes: Change[]): ActionWords {
	return {
		label: m.drive_form_save_changes(),
		title:
			kind === 'drive'
				? m.drive_form_change_drive_title({ name })
				: m.drive_form_change_backup_title({ name }),
		consequences: [
			...changes.map((c) => m.drive_form_change_row({ label: c.label, was: c.was, now: c.now })),
			m.drive_form_change_nothing_else()
		],
		confirm: m.drive_form_save_changes(),
		danger: false,
		done: ''
	};
}

const RESULT_FIELDS = [
	'name',
	'driveType',
	'driveName',
	'localPath',
	'permanentLocalPath',
	'maximumCacheSize',
	'account',
	'storageName',
	'prefix',
	'syncType',
	'permissionType',
	'allowDelete',
	'syncIntervalSeconds',
	'cloudObjectsEncrypted',
	'localCacheEncrypted',
	'keepFileAfterUpload',
	'transferOptions'
];

/** The rows of "What the agent stored": each field it has, in words, a known account by name. */
export const storedRows = (model: Drive, accounts: readonly KnownAccount[]) =>
	RESULT_FIELDS.filter((f) => Object.hasOwn(model, f)).map((f) => {
		const account = accounts.find((a) => a.id === String(model.account?.id ?? ''));
		return {
			field: f,
			label: fieldLabel(f),
			value:
				f === 'account' && account
					? accountWords(account)
					: valueWords(f, (model as Record<string, unknown>)[f])
		};
	});

const because = (why: string) => why.charAt(0).toLowerCase() + why.slice(1);

/** "The agent set … to … instead of …, because …". */
export const overrideWords = (o: Override) =>
	o.sent === m.drive_form_not_sent()
		? m.drive_form_override_unsent({ label: o.label, stored: o.stored, why: because(o.why) })
		: m.drive_form_override({
				label: o.label,
				stored: o.stored,
				sent: o.sent,
				why: because(o.why)
			});
