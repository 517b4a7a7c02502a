import type { CurrentTransfer } from '$lib/api/schemas/transfers';
import { TRANSFER_STATUS } from '$lib/contract';
import { accountWords, type KnownAccount } from '$lib/drives/accounts';
import { formatCount, formatFullDateTime, parseAgentDate } from '$lib/format/cells';
import { formatBytes } from '$lib/format/units';
import { statusText, statusTone } from '$lib/history/history-words';
import { TRANSFER_TYPE_NAMES, flagNames, yesNo } from '$lib/names/enums';
import type { KnownField } from '$lib/record/record-fields';
import type { Tone } from '$lib/ui/tone';
import { m } from '$lib/paraglide/messages';
import { formatList } from '$lib/format/lists';

/** A current transfer in words: the list's cells, the panel's fields, why it cannot be canceled. */

/** How a status looks: as in the history, but Canceling and Pausing are work under way. */
export function transferTone(status: number | null | undefined): Tone {
	if (typeof status === 'number' && status & (TRANSFER_STATUS.Canceling | TRANSFER_STATUS.Pausing))
		return 'busy';
	return statusTone(status);
}

export const typeText = (type: number | null | undefined) =>
	typeof type === 'number'
		? formatList(flagNames(TRANSFER_TYPE_NAMES, type))
		: m.transfers_not_given();

/** The kind of a transfer inside a sentence: "The agent stops this initial sync." */
const TYPE_IN_SENTENCE: Readonly<Record<number, () => string>> = {
	1: m.transfers_type_one_transfer,
	2: m.transfers_type_one_sync,
	4: m.transfers_type_one_initial_sync,
	8: m.transfers_type_one_manual
};

export function typeInSentence(type: number | null | undefined): string {
	const bits = [1, 2, 4, 8].filter((b) => typeof type === 'number' && (type & b) !== 0);
	// A kind without a name of its own is said as the list says it.
	if (typeof type !== 'number' || type <= 0 || bits.reduce((all, b) => all | b, 0) !== type)
		return typeText(type).toLowerCase();
	return joinParts(bits.map((b) => TYPE_IN_SENTENCE[b]!()));
}

/**
 * What a transfer is called: the last folder or file of its side on this computer (a drive's or
 * backup's), else of its source, else its bucket, else its id.
 */
export function transferTitle(t: CurrentTransfer): string {
	const local = !t.sourceBucket ? t.sourcePath : !t.destinationBucket ? t.destinationPath : null;
	const last = (local || t.sourcePath || '').split(/[\\/]/).filter(Boolean).at(-1);
	return last || t.sourceBucket || m.transfers_title_id({ id: String(t.id) });
}

const FINISHED: [number, () => string][] = [
	[TRANSFER_STATUS.Completed, m.transfers_block_completed],
	[TRANSFER_STATUS.Error, m.transfers_block_failed],
	[TRANSFER_STATUS.Canceled, m.transfers_block_canceled],
	[TRANSFER_STATUS.Canceling, m.transfers_block_canceling]
];

/**
 * Why a transfer cannot be canceled, in words; null when it can (or its status is not known: the
 * agent then decides, and says no in its own words).
 */
export function cancelBlock(status: number | null | undefined): string | null {
	if (typeof status !== 'number') return null;
	return FINISHED.find(([flag]) => (status & flag) !== 0)?.[1]() ?? null;
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
	const who = known
		? accountWords(known)
		: id === null
			? m.transfers_side_cloud_account()
			: m.transfers_side_account({ id });
	const where = [bucket, path]
		.filter(Boolean)
		.join('/')
		.replace(/\/{2,}/g, '/');
	return m.transfers_side({ who, where: where || '—' });
}

const num = (v: number | null | undefined) => (typeof v === 'number' ? v : null);

/** Parts of one cell in a row: "a, b, c" (in Japanese "a、b、c"). */
function joinParts(parts: string[]): string {
	return parts.reduce((first, next) => m.transfers_parts({ first, next }));
}

/** "120 of 342 copied, 20 skipped, 2 failed". */
export function objectsText(t: CurrentTransfer): string {
	const done = num(t.transferred);
	const total = num(t.total);
	if (done === null && total === null) return '—';
	const parts = [
		m.transfers_objects_copied({
			done: done === null ? '?' : formatCount(done),
			total: total === null ? '?' : formatCount(total)
		})
	];
	if (num(t.skipped)) parts.push(m.transfers_objects_skipped({ count: formatCount(t.skipped!) }));
	if (num(t.failed)) parts.push(m.transfers_objects_failed({ count: formatCount(t.failed!) }));
	if (num(t.deleted)) parts.push(m.transfers_objects_deleted({ count: formatCount(t.deleted!) }));
	return joinParts(parts);
}

/** Bytes handled (copied, or skipped as there already) of the total; skipped bytes said apart. */
export function sizeText(handled: number | null, total: number | null, skipped = 0): string {
	if (handled === null && total === null) return '—';
	const shown = handled === null ? '?' : formatBytes(handled);
	const parts = [
		total === null
			? m.transfers_size_of_unknown({ handled: shown })
			: m.transfers_size_of({ handled: shown, total: formatBytes(total) })
	];
	if (skipped > 0) parts.push(m.transfers_size_skipped({ size: formatBytes(skipped) }));
	return joinParts(parts);
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
		{ key: 'transferType', label: m.transfers_field_kind(), text: (t) => typeText(t.transferType) },
		{
			key: 'transferStatus',
			label: m.transfers_field_status(),
			text: (t) => statusText(t.transferStatus)
		},
		{
			key: 'sourcePath',
			label: m.transfers_field_from(),
			text: (t) => sideText(accounts, t.sourceCloudAccountId, t.sourceBucket, t.sourcePath)
		},
		{
			key: 'destinationPath',
			label: m.transfers_field_to(),
			text: (t) =>
				sideText(accounts, t.destinationCloudAccountId, t.destinationBucket, t.destinationPath)
		},
		{ key: 'total', label: m.transfers_field_objects(), text: objectsText },
		{
			key: 'totalSize',
			label: m.transfers_field_size(),
			text: (t) => {
				const p = listedProgress(t);
				return sizeText(p.handled, p.total, num(t.skippedSize) ?? 0);
			}
		},
		{
			key: 'percent',
			label: m.transfers_field_done(),
			text: (t) => {
				const p = listedProgress(t).percent;
				return p === null ? '—' : `${p} %`;
			}
		},
		{
			key: 'averageSpeed',
			label: m.transfers_field_average_speed(),
			text: (t) => (num(t.averageSpeed) === null ? '—' : `${formatBytes(t.averageSpeed!)}/s`)
		},
		{ key: 'allowSkip', label: m.transfers_field_skip_existing(), text: (t) => yesNo(t.allowSkip) },
		{
			key: 'keepSourceTree',
			label: m.transfers_field_keep_tree(),
			text: (t) => {
				const v = (t as Record<string, unknown>).keepSourceTree;
				return typeof v === 'boolean' ? yesNo(v) : asSent(v);
			}
		},
		{
			key: 'requestDate',
			label: m.transfers_field_asked_for(),
			text: (t) => dateText(t.requestDate)
		},
		{ key: 'startDate', label: m.transfers_field_started(), text: (t) => dateText(t.startDate) },
		{ key: 'endDate', label: m.transfers_field_ended(), text: (t) => dateText(t.endDate) },
		{ key: 'id', label: m.transfers_field_transfer_id(), text: (t) => String(t.id) },
		// The rest of the older docs' fields, as sent: the ones above say them in words.
		...(
			[
				['transferred', m.transfers_field_objects_copied],
				['skipped', m.transfers_field_objects_skipped],
				['failed', m.transfers_field_objects_failed],
				['deleted', m.transfers_field_objects_deleted],
				['transferredSize', m.transfers_field_bytes_copied],
				['skippedSize', m.transfers_field_bytes_skipped],
				['transferredCost', m.transfers_field_cost],
				['allowDelete', m.transfers_field_allow_delete],
				['sourceCloudAccountId', m.transfers_field_source_account_id],
				['sourceBucket', m.transfers_field_source_bucket],
				['sourceRegion', m.transfers_field_source_region],
				['destinationCloudAccountId', m.transfers_field_destination_account_id],
				['destinationBucket', m.transfers_field_destination_bucket],
				['destinationRegion', m.transfers_field_destination_region],
				['syncCycleId', m.transfers_field_sync_cycle_id],
				['userId', m.transfers_field_user_id]
			] as const
		).map(([key, label]) => ({
			key,
			label: label(),
			text: (t: CurrentTransfer) => {
				const v = (t as Record<string, unknown>)[key];
				return typeof v === 'boolean' ? yesNo(v) : asSent(v);
			}
		}))
	];
}
