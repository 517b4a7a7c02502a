import type { Summary } from '$lib/api/schemas/drives';
import { reportEnumWords, yesNo } from '$lib/names/enums';
import { formatDateTime } from '$lib/format/time';
import { formatCount, parseAgentDate } from '$lib/format/cells';
import type { KnownField } from '$lib/record/record-fields';
import { formatBytes, formatDuration } from '$lib/format/units';
import { m } from '$lib/paraglide/messages';

/**
 * A drive's reports in words. Reports send enums as strings whose values are open: the known ones
 * are said in words (`reportEnumWords`), the others shown as sent.
 */

/**
 * The agent's field and report names this version knows, by their English words, as messages: the
 * cards and columns read in the console's language. A name it does not know reads in English
 * words made from the name (`humanize`).
 */
const KNOWN_NAMES: Readonly<Record<string, () => string>> = {
	'Size distribution': m.transfers_report_key_size_distribution,
	'Largest files': m.transfers_report_key_largest_files,
	'Recently modified': m.transfers_report_key_recently_modified,
	'File count by extension': m.transfers_report_key_file_count_by_extension,
	'Size by extension': m.transfers_report_key_size_by_extension,
	'Directory breakdown': m.transfers_report_key_directory_breakdown,
	'Sync state breakdown': m.transfers_report_key_sync_state_breakdown,
	'Success vs failure rate': m.transfers_report_key_success_vs_failure_rate,
	'Transfers per day': m.transfers_report_key_transfers_per_day,
	'Data volume per day': m.transfers_report_key_data_volume_per_day,
	'Average speed per day': m.transfers_report_key_average_speed_per_day,
	'Files by state': m.transfers_report_key_files_by_state,
	'File name': m.transfers_report_key_file_name,
	Path: m.transfers_report_key_path,
	Size: m.transfers_report_key_size,
	Extension: m.transfers_report_key_extension,
	Count: m.transfers_report_key_count,
	Directory: m.transfers_report_key_directory,
	'File count': m.transfers_report_key_file_count,
	'Last modified': m.transfers_report_key_last_modified,
	Name: m.transfers_report_key_name,
	State: m.transfers_report_key_state,
	Date: m.transfers_report_key_date,
	Total: m.transfers_report_key_total,
	Label: m.transfers_report_key_label,
	Value: m.transfers_report_key_value
};

export function humanize(key: string): string {
	const english = humanizeInEnglish(key);
	return KNOWN_NAMES[english]?.() ?? english;
}

/**
 * "SizeByExtension" -> "Size by extension". A header says what the cell says, not how the agent
 * stores it: "SizeBytes" is "Size" (the cell is in KB, MB…), "LastModifiedDateUtc" is "Last
 * modified" (the cell is a local time).
 */
function humanizeInEnglish(key: string): string {
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
	typeof v === 'number' && Number.isFinite(v) ? f(v) : m.transfers_report_not_given();

/** Bytes with the agent's own wording beside ours when it sent one. */
function size(bytes: number | null | undefined, formatted: string | null | undefined): string {
	if (typeof bytes !== 'number') return formatted || m.transfers_report_not_given();
	return formatBytes(bytes);
}

/** The summary's fields this version knows, in words, in the order the page shows them. */
/** Its labels are getters: each is read in the language of the moment. */
export const SUMMARY_FIELDS: KnownField<Summary>[] = [
	// The summary's Status is whether the drive's service runs (Running, Paused, Stopped); the page's
	// header says how its files stand (Synced, Syncing, Error). Two things, so two names.
	{
		key: 'Status',
		get label() {
			return m.transfers_report_label_service();
		},
		text: (s) => s.Status || m.transfers_report_not_given()
	},
	{
		key: 'UploaderStatus',
		get label() {
			return m.transfers_report_label_uploads();
		},
		text: (s) => s.UploaderStatus || m.transfers_report_not_given()
	},
	{
		key: 'DownloaderStatus',
		get label() {
			return m.transfers_report_label_downloads();
		},
		text: (s) => s.DownloaderStatus || m.transfers_report_not_given()
	},
	{
		key: 'LocalPath',
		get label() {
			return m.transfers_report_label_on_this_computer();
		},
		text: (s) => s.LocalPath || m.transfers_report_not_given()
	},
	{
		key: 'DriveName',
		get label() {
			return m.transfers_report_label_drive_letter();
		},
		text: (s) => (s.DriveName ? `${s.DriveName}:` : m.transfers_report_none())
	},
	{
		key: 'CloudProvider',
		get label() {
			return m.transfers_report_label_cloud();
		},
		text: (s) => reportEnumWords(s.CloudProvider)
	},
	{
		key: 'StorageBucket',
		get label() {
			return m.transfers_report_label_bucket();
		},
		text: (s) => s.StorageBucket || m.transfers_report_not_given()
	},
	{
		key: 'Prefix',
		get label() {
			return m.transfers_report_label_prefix();
		},
		text: (s) => s.Prefix || m.transfers_report_none_whole_bucket()
	},
	{
		key: 'DriveType',
		get label() {
			return m.transfers_report_label_kind();
		},
		text: (s) => reportEnumWords(s.DriveType)
	},
	{
		key: 'SyncType',
		get label() {
			return m.transfers_report_label_sync();
		},
		text: (s) => reportEnumWords(s.SyncType)
	},
	{
		key: 'PermissionType',
		get label() {
			return m.transfers_report_label_permission();
		},
		text: (s) => reportEnumWords(s.PermissionType)
	},
	{
		key: 'Active',
		get label() {
			return m.transfers_report_label_active();
		},
		text: (s) => yesNo(s.Active)
	},
	{
		key: 'TotalFiles',
		get label() {
			return m.transfers_report_label_files();
		},
		text: (s) => num(s.TotalFiles, formatCount)
	},
	{
		key: 'TotalDirectories',
		get label() {
			return m.transfers_report_label_folders();
		},
		text: (s) => num(s.TotalDirectories, formatCount)
	},
	{
		key: 'TotalSizeBytes',
		get label() {
			return m.transfers_report_label_size_in_cloud();
		},
		text: (s) => size(s.TotalSizeBytes, s.TotalSizeFormatted)
	},
	{
		key: 'CacheSizeBytes',
		// "Kept on this computer" is what a user asked to keep (the file browser): not this.
		get label() {
			return m.transfers_report_label_stored_here();
		},
		text: (s) => size(s.CacheSizeBytes, s.CacheSizeFormatted)
	},
	{
		key: 'MaximumCacheSize',
		get label() {
			return m.transfers_report_label_cache_limit();
		},
		// 0 is what the agent sends for a folder kept whole (no limit): unit open, bytes likely.
		text: (s) =>
			s.MaximumCacheSize === 0
				? m.transfers_report_no_limit()
				: size(s.MaximumCacheSize, s.MaximumCacheSizeFormatted)
	},
	{
		key: 'RotationalCache',
		get label() {
			return m.transfers_report_label_cache_makes_room();
		},
		text: (s) => yesNo(s.RotationalCache)
	},
	{
		key: 'CloudObjectsEncrypted',
		get label() {
			return m.transfers_report_label_encrypted_cloud();
		},
		text: (s) => yesNo(s.CloudObjectsEncrypted)
	},
	{
		key: 'LocalCacheEncrypted',
		get label() {
			return m.transfers_report_label_encrypted_here();
		},
		text: (s) => yesNo(s.LocalCacheEncrypted)
	},
	{
		key: 'KeepFileAfterUpload',
		get label() {
			return m.transfers_report_label_keeps_files();
		},
		text: (s) => yesNo(s.KeepFileAfterUpload)
	},
	{
		key: 'AllowDelete',
		get label() {
			return m.transfers_report_label_deletes_cloud();
		},
		text: (s) => yesNo(s.AllowDelete)
	},
	{
		key: 'SharedDrive',
		get label() {
			return m.transfers_report_label_shared_drive();
		},
		text: (s) => yesNo(s.SharedDrive)
	},
	{
		key: 'SyncIntervalSeconds',
		get label() {
			return m.transfers_report_label_checks_changes();
		},
		text: (s) => num(s.SyncIntervalSeconds, intervalText)
	},
	{
		key: 'TransferOptions',
		get label() {
			return m.transfers_report_label_transfers();
		},
		text: (s) => transferOptions(s.TransferOptions)
	},
	{
		key: 'DriveId',
		get label() {
			return m.transfers_report_label_drive_id();
		},
		text: (s) => s.DriveId || '—'
	},
	{
		key: 'BackupId',
		get label() {
			return m.transfers_report_label_backup_id();
		},
		text: (s) => s.BackupId || '—'
	},
	{
		key: 'SharedDriveId',
		get label() {
			return m.transfers_report_label_shared_drive_id();
		},
		text: (s) => s.SharedDriveId || m.transfers_report_none()
	}
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
	if (!o) return m.transfers_report_not_given();
	const n = (k: string) => (typeof o[k] === 'number' ? (o[k] as number) : null);
	const files = n('ConcurrentFiles');
	const chunks = n('ConcurrentChunks');
	const chunkSize = n('ChunkSize');
	const retries = n('RetryCount');
	const parts = [
		files !== null ? m.transfers_report_files_at_a_time({ count: String(files) }) : null,
		chunks !== null ? m.transfers_report_chunks_each({ count: String(chunks) }) : null,
		chunkSize !== null ? m.transfers_report_chunks_of({ size: formatBytes(chunkSize) }) : null,
		retries !== null ? m.transfers_report_retries({ count: String(retries) }) : null
	].filter((p) => p !== null);
	return parts.length
		? parts.reduce((first, next) => m.transfers_report_parts({ first, next }))
		: JSON.stringify(o);
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
	if (seconds === 60) return m.transfers_report_every_minute();
	if (seconds === 3600) return m.transfers_report_every_hour();
	if (seconds % 3600 === 0)
		return m.transfers_report_every_hours({ count: String(seconds / 3600) });
	if (seconds % 60 === 0) return m.transfers_report_every_minutes({ count: String(seconds / 60) });
	return m.transfers_report_every({ duration: formatDuration(seconds) });
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
