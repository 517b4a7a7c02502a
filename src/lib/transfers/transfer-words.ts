import type { CurrentTransfer } from '$lib/api/schemas/transfers';
import { TRANSFER_STATUS } from '$lib/contract';
import { accountWords, type KnownAccount } from '$lib/drives/accounts';
import { formatCount, formatFullDateTime, parseAgentDate } from '$lib/format/cells';
import { formatBytes } from '$lib/format/units';
import { statusText, statusTone } from '$lib/history/history-words';
import { TRANSFER_TYPE_NAMES, flagNames, yesNo } from '$lib/names/enums';
import type { KnownField } from '$lib/record/record-fields';
import type { Tone } from '$lib/ui/tone';

/** A current transfer in words: the list's cells, the panel's fields, why it cannot be canceled. */

/** How a status looks: as in the history, but Canceling and Pausing are work under way. */
export function transferTone(status: number | null | undefined): Tone {
	if (typeof status === 'number' && status & (TRANSFER_STATUS.Canceling | TRANSFER_STATUS.Pausing))
		return 'busy';
	return statusTone(status);
}

export const typeText = (type: number | null | undefined) =>
	typeof type === 'number' ? flagNames(TRANSFER_TYPE_NAMES, type).join(', ') : 'Not given';

/**
 * What a transfer is called: the last folder or file of its side on this computer (a drive's or
 * backup's), else of its source, else its bucket, else its id.
 */
export function transferTitle(t: CurrentTransfer): string {
	const local = !t.sourceBucket ? t.sourcePath : !t.destinationBucket ? t.destinationPath : null;
	const last = (local || t.sourcePath || '').split(/[\\/]/).filter(Boolean).at(-1);
	return last || t.sourceBucket || `Transfer ${String(t.id)}`;
}

const FINISHED: [number, string][] = [
	[TRANSFER_STATUS.Completed, 'It has completed: there is nothing left to cancel.'],
	[TRANSFER_STATUS.Error, 'It has failed: there is nothing left to cancel.'],
	[TRANSFER_STATUS.Canceled, 'It has been canceled already.'],
	[TRANSFER_STATUS.Canceling, 'The agent is canceling it already.']
];

/**
 * Why a transfer cannot be canceled, in words; null when it can (or its status is not known: the
 * agent then decides, and says no in its own words).
 */
export function cancelBlock(status: number | null | undefined): string | null {
	if (typeof status !== 'number') return null;
	return FINISHED.find(([flag]) => (status & flag) !== 0)?.[1] ?? null;
}

/** The accounts the console knows, by id, for their names. */
export type AccountNames = ReadonlyMap<string, KnownAccount>;

export function accountNames(accounts: readonly KnownAccount[]): AccountNames {
	return new Map(accounts.map((a) => [a.id, a]));
}

/** One side of a transfer: this computer's path, or the account, bucket and path in the cloud. */
export function sideText(
	accounts: AccountNames,
	account: string | number | null | undefined,
	bucket: string | null | undefined,
	path: string | null | undefined
): string {
	if (!bucket && (account === null || account === undefined)) return path || '—';
	const id = account === null || account === undefined ? null : String(account);
	const known = id === null ? undefined : accounts.get(id);
	const who = known ? accountWords(known) : id === null ? 'A cloud account' : `The account ${id}`;
	const where = [bucket, path]
		.filter(Boolean)
		.join('/')
		.replace(/\/{2,}/g, '/');
	return `${who}: ${where || '—'}`;
}

const num = (v: number | null | undefined) => (typeof v === 'number' ? v : null);

/** "120 of 342 copied, 20 skipped, 2 failed". */
export function objectsText(t: CurrentTransfer): string {
	const done = num(t.transferred);
	const total = num(t.total);
	if (done === null && total === null) return '—';
	const parts = [
		`${done === null ? '?' : formatCount(done)} of ${total === null ? '?' : formatCount(total)} copied`
	];
	if (num(t.skipped)) parts.push(`${formatCount(t.skipped!)} skipped`);
	if (num(t.failed)) parts.push(`${formatCount(t.failed!)} failed`);
	if (num(t.deleted)) parts.push(`${formatCount(t.deleted!)} deleted`);
	return parts.join(', ');
}

/** Bytes handled (copied, or skipped as there already) of the total; skipped bytes said apart. */
export function sizeText(handled: number | null, total: number | null, skipped = 0): string {
	if (handled === null && total === null) return '—';
	const parts = [
		`${handled === null ? '?' : formatBytes(handled)} of ${total === null ? 'an unknown size' : formatBytes(total)}`
	];
	if (skipped > 0) parts.push(`${formatBytes(skipped)} skipped`);
	return parts.join(', ');
}

/** The list's own figures: bytes handled, and its percent (or one worked out from the bytes). */
export function listedProgress(t: CurrentTransfer): {
	handled: number | null;
	total: number | null;
	percent: number | null;
} {
	const copied = num(t.transferredSize);
	const handled = copied === null ? null : copied + (num(t.skippedSize) ?? 0);
	const total = num(t.totalSize);
	const listed = num(t.percent);
	const percent =
		listed !== null
			? Math.max(0, Math.min(100, Math.floor(listed)))
			: handled !== null && total !== null && total > 0
				? Math.min(100, Math.floor((handled / total) * 100))
				: null;
	return { handled, total, percent };
}

function dateText(value: string | null | undefined): string {
	if (!value) return '—';
	const date = parseAgentDate(value);
	return date ? formatFullDateTime(date) : value;
}

const asSent = (v: unknown) =>
	v === null || v === undefined || v === ''
		? '—'
		: typeof v === 'number'
			? formatCount(v)
			: String(v);

/** A transfer's fields this version knows, in words, in the order the panel shows them. */
export function transferFields(accounts: AccountNames): KnownField<CurrentTransfer>[] {
	return [
		{ key: 'transferType', label: 'Kind', text: (t) => typeText(t.transferType) },
		{ key: 'transferStatus', label: 'Status', text: (t) => statusText(t.transferStatus) },
		{
			key: 'sourcePath',
			label: 'From',
			text: (t) => sideText(accounts, t.sourceCloudAccountId, t.sourceBucket, t.sourcePath)
		},
		{
			key: 'destinationPath',
			label: 'To',
			text: (t) =>
				sideText(accounts, t.destinationCloudAccountId, t.destinationBucket, t.destinationPath)
		},
		{ key: 'total', label: 'Objects', text: objectsText },
		{
			key: 'totalSize',
			label: 'Size',
			text: (t) => {
				const p = listedProgress(t);
				return sizeText(p.handled, p.total, num(t.skippedSize) ?? 0);
			}
		},
		{
			key: 'percent',
			label: 'Done',
			text: (t) => {
				const p = listedProgress(t).percent;
				return p === null ? '—' : `${p} %`;
			}
		},
		{
			key: 'averageSpeed',
			label: 'Average speed',
			text: (t) => (num(t.averageSpeed) === null ? '—' : `${formatBytes(t.averageSpeed!)}/s`)
		},
		{ key: 'allowSkip', label: 'Skip existing', text: (t) => yesNo(t.allowSkip) },
		{
			key: 'keepSourceTree',
			label: 'Keep the folder tree',
			text: (t) => {
				const v = (t as Record<string, unknown>).keepSourceTree;
				return typeof v === 'boolean' ? yesNo(v) : asSent(v);
			}
		},
		{ key: 'requestDate', label: 'Asked for', text: (t) => dateText(t.requestDate) },
		{ key: 'startDate', label: 'Started', text: (t) => dateText(t.startDate) },
		{ key: 'endDate', label: 'Ended', text: (t) => dateText(t.endDate) },
		{ key: 'id', label: 'Transfer ID', text: (t) => String(t.id) },
		// The rest of the older docs' fields, as sent: the ones above say them in words.
		...(
			[
				['transferred', 'Objects copied'],
				['skipped', 'Objects skipped'],
				['failed', 'Objects failed'],
				['deleted', 'Objects deleted'],
				['transferredSize', 'Bytes copied'],
				['skippedSize', 'Bytes skipped'],
				['transferredCost', 'Cost (as the agent counts it)'],
				['allowDelete', 'Deletes at the destination'],
				['sourceCloudAccountId', 'Source account ID'],
				['sourceBucket', 'Source bucket'],
				['sourceRegion', 'Source region'],
				['destinationCloudAccountId', 'Destination account ID'],
				['destinationBucket', 'Destination bucket'],
				['destinationRegion', 'Destination region'],
				['syncCycleId', 'Sync cycle ID'],
				['userId', 'User ID']
			] as const
		).map(([key, label]) => ({
			key,
			label,
			text: (t: CurrentTransfer) => {
				const v = (t as Record<string, unknown>)[key];
				return typeof v === 'boolean' ? yesNo(v) : asSent(v);
			}
		}))
	];
}
