import type { Row } from '$lib/api/rows';
import type { CurrentTransfer } from '$lib/api/schemas/transfers';
import { readTransfers } from '$lib/api/transfers';
import { listResult, type ListResult } from '$lib/list/list-query';
import { transfersAsked, type TransfersQuery } from './transfers-query';

export type TransfersResult = ListResult<TransfersQuery, Row<CurrentTransfer>> & {
	/** When the answer came (the page's clock): frames after it are newer than the list. */
	readAt: number;
};

/** One page of the current transfers as the page shows it. */
export async function readTransfersPage(
	query: TransfersQuery,
	signal: AbortSignal
): Promise<TransfersResult> {
	const answer = await readTransfers(transfersAsked(query), { signal });
	return { ...listResult(query, answer), readAt: Date.now() };
}
