import { listBackups, listDrives, readActivity } from '$lib/api/drives';
import { readHistory } from '$lib/api/history';
import type { Row } from '$lib/api/rows';
import type { HistoryItem } from '$lib/api/schemas/history';
import { listResult, type ListResult } from '$lib/list/list-query';
import { historyAsked, type HistoryScope, type HistoryQuery } from '$lib/history/history-query';

export type HistoryResult = ListResult<HistoryQuery, Row<HistoryItem>> & {
	/** Narrowed to one drive or backup: the agent's transfer_activity, which filters after paging. */
	scoped: boolean;
};

/**
 * One page of the transfer history as the page shows it. Narrowed to a drive or backup, it is
 * that drive's transfer activity (the agent has no drive filter on the history itself): status
 * and direction still filter, origin and sort are not offered there.
 */
export async function readHistoryPage(
	query: HistoryQuery,
	scope: HistoryScope,
	signal: AbortSignal
): Promise<HistoryResult> {
	const answer = scope
		? await readActivity(
				scope.kind,
				scope.id,
				{
					page: query.page,
					pageSize: query.pageSize,
					direction: query.direction,
					status: query.status
				},
				{ signal }
			)
		: await readHistory(historyAsked(query), { signal });
	return { ...listResult(query, answer), scoped: scope !== null };
}

/** The name of the drive or backup the history is narrowed to; null when the agent has none. */
export async function scopeName(scope: NonNullable<HistoryScope>, signal: AbortSignal) {
	const list = await (scope.kind === 'drive' ? listDrives : listBackups)({ signal });
	const found = list.drives.find((d) => d.id.toLowerCase() === scope.id.toLowerCase());
	return found ? found.name || 'Unnamed' : null;
}
