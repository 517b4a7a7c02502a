import type { Summary } from '$lib/api/schemas/drives';
import { reportEnumWords, yesNo } from '$lib/names/enums';
import { formatDateTime } from '$lib/format/time';
import { formatCount, parseAgentDate } from '$lib/format/cells';
import type { KnownField } from '$lib/record/record-fields';
import { formatBytes, formatDuration } from '$lib/format/units';

/**
 * A drive's reports in words. Reports send enums as strings whose values are open: the known ones
 * are said in words (`reportEnumWords`), the others shown as sent.
 */

/**
 * "SizeByExtension" -> "Size by extension". A header says what the cell says, not how the agent
 * stores it: "SizeBytes" is "Size" (the cell is in KB, MB…), "LastModifiedDateUtc" is "Last
 * modified" (the cell is a local time).
 */
export function humanize(key: string): string {
	const words = key
		.replace(/(.)(Bytes|Formatted)$/, '$1')
		.replace(/(.)(DateUtc|DateTimeUtc|TimeUtc|Utc)$/, '$1')
		.replace(/(.)Date$/, '$1')
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
		.replace(/[_-]+/g, ' ')
		.trim()
		.toLowerCase();
	return words.charAt(0).toUpperCase() + words.slice(1);
}

const num = (v: number | null | undefined, f: (n: number) => string) =>
	typeof v === 'number' && Number.isFinite(v) ? f(v) : 'Not given';

/** Bytes with the agent's own wording beside ours when it sent one. */
function size(bytes: number | null | undefined, formatted: string | null | undefined): string {
	if (typeof bytes !== 'number') return formatted || 'Not given';
	return formatBytes(bytes);
}

/** The summary's fields this version knows, in words, in the order the page shows them. */
export const SUMMARY_FIELDS: KnownField<Summary>[] = [
	// The summary's Status is whether the drive's service runs (Running, Paused, Stopped); the page's
	// header says how its files stand (Synced, Syncing, Error). Two things, so two names.
	{ key: 'Status', label: 'Service', text: (s) => s.Status || 'Not given' },
	{ key: 'UploaderStatus', label: 'Uploads', text: (s) => s.UploaderStatus || 'Not given' },
	{ key: 'DownloaderStatus', label: 'Downloads', text: (s) => s.DownloaderStatus || 'Not given' },
	{ key: 'LocalPath', label: 'On this computer', text: (s) => s.LocalPath || 'Not given' },
	{
		key: 'DriveName',
		label: 'Drive letter',
		text: (s) => (s.DriveName ? `${s.DriveName}:` : 'None')
	},
	{ key: 'CloudProvider', label: 'Cloud', text: (s) => reportEnumWords(s.CloudProvider) },
	{ key: 'StorageBucket', label: 'Bucket', text: (s) => s.StorageBucket || 'Not given' },
	{ key: 'Prefix', label: 'Prefix', text: (s) => s.Prefix || 'None (the whole bucket)' },
	{ key: 'DriveType', label: 'Kind', text: (s) => reportEnumWords(s.DriveType) },
	{ key: 'SyncType', label: 'Sync', text: (s) => reportEnumWords(s.SyncType) },
	{ key: 'PermissionType', label: 'Permission', text: (s) => reportEnumWords(s.PermissionType) },
	{ key: 'Active', label: 'Active', text: (s) => yesNo(s.Active) },
	{ key: 'TotalFiles', label: 'Files', text: (s) => num(s.TotalFiles, formatCount) },
	{ key: 'TotalDirectories', label: 'Folders', text: (s) => num(s.TotalDirectories, formatCount) },
	{
		key: 'TotalSizeBytes',
		label: 'Size in the cloud',
		text: (s) => size(s.TotalSizeBytes, s.TotalSizeFormatted)
	},
	{
		key: 'CacheSizeBytes',
		// "Kept on this computer" is what a user asked to keep (the file browser): not this.
		label: 'Stored on this computer',
		text: (s) => size(s.CacheSizeBytes, s.CacheSizeFormatted)
	},
	{
		key: 'MaximumCacheSize',
		label: 'Cache limit',
		// 0 is what the agent sends for a folder kept whole (no limit): unit open, bytes likely.
		text: (s) =>
			s.MaximumCacheSize === 0 ? 'No limit' : size(s.MaximumCacheSize, s.MaximumCacheSizeFormatted)
	},
	{ key: 'RotationalCache', label: 'Cache makes room', text: (s) => yesNo(s.RotationalCache) },
	{
		key: 'CloudObjectsEncrypted',
		label: 'Encrypted in the cloud',
		text: (s) => yesNo(s.CloudObjectsEncrypted)
	},
	{
		key: 'LocalCacheEncrypted',
		label: 'Encrypted on this computer',
		text: (s) => yesNo(s.LocalCacheEncrypted)
	},
	{
		key: 'KeepFileAfterUpload',
		label: 'Keeps files after upload',
		text: (s) => yesNo(s.KeepFileAfterUpload)
	},
	{ key: 'AllowDelete', label: 'Deletes in the cloud', text: (s) => yesNo(s.AllowDelete) },
	{ key: 'SharedDrive', label: 'Shared drive', text: (s) => yesNo(s.SharedDrive) },
	{
		key: 'SyncIntervalSeconds',
		label: 'Checks for changes',
		text: (s) => num(s.SyncIntervalSeconds, intervalText)
	},
	{
		key: 'TransferOptions',
		label: 'Transfers',
		text: (s) => transferOptions(s.TransferOptions)
	},
	{ key: 'DriveId', label: 'Drive ID', text: (s) => s.DriveId || '—' },
	{ key: 'BackupId', label: 'Backup ID', text: (s) => s.BackupId || '—' },
	{ key: 'SharedDriveId', label: 'Shared drive ID', text: (s) => s.SharedDriveId || 'None' }
];

/** Keys shown elsewhere on the page (the title, the chart): not repeated in the summary. */
export const SUMMARY_SHOWN_ELSEWHERE = new Set([
	'Name',
	'BackupName',
	'FilesByState',
	'TotalSizeFormatted',
	'CacheSizeFormatted',
	'MaximumCacheSizeFormatted'
]);

function transferOptions(o: Record<string, unknown> | null | undefined): string {
	if (!o) return 'Not given';
	const n = (k: string) => (typeof o[k] === 'number' ? (o[k] as number) : null);
	const parts = [
		n('ConcurrentFiles') !== null ? `${n('ConcurrentFiles')} files at a time` : null,
		n('ConcurrentChunks') !== null ? `${n('ConcurrentChunks')} chunks each` : null,
		n('ChunkSize') !== null ? `chunks of ${formatBytes(n('ChunkSize')!)}` : null,
		n('RetryCount') !== null ? `${n('RetryCount')} retries` : null
	].filter(Boolean);
	return parts.length ? parts.join(', ') : JSON.stringify(o);
}

/** A cell of a report whose shape is open: sizes, dates and counts by their key, else as sent. */
export function cellText(key: string, value: unknown): string {
	if (value === null || value === undefined) return '—';
	if (typeof value === 'number') {
		if (/bytes$|^size$|totalsize$|^sizebytes$/i.test(key)) return formatBytes(value);
		return formatCount(value);
	}
	if (typeof value === 'boolean') return yesNo(value);
	if (typeof value === 'string') {
		if (/date|utc|time$/i.test(key)) {
			const date = parseAgentDate(value);
			if (date) return formatDateTime(date);
		}
		return value;
	}
	try {
		return JSON.stringify(value);
	} catch {
		return String(value);
	}
}

/** "every minute", "every 5 min", "every 90 s". */
export function intervalText(seconds: number): string {
	if (seconds === 60) return 'every minute';
	if (seconds === 3600) return 'every hour';
	if (seconds % 3600 === 0) return `every ${seconds / 3600} h`;
	if (seconds % 60 === 0) return `every ${seconds / 60} min`;
	return `every ${formatDuration(seconds)}`;
}

/**
 * The keys of records to show as columns: a "…Formatted" text is left out where the record has
 * the number it formats (the console formats the number itself, in one unit system).
 */
export function columnKeys(rows: Record<string, unknown>[], max = 8): string[] {
	const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
	const has = new Set(keys);
	return keys
		.filter((k) => {
			const m = /^(.*?)(Formatted)$/.exec(k);
			if (!m) return true;
			const base = m[1]!;
			return !(
				has.has(base) ||
				has.has(`${base}Bytes`) ||
				has.has(base.replace(/Size$/, 'SizeBytes'))
			);
		})
		.slice(0, max);
}
