import { AUTH_PROVIDER, FILE_STATE, USER_STATUS, USER_TYPE } from '../contract.ts';
import { unknownValue, type Names } from './shell.ts';

export { unknownValue, type Names };

/**
 * The words for each of the agent's enums, for people: one table per enum, named after it
 * (`FILE_STATE` -> `FILE_STATE_NAMES`), and readers that never fail on a value this console does
 * not know: it reads "Unknown (n)". The numbers are contract.ts's, and names.spec.ts checks that
 * each of them has words here or in shell.ts. Enums the contract does not hold yet are keyed by the agent's
 * numbers, as agent-api.md gives them.
 */

export const USER_TYPE_NAMES: Names = {
	[USER_TYPE.ProviderAdmin]: 'Provider admin',
	[USER_TYPE.ResellerAdmin]: 'Reseller admin',
	[USER_TYPE.AccountAdmin]: 'Account admin',
	[USER_TYPE.AccountUser]: 'Account user',
	[USER_TYPE.DesktopAdmin]: 'Desktop admin',
	[USER_TYPE.DesktopCreativeUser]: 'Desktop creative',
	[USER_TYPE.DesktopStandardUser]: 'Desktop standard'
};

export const USER_STATUS_NAMES: Names = {
	[USER_STATUS.Active]: 'Active',
	[USER_STATUS.Inactive]: 'Inactive',
	[USER_STATUS.Pending]: 'Pending'
};

export const AUTH_PROVIDER_NAMES: Names = {
	[AUTH_PROVIDER.Default]: 'Hosted user directory',
	[AUTH_PROVIDER.Google]: 'Google',
	[AUTH_PROVIDER.EntraId]: 'Entra ID',
	[AUTH_PROVIDER.Okta]: 'Okta',
	[AUTH_PROVIDER.Saml]: 'SAML',
	[AUTH_PROVIDER.External]: 'External'
};

/** SubscriptionType: the account's billing period. */
export const SUBSCRIPTION_TYPE_NAMES: Names = { 1: 'Monthly', 2: 'Yearly' };

export const FILE_STATE_NAMES: Names = {
	// One word for a file with nothing to do, on the events page and a drive's page alike.
	[FILE_STATE.Normal]: 'In sync',
	[FILE_STATE.Temporary]: 'Temporary',
	[FILE_STATE.Downloading]: 'Downloading',
	[FILE_STATE.Uploading]: 'Uploading',
	[FILE_STATE.Deleting]: 'Deleting',
	[FILE_STATE.Ignore]: 'Ignore',
	[FILE_STATE.RenameDeleting]: 'Rename-deleting',
	[FILE_STATE.Deleted]: 'Deleted',
	[FILE_STATE.Reading]: 'Reading',
	[FILE_STATE.Error]: 'Error'
};

/**
 * A file's whole state in the words of a drive's health tiles, one word per state everywhere (the
 * tiles, the files filter and rows, the breakdown, the events): the states a file spends its time
 * in. Other combinations are said flag by flag (`fileStateWords`).
 */
export const FILE_STATE_WORDS: Names = {
	[FILE_STATE.Normal]: 'In sync',
	[FILE_STATE.Uploading]: 'Waiting to upload',
	[FILE_STATE.Uploading | FILE_STATE.Reading]: 'Uploading now',
	[FILE_STATE.Downloading]: 'Waiting to download',
	[FILE_STATE.Downloading | FILE_STATE.Reading]: 'Downloading now',
	[FILE_STATE.Deleting]: 'Being deleted',
	[FILE_STATE.Error]: 'With errors'
};

/** A FileState number in words: the tiles' word for a whole state, else each flag's name. */
export function fileStateWords(state: number): string {
	if (Object.hasOwn(FILE_STATE_WORDS, state)) return FILE_STATE_WORDS[state]!;
	return flagNames(FILE_STATE_NAMES, state)
		.map((n, i) => (i === 0 ? n : n.toLowerCase()))
		.join(', ');
}

/**
 * `object_status`' sequential numbering in words. It cannot tell a file waiting to upload from
 * one uploading now, so its words say both.
 */
export const OBJECT_STATUS_NAMES: Names = {
	0: 'In sync',
	1: 'Waiting to upload or uploading now',
	2: 'Waiting to download or downloading now',
	3: 'Being read',
	4: 'Being deleted',
	5: 'Deleted',
	6: 'Ignored',
	7: 'Being encrypted',
	8: 'Being decrypted',
	9: 'Being renamed',
	10: 'With errors'
};

/** CloudType flags: the storage a drive or backup uses. */
export const CLOUD_TYPE_NAMES: Names = {
	1: 'Amazon S3',
	2: 'Wasabi',
	4: 'Azure',
	8: 'S3-compatible',
	16: 'Google Cloud',
	32: 'Frame.io',
	64: 'Cloudflare R2',
	128: 'Dropbox',
	256: 'Box',
	512: 'OneDrive',
	1024: 'Google Drive',
	2048: 'Local HTTP',
	4096: 'Fastr server',
	8192: 'Atmosphere'
};

export const DRIVE_TYPE_NAMES: Names = { 1: 'Drive letter', 2: 'Synced folder' };

export const SYNC_TYPE_NAMES: Names = {
	1: 'Stream (kept in the cloud, fetched on demand)',
	2: 'Mirror (everything kept on this computer)'
};

export const PERMISSION_TYPE_NAMES: Names = { 1: 'Read only', 2: 'Read and write' };

/** What choosing each sync type means, in a sentence, beside the choice in a drive's form. */
export const SYNC_TYPE_CONSEQUENCES: Names = {
	1: 'Files stay in the cloud and are fetched when opened: little space is used on this computer, and a file needs the network the first time it is opened.',
	2: 'Every file is kept on this computer as well as in the cloud: files open without the network, and the drive takes as much space here as it holds in the cloud.'
};

/** What each permission means, in a sentence. */
export const PERMISSION_TYPE_CONSEQUENCES: Names = {
	1: 'Files can be opened but not changed, added or deleted from this computer.',
	2: 'Files changed or added on this computer are uploaded to the cloud.'
};

/** What allowing deletes means (`allowDelete`); it takes effect with read and write only. */
export const ALLOW_DELETE_CONSEQUENCES = {
	yes: 'A file deleted on this computer is deleted in the cloud too.',
	no: 'A file deleted on this computer stays in the cloud.',
	readOnly: 'With read only permission nothing is deleted in the cloud, whatever this says.'
} as const;

/** TransferStatus flags of a transfer history entry. */
export const TRANSFER_STATUS_NAMES: Names = {
	1: 'Created',
	2: 'Running',
	4: 'Completed',
	8: 'Canceled',
	16: 'Failed',
	32: 'Canceling',
	64: 'Pausing',
	128: 'Paused'
};

/**
 * TransferType flags of a current transfer (`transfer/get_all`). What starts each kind is open in
 * the contract; the words stay close to the agent's names.
 */
export const TRANSFER_TYPE_NAMES: Names = {
	1: 'Transfer',
	2: 'Sync',
	4: 'Initial sync',
	8: 'Manual transfer'
};

/** TransferHistoryDirection. */
export const TRANSFER_DIRECTION_NAMES: Names = { 1: 'Upload', 2: 'Download' };

/**
 * TransferMode of a Progress frame. The agent may send it as a name or a number (open in the
 * contract); numbers are read in the order the contract lists the names (Upload, Download,
 * Encrypt, Decrypt), counted from 1 like TransferHistoryDirection: an inference, said as one.
 */
export const TRANSFER_MODE_NAMES: Names = {
	1: 'Upload',
	2: 'Download',
	3: 'Encrypt',
	4: 'Decrypt'
};

/** A transfer mode in words: a name as the table says it, a number with "(inferred)". */
export function transferModeWords(mode: string | number | null | undefined): string {
	if (mode === null || mode === undefined || mode === '') return '';
	if (typeof mode === 'number' || /^\d+$/.test(mode)) {
		const n = Number(mode);
		return Object.hasOwn(TRANSFER_MODE_NAMES, n)
			? `${TRANSFER_MODE_NAMES[n]} (inferred)`
			: unknownValue(n);
	}
	const known = Object.values(TRANSFER_MODE_NAMES).find(
		(m) => m.toLowerCase() === mode.toLowerCase()
	);
	return known ?? mode;
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

/** A live transfer's status in words: "In progress" for InProgress, "Failed (inferred)" for 3. */
export function progressStatusWords(status: string | number | null | undefined): string {
	if (status === null || status === undefined || status === '') return '';
	if (typeof status === 'number' || /^\d+$/.test(status)) {
		const n = Number(status);
		return Object.hasOwn(TRANSFER_PROGRESS_NAMES, n)
			? `${TRANSFER_PROGRESS_NAMES[n]} (inferred)`
			: unknownValue(n);
	}
	const said = status
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.replace(/[_-]+/g, ' ')
		.toLowerCase();
	return said.charAt(0).toUpperCase() + said.slice(1);
}

/** TransferHistoryOrigin flags: what started a transfer. */
export const TRANSFER_ORIGIN_NAMES: Names = {
	1: 'Direct transfer',
	2: 'Drive',
	4: 'Sync or backup',
	8: 'Fastr, local',
	16: 'Fastr, server to server'
};

/** The name of one value; "Not given" when there is none. */
export function nameOf(names: Names, value: number | null | undefined): string {
	if (value === null || value === undefined) return 'Not given';
	return names[value] ?? unknownValue(value);
}

/**
 * All the names of a flag set; bits without a name are kept as one "Unknown (n)". Zero reads as
 * the table's name for 0, or "None".
 */
export function flagNames(names: Names, value: number): string[] {
	if (value === 0) return [names[0] ?? 'None'];
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
	if (value === null || value === undefined || value === '') return 'Not given';
	const key = value.toLowerCase();
	for (const [names, numbers] of REPORT_NAMES) {
		const n = Object.hasOwn(numbers, key) ? numbers[key] : undefined;
		if (n !== undefined) return names[n] ?? value;
	}
	return value;
}

/** A yes-or-no value in words; `missing` when the agent sent none. */
export function yesNo(value: boolean | null | undefined, missing = 'Not given'): string {
	if (value === null || value === undefined) return missing;
	return value ? 'Yes' : 'No';
}
