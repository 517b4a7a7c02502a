import { AUTH_PROVIDER, FILE_STATE, USER_STATUS, USER_TYPE } from '../contract.ts';
import { names, unknownValue, type Names } from './shell.ts';
import { words } from '$lib/i18n/words';
import { m } from '$lib/paraglide/messages';
import { formatList } from '$lib/format/lists';

export { unknownValue, type Names };

/**
 * The words for each of the agent's enums, for people: one table per enum, named after it
 * (`FILE_STATE` -> `FILE_STATE_NAMES`), and readers that never fail on a value this console does
 * not know: it reads "Unknown (n)". The numbers are contract.ts's, and names.spec.ts checks that
 * each of them has words here or in shell.ts. Enums the contract does not hold yet are keyed by the agent's
 * numbers, as agent-api.md gives them.
 */

export const USER_TYPE_NAMES: Names = names({
	[USER_TYPE.ProviderAdmin]: m.words_user_type_provider_admin,
	[USER_TYPE.ResellerAdmin]: m.words_user_type_reseller_admin,
	[USER_TYPE.AccountAdmin]: m.words_user_type_account_admin,
	[USER_TYPE.AccountUser]: m.words_user_type_account_user,
	[USER_TYPE.DesktopAdmin]: m.words_user_type_desktop_admin,
	[USER_TYPE.DesktopCreativeUser]: m.words_user_type_desktop_creative,
	[USER_TYPE.DesktopStandardUser]: m.words_user_type_desktop_standard
});

export const USER_STATUS_NAMES: Names = names({
	[USER_STATUS.Active]: m.words_user_status_active,
	[USER_STATUS.Inactive]: m.words_user_status_inactive,
	[USER_STATUS.Pending]: m.words_user_status_pending
});

export const AUTH_PROVIDER_NAMES: Names = names({
	[AUTH_PROVIDER.Default]: m.words_auth_default,
	[AUTH_PROVIDER.Google]: () => 'Google',
	[AUTH_PROVIDER.EntraId]: () => 'Entra ID',
	[AUTH_PROVIDER.Okta]: () => 'Okta',
	[AUTH_PROVIDER.Saml]: () => 'SAML',
	[AUTH_PROVIDER.External]: m.words_auth_external
});

/** SubscriptionType: the account's billing period. */
export const SUBSCRIPTION_TYPE_NAMES: Names = names({
	1: m.words_subscription_monthly,
	2: m.words_subscription_yearly
});

export const FILE_STATE_NAMES: Names = names({
	// One word for a file with nothing to do, on the events page and a drive's page alike.
	[FILE_STATE.Normal]: m.words_file_in_sync,
	[FILE_STATE.Temporary]: m.words_file_temporary,
	[FILE_STATE.Downloading]: m.words_file_downloading,
	[FILE_STATE.Uploading]: m.words_file_uploading,
	[FILE_STATE.Deleting]: m.words_file_deleting,
	[FILE_STATE.Ignore]: m.words_file_ignore,
	[FILE_STATE.RenameDeleting]: m.words_file_rename_deleting,
	[FILE_STATE.Deleted]: m.words_file_deleted,
	[FILE_STATE.Reading]: m.words_file_reading,
	// German says it "Fehlerhaft": every flag's word reads right in lower case after the first.
	[FILE_STATE.Error]: m.words_file_error
});

/**
 * A file's whole state in the words of a drive's health tiles, one word per state everywhere (the
 * tiles, the files filter and rows, the breakdown, the events): the states a file spends its time
 * in. Other combinations are said flag by flag (`fileStateWords`).
 */
export const FILE_STATE_WORDS: Names = names({
	[FILE_STATE.Normal]: m.words_file_in_sync,
	[FILE_STATE.Uploading]: m.words_file_waiting_upload,
	[FILE_STATE.Uploading | FILE_STATE.Reading]: m.words_file_uploading_now,
	[FILE_STATE.Downloading]: m.words_file_waiting_download,
	[FILE_STATE.Downloading | FILE_STATE.Reading]: m.words_file_downloading_now,
	[FILE_STATE.Deleting]: m.words_file_being_deleted,
	[FILE_STATE.Error]: m.words_file_with_errors
});

/** A FileState number in words: the tiles' word for a whole state, else each flag's name. */
export function fileStateWords(state: number): string {
	if (Object.hasOwn(FILE_STATE_WORDS, state)) return FILE_STATE_WORDS[state]!;
	return formatList(
		flagNames(FILE_STATE_NAMES, state).map((n, i) => (i === 0 ? n : n.toLowerCase()))
	);
}

/**
 * `object_status`' sequential numbering in words. It cannot tell a file waiting to upload from
 * one uploading now, so its words say both.
 */
export const OBJECT_STATUS_NAMES: Names = names({
	0: m.words_file_in_sync,
	1: m.words_object_upload,
	2: m.words_object_download,
	3: m.words_object_being_read,
	4: m.words_file_being_deleted,
	5: m.words_file_deleted,
	6: m.words_object_ignored,
	7: m.words_object_being_encrypted,
	8: m.words_object_being_decrypted,
	9: m.words_object_being_renamed,
	10: m.words_file_with_errors
});

/** CloudType flags: the cloud service a drive or backup uses. */
export const CLOUD_TYPE_NAMES: Names = names({
	1: () => 'Amazon S3',
	2: () => 'Wasabi',
	4: () => 'Azure',
	8: m.words_cloud_s3_compatible,
	16: () => 'Google Cloud',
	32: () => 'Frame.io',
	64: () => 'Cloudflare R2',
	128: () => 'Dropbox',
	256: () => 'Box',
	512: () => 'OneDrive',
	1024: () => 'Google Drive',
	2048: m.words_cloud_local_http,
	4096: m.words_cloud_fastr_server,
	8192: () => 'Atmosphere'
});

export const DRIVE_TYPE_NAMES: Names = names({
	1: m.words_drive_type_letter,
	2: m.words_drive_type_folder
});

export const SYNC_TYPE_NAMES: Names = names({
	1: m.words_sync_type_stream,
	2: m.words_sync_type_mirror
});

export const PERMISSION_TYPE_NAMES: Names = names({
	1: m.words_permission_read,
	2: m.words_permission_read_write
});

/** What choosing each sync type means, in a sentence, beside the choice in a drive's form. */
export const SYNC_TYPE_CONSEQUENCES: Names = names({
	1: m.words_sync_type_stream_means,
	2: m.words_sync_type_mirror_means
});

/** What each permission means, in a sentence. */
export const PERMISSION_TYPE_CONSEQUENCES: Names = names({
	1: m.words_permission_read_means,
	2: m.words_permission_read_write_means
});

/** What allowing deletes means (`allowDelete`); it takes effect with read and write only. */
export const ALLOW_DELETE_CONSEQUENCES = words({
	yes: m.words_allow_delete_yes,
	no: m.words_allow_delete_no,
	readOnly: m.words_allow_delete_read_only
});

/** TransferStatus flags of a transfer history entry. */
export const TRANSFER_STATUS_NAMES: Names = names({
	1: m.words_transfer_created,
	2: m.words_transfer_running,
	4: m.words_transfer_completed,
	8: m.words_transfer_canceled,
	16: m.words_transfer_failed,
	32: m.words_transfer_canceling,
	64: m.words_transfer_pausing,
	128: m.words_transfer_paused
});

/**
 * TransferType flags of a current transfer (`transfer/get_all`). What starts each kind is open in
 * the contract; the words stay close to the agent's names.
 */
export const TRANSFER_TYPE_NAMES: Names = names({
	1: m.events_transfer,
	2: m.words_transfer_type_sync,
	4: m.words_transfer_type_initial_sync,
	8: m.words_transfer_type_manual
});

/** TransferHistoryDirection. */
export const TRANSFER_DIRECTION_NAMES: Names = names({
	1: m.words_direction_upload,
	2: m.words_direction_download
});

/**
 * TransferMode of a Progress frame. The agent may send it as a name or a number (open in the
 * contract); numbers are read in the order the contract lists the names (Upload, Download,
 * Encrypt, Decrypt), counted from 1 like TransferHistoryDirection: an inference, said as one.
 */
export const TRANSFER_MODE_NAMES: Names = names({
	1: m.words_direction_upload,
	2: m.words_direction_download,
	3: m.words_mode_encrypt,
	4: m.words_mode_decrypt
});

/** The agent's names of the transfer modes (compared in lower case), by number. */
const TRANSFER_MODE_SENT: Readonly<Record<string, number>> = {
	upload: 1,
	download: 2,
	encrypt: 3,
	decrypt: 4
};

/** A transfer mode in words: a name as the table says it, a number with "(inferred)". */
export function transferModeWords(mode: string | number | null | undefined): string {
	if (mode === null || mode === undefined || mode === '') return '';
	if (typeof mode === 'number' || /^\d+$/.test(mode)) {
		const n = Number(mode);
		return Object.hasOwn(TRANSFER_MODE_NAMES, n)
			? m.words_inferred({ name: TRANSFER_MODE_NAMES[n]! })
			: unknownValue(n);
	}
	const key = mode.toLowerCase();
	return Object.hasOwn(TRANSFER_MODE_SENT, key)
		? TRANSFER_MODE_NAMES[TRANSFER_MODE_SENT[key]!]!
		: mode;
}

/**
 * A live transfer's Status (Progress frames). The contract lists "InProgress, Completed, Failed,
 * ..." and leaves open whether they come as names or numbers: numbers are read in that listed
 * order, from 1 as the modes are, and said "(inferred)".
 */
export const TRANSFER_PROGRESS_NAMES: Names = {
	1: 'In progress',
	2: 'Completed',
	3: 'Failed'
};

/**
 * The same statuses in words for people. TRANSFER_PROGRESS_NAMES stays in English: the live
 * records read a number's status by its name there (`outcomeOf`, `frameStatus`).
 */
const TRANSFER_PROGRESS_WORDS: Names = names({
	1: m.words_progress_in_progress,
	2: m.words_transfer_completed,
	3: m.words_transfer_failed
});

/** The statuses the agent names (compared in lower case, without spaces), by number. */
const TRANSFER_PROGRESS_SENT: Readonly<Record<string, number>> = {
	inprogress: 1,
	completed: 2,
	failed: 3
};

/** A live transfer's status in words: "In progress" for InProgress, "Failed (inferred)" for 3. */
export function progressStatusWords(status: string | number | null | undefined): string {
	if (status === null || status === undefined || status === '') return '';
	if (typeof status === 'number' || /^\d+$/.test(status)) {
		const n = Number(status);
		return Object.hasOwn(TRANSFER_PROGRESS_WORDS, n)
			? m.words_inferred({ name: TRANSFER_PROGRESS_WORDS[n]! })
			: unknownValue(n);
	}
	const sent = status.toLowerCase().replace(/[\s_-]/g, '');
	if (Object.hasOwn(TRANSFER_PROGRESS_SENT, sent))
		return TRANSFER_PROGRESS_WORDS[TRANSFER_PROGRESS_SENT[sent]!]!;
	const said = status
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.replace(/[_-]+/g, ' ')
		.toLowerCase();
	return said.charAt(0).toUpperCase() + said.slice(1);
}

/** TransferHistoryOrigin flags: what started a transfer. */
export const TRANSFER_ORIGIN_NAMES: Names = names({
	1: m.words_origin_direct,
	2: m.words_origin_drive,
	4: m.words_origin_sync,
	8: m.words_origin_fastr_local,
	16: m.words_origin_fastr_server
});

/** The name of one value; "Not given" when there is none. */
export function nameOf(names: Names, value: number | null | undefined): string {
	if (value === null || value === undefined) return m.words_not_given();
	return names[value] ?? unknownValue(value);
}

/**
 * All the names of a flag set; bits without a name are kept as one "Unknown (n)". Zero reads as
 * the table's name for 0, or "None".
 */
export function flagNames(names: Names, value: number): string[] {
	if (value === 0) return [names[0] ?? m.words_none()];
	const found: string[] = [];
	let rest = value;
	for (const [bit, name] of Object.entries(names)) {
		const b = Number(bit);
		if (b !== 0 && (value & b) === b) {
			found.push(name);
			rest &= ~b;
		}
	}
	if (rest !== 0 || value < 0) found.push(unknownValue(value < 0 ? value : rest));
	return found;
}

/**
 * How the drive reports name these enums (as text, compared in lower case), by the agent's number:
 * the words are the tables' above.
 */
const REPORT_NAMES: readonly [Names, Readonly<Record<string, number>>][] = [
	[DRIVE_TYPE_NAMES, { virtualdrive: 1, localpath: 2 }],
	[SYNC_TYPE_NAMES, { stream: 1, mirror: 2 }],
	[PERMISSION_TYPE_NAMES, { read: 1, readwrite: 2 }],
	[
		CLOUD_TYPE_NAMES,
		{
			aws: 1,
			wasabi: 2,
			azure: 4,
			s3generic: 8,
			google: 16,
			frame: 32,
			cloudflare: 64,
			dropbox: 128,
			box: 256,
			onedrive: 512,
			googledrive: 1024,
			localhttp: 2048,
			fastrserver: 4096,
			atomosphere: 8192
		}
	]
];

/** An enum the reports send as text ("VirtualDrive"), in words; unknown values as sent. */
export function reportEnumWords(value: string | null | undefined): string {
	if (value === null || value === undefined || value === '') return m.words_not_given();
	const key = value.toLowerCase();
	for (const [names, numbers] of REPORT_NAMES) {
		const n = Object.hasOwn(numbers, key) ? numbers[key] : undefined;
		if (n !== undefined) return names[n] ?? value;
	}
	return value;
}

/** A yes-or-no value in words; `missing` when the agent sent none. */
export function yesNo(value: boolean | null | undefined, missing?: string): string {
	if (value === null || value === undefined) return missing ?? m.words_not_given();
	return value ? m.words_yes() : m.words_no();
}
