import {
	CLOUD_TYPE_NAMES,
	TRANSFER_DIRECTION_NAMES,
	TRANSFER_ORIGIN_NAMES,
	TRANSFER_STATUS_NAMES,
	flagNames,
	nameOf
} from '$lib/names/enums';
import { m } from '$lib/paraglide/messages';
import type { HistoryItem } from '$lib/api/schemas/history';
import { formatCount, formatFullDateTime, parseAgentDate } from '$lib/format/cells';
import type { KnownField } from '$lib/record/record-fields';
import { formatBytes, formatDuration } from '$lib/format/units';
import type { Tone } from '$lib/ui/tone';
import { errorWithAdvice } from '$lib/history/error-advice';
import { formatList } from '$lib/format/lists';

/**
 * A transfer history entry in words: the list's cells and the panel's fields. The words the
 * export shares (status, direction, origin, sides) are English inside `inBaseLocale`.
 */

export function statusText(status: number | null | undefined): string {
	if (status === null || status === undefined) return m.words_not_given();
	return formatList(flagNames(TRANSFER_STATUS_NAMES, status));
}

/** How a status looks: failed stands out, canceled is muted, running is busy. */
export function statusTone(status: number | null | undefined): Tone {
	if (typeof status !== 'number') return 'unknown';
	if (status & 16) return 'bad';
	if (status & 4) return 'good';
	if (status & (8 | 32 | 64 | 128)) return 'neutral';
	if (status & (1 | 2)) return 'busy';
	return 'unknown';
}

export const directionText = (d: number | null | undefined) => nameOf(TRANSFER_DIRECTION_NAMES, d);

export const originText = (o: number | null | undefined) =>
	typeof o === 'number' ? formatList(flagNames(TRANSFER_ORIGIN_NAMES, o)) : m.words_not_given();

/** Seconds from start to end, when both are dates and in order. */
export function durationSeconds(h: HistoryItem): number | null {
	const start = parseAgentDate(h.startDate);
	const end = parseAgentDate(h.endDate);
	if (!start || !end || end < start) return null;
	return (end.getTime() - start.getTime()) / 1000;
}

export function durationText(h: HistoryItem): string {
	const s = durationSeconds(h);
	return s === null ? '—' : formatDuration(s);
}

/** "3 of 5" with the failed and skipped ones said. */
export function objectsText(h: HistoryItem): string {
	const n = (v: number | null | undefined) => (typeof v === 'number' ? v : null);
	const done = n(h.transferredObjects);
	const total = n(h.totalObjects);
	if (done === null && total === null) return '—';
	const parts = [
		m.words_history_of({
			done: done === null ? '?' : formatCount(done),
			total: total === null ? '?' : formatCount(total)
		})
	];
	if (n(h.failedObjects))
		parts.push(m.words_history_failed({ shown: formatCount(h.failedObjects!) }));
	if (n(h.skippedObjects))
		parts.push(m.words_history_skipped({ shown: formatCount(h.skippedObjects!) }));
	return formatList(parts);
}

/** Transferred of total size, in the console's units (the agent's strings are for the panel). */
export function sizeText(h: HistoryItem): string {
	const total = typeof h.totalSize === 'number' ? formatBytes(h.totalSize) : h.totalSizeString;
	const done =
		typeof h.transferredSize === 'number'
			? formatBytes(h.transferredSize)
			: h.transferredSizeString;
	if (!total && !done) return '—';
	if (done && total && h.transferredSize !== h.totalSize)
		return m.words_history_of({ done, total });
	return total || done || '—';
}

export const speedText = (h: HistoryItem) =>
	typeof h.averageSpeed === 'number' ? `${formatBytes(h.averageSpeed)}/s` : '—';

function dateText(value: string | null | undefined): string {
	if (!value) return '—';
	const date = parseAgentDate(value);
	return date ? formatFullDateTime(date) : value;
}

const cloud = (provider: number | null | undefined) =>
	typeof provider === 'number' && provider > 0
		? formatList(flagNames(CLOUD_TYPE_NAMES, provider))
		: m.words_history_this_computer();

/** One side of a transfer: this computer's path, or the bucket and path in the cloud. */
export function sideText(
	provider: number | null | undefined,
	account: string | null | undefined,
	bucket: string | null | undefined,
	path: string | null | undefined
): string {
	if (!bucket) return path || '—';
	const said = { cloud: cloud(provider), bucket, path: path ?? '' };
	return account ? m.words_history_side_account({ ...said, account }) : m.words_history_side(said);
}

/** The entry's fields this version knows, in words, in the order the panel shows them. */
export const HISTORY_FIELDS: KnownField<HistoryItem>[] = [
	field('name', m.history_col_name, (h) => h.name || '—'),
	field('transferStatus', m.history_status, (h) => statusText(h.transferStatus)),
	field('errorMessage', m.history_col_error, (h) => errorWithAdvice(h.errorMessage)),
	field('direction', m.history_direction, (h) => directionText(h.direction)),
	field('origin', m.history_started_by, (h) => originText(h.origin)),
	field('sourcePath', m.words_history_field_from, (h) =>
		sideText(h.sourceCloudProvider, h.sourceCloudAccountName, h.sourceBucket, h.sourcePath)
	),
	field('destinationPath', m.words_history_field_to, (h) =>
		sideText(
			h.destinationCloudProvider,
			h.destinationCloudAccountName,
			h.destinationBucket,
			h.destinationPath
		)
	),
	field('totalObjects', m.history_col_objects, objectsText),
	field('totalSize', m.history_col_size, sizeText),
	field('averageSpeed', m.words_history_field_average_speed, speedText),
	field('startDate', m.history_col_started, (h) => dateText(h.startDate)),
	field('endDate', m.words_history_field_ended, (h) => dateText(h.endDate)),
	field(
		'userName',
		m.words_history_field_by,
		(h) => [h.userName, h.userEmail].filter(Boolean).join(', ') || '—'
	),
	field('id', m.words_history_field_entry_id, (h) => String(h.id)),
	// The rest of the contract's fields, as sent: the ones above say them in words.
	...(
		[
			['transferredObjects', m.words_history_field_transferred_objects],
			['failedObjects', m.words_history_field_failed_objects],
			['skippedObjects', m.words_history_field_skipped_objects],
			['transferredSize', m.words_history_field_transferred_size],
			['totalSizeString', m.words_history_field_size_said],
			['transferredSizeString', m.words_history_field_transferred_said],
			['sourceCloudProvider', m.words_history_field_source_cloud],
			['sourceCloudAccountName', m.words_history_field_source_account],
			['sourceBucket', m.words_history_field_source_bucket],
			['destinationCloudProvider', m.words_history_field_destination_cloud],
			['destinationCloudAccountName', m.words_history_field_destination_account],
			['destinationBucket', m.words_history_field_destination_bucket],
			['userEmail', m.words_history_field_email],
			['userId', m.words_history_field_user_id],
			['accountId', m.words_history_field_account_id],
			['sourceCloudAccountId', m.words_history_field_source_account_id],
			['destinationCloudAccountId', m.words_history_field_destination_account_id]
		] as const
	).map(([key, label]) =>
		field(key, label, (h: HistoryItem) => {
			const v = (h as Record<string, unknown>)[key];
			if (v === null || v === undefined || v === '') return '—';
			if (key.endsWith('CloudProvider') && typeof v === 'number') return cloud(v);
			return typeof v === 'number' ? formatCount(v) : String(v);
		})
	)
];

/** A field whose label is read in the language of the moment. */
function field(
	key: string,
	label: () => string,
	text: (h: HistoryItem) => string
): KnownField<HistoryItem> {
	return {
		key,
		get label() {
			return label();
		},
		text
	};
}
