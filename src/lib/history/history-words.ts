import {
	CLOUD_TYPE_NAMES,
	TRANSFER_DIRECTION_NAMES,
	TRANSFER_ORIGIN_NAMES,
	TRANSFER_STATUS_NAMES,
	flagNames,
	nameOf
} from '$lib/names/enums';
import type { HistoryItem } from '$lib/api/schemas/history';
import { formatCount, formatFullDateTime, parseAgentDate } from '$lib/format/cells';
import type { KnownField } from '$lib/record/record-fields';
import { formatBytes, formatDuration } from '$lib/format/units';
import type { Tone } from '$lib/ui/tone';
import { errorWithAdvice } from '$lib/history/error-advice';

/** A transfer history entry in words: the list's cells and the panel's fields. */

export function statusText(status: number | null | undefined): string {
	if (status === null || status === undefined) return 'Not given';
	return flagNames(TRANSFER_STATUS_NAMES, status).join(', ');
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
	typeof o === 'number' ? flagNames(TRANSFER_ORIGIN_NAMES, o).join(', ') : 'Not given';

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
		`${done === null ? '?' : formatCount(done)} of ${total === null ? '?' : formatCount(total)}`
	];
	if (n(h.failedObjects)) parts.push(`${formatCount(h.failedObjects!)} failed`);
	if (n(h.skippedObjects)) parts.push(`${formatCount(h.skippedObjects!)} skipped`);
	return parts.join(', ');
}

/** Transferred of total size, in the console's units (the agent's strings are for the panel). */
export function sizeText(h: HistoryItem): string {
	const total = typeof h.totalSize === 'number' ? formatBytes(h.totalSize) : h.totalSizeString;
	const done =
		typeof h.transferredSize === 'number'
			? formatBytes(h.transferredSize)
			: h.transferredSizeString;
	if (!total && !done) return '—';
	if (done && total && h.transferredSize !== h.totalSize) return `${done} of ${total}`;
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
		? flagNames(CLOUD_TYPE_NAMES, provider).join(', ')
		: 'This computer';

/** One side of a transfer: this computer's path, or the bucket and path in the cloud. */
export function sideText(
	provider: number | null | undefined,
	account: string | null | undefined,
	bucket: string | null | undefined,
	path: string | null | undefined
): string {
	if (!bucket) return path || '—';
	return `${cloud(provider)}${account ? ` (${account})` : ''}: ${bucket}/${path ?? ''}`;
}

/** The entry's fields this version knows, in words, in the order the panel shows them. */
export const HISTORY_FIELDS: KnownField<HistoryItem>[] = [
	{ key: 'name', label: 'Name', text: (h) => h.name || '—' },
	{ key: 'transferStatus', label: 'Status', text: (h) => statusText(h.transferStatus) },
	{ key: 'errorMessage', label: 'Error', text: (h) => errorWithAdvice(h.errorMessage) },
	{ key: 'direction', label: 'Direction', text: (h) => directionText(h.direction) },
	{ key: 'origin', label: 'Started by', text: (h) => originText(h.origin) },
	{
		key: 'sourcePath',
		label: 'From',
		text: (h) =>
			sideText(h.sourceCloudProvider, h.sourceCloudAccountName, h.sourceBucket, h.sourcePath)
	},
	{
		key: 'destinationPath',
		label: 'To',
		text: (h) =>
			sideText(
				h.destinationCloudProvider,
				h.destinationCloudAccountName,
				h.destinationBucket,
				h.destinationPath
			)
	},
	{ key: 'totalObjects', label: 'Objects', text: objectsText },
	{ key: 'totalSize', label: 'Size', text: sizeText },
	{ key: 'averageSpeed', label: 'Average speed', text: speedText },
	{ key: 'startDate', label: 'Started', text: (h) => dateText(h.startDate) },
	{ key: 'endDate', label: 'Ended', text: (h) => dateText(h.endDate) },
	{
		key: 'userName',
		label: 'By',
		text: (h) => [h.userName, h.userEmail].filter(Boolean).join(', ') || '—'
	},
	{ key: 'id', label: 'Entry ID', text: (h) => String(h.id) },
	// The rest of the contract's fields, as sent: the ones above say them in words.
	...(
		[
			['transferredObjects', 'Objects transferred'],
			['failedObjects', 'Objects failed'],
			['skippedObjects', 'Objects skipped'],
			['transferredSize', 'Bytes transferred'],
			['totalSizeString', 'Size (the agent’s words)'],
			['transferredSizeString', 'Transferred (the agent’s words)'],
			['sourceCloudProvider', 'Source cloud'],
			['sourceCloudAccountName', 'Source account'],
			['sourceBucket', 'Source bucket'],
			['destinationCloudProvider', 'Destination cloud'],
			['destinationCloudAccountName', 'Destination account'],
			['destinationBucket', 'Destination bucket'],
			['userEmail', 'E-mail'],
			['userId', 'User ID'],
			['accountId', 'Account ID'],
			['sourceCloudAccountId', 'Source account ID'],
			['destinationCloudAccountId', 'Destination account ID']
		] as const
	).map(([key, label]) => ({
		key,
		label,
		text: (h: HistoryItem) => {
			const v = (h as Record<string, unknown>)[key];
			if (v === null || v === undefined || v === '') return '—';
			if (key.endsWith('CloudProvider') && typeof v === 'number') return cloud(v);
			return typeof v === 'number' ? formatCount(v) : String(v);
		}
	}))
];
