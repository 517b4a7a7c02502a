import { unknownValue } from './labels.ts';

/** Names of the agent's enums and flag sets for the signed-in pages (apart, so sign-in stays small). */

export const USER_TYPE_NAMES: Record<number, string> = {
	1: 'Provider admin',
	2: 'Reseller admin',
	4: 'Account admin',
	8: 'Account user',
	16: 'Desktop admin',
	32: 'Desktop creative user',
	64: 'Desktop standard user'
};

export const SUBSCRIPTION_NAMES: Record<number, string> = { 1: 'Monthly', 2: 'Yearly' };

export const AUTH_PROVIDER_NAMES: Record<number, string> = {
	0: 'Hosted user directory',
	1: 'Google',
	2: 'Entra ID',
	4: 'Okta',
	8: 'SAML',
	16: 'External'
};

export const USER_STATUS_NAMES: Record<number, string> = {
	1: 'Active',
	2: 'Inactive',
	4: 'Pending'
};

export const FILE_STATE_NAMES: Record<number, string> = {
	1: 'Temporary',
	2: 'Downloading',
	4: 'Uploading',
	8: 'Deleting',
	16: 'Ignore',
	32: 'Rename-deleting',
	64: 'Deleted',
	128: 'Reading',
	256: 'Error'
};

/** CloudType flags: the storage a drive or backup uses. */
export const CLOUD_TYPE_NAMES: Record<number, string> = {
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
export const DRIVE_TYPE_NAMES: Record<number, string> = { 1: 'Drive letter', 2: 'Synced folder' };
export const SYNC_TYPE_NAMES: Record<number, string> = {
	1: 'Stream (kept in the cloud, fetched on demand)',
	2: 'Mirror (everything kept on this computer)'
};
export const PERMISSION_NAMES: Record<number, string> = { 1: 'Read only', 2: 'Read and write' };

export function nameOf(names: Record<number, string>, value: number | null | undefined): string {
	if (value === null || value === undefined) return 'Not given';
	return names[value] ?? unknownValue(value);
}

/** All the names of a flag set; bits without a name are kept as one "Unknown (n)". */
export function flagNames(
	names: Record<number, string>,
	value: number,
	zeroName = 'None'
): string[] {
	if (value === 0) return [zeroName];
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
