import { request, type RequestOptions } from './client.ts';
import { pagingParams, toPage, type PageAsked, type RowsPage } from './rows.ts';
import { emptySchema } from './schemas/agent.ts';
import { historyItemSchema, historyPageSchema, type HistoryItem } from './schemas/history.ts';

type Options = Pick<RequestOptions, 'signal' | 'agentUrl' | 'timeoutMs'>;

export type HistoryAsked = PageAsked & {
	sortField: string;
	descending: boolean;
	/** TransferHistoryOrigin flags; 0 for all. */
	origin: number;
	/** TransferStatus flags; 0 for all. */
	status: number;
	/** 1 Upload, 2 Download; 0 for both. */
	direction: number;
};

/** One page of the transfer history (token); admins get the account's, others their own. */
export async function readHistory(
	query: HistoryAsked,
	options: Options = {}
): Promise<RowsPage<HistoryItem>> {
	const answer = await request(historyPageSchema, '/transferhistory/get_all', {
		...options,
		auth: true,
		query: {
			...pagingParams(query),
			origin: query.origin || undefined,
			status: query.status || undefined,
			direction: query.direction || undefined
		}
	});
	return toPage(
		historyItemSchema,
		{ ...answer, pageSize: answer.options?.pageSize },
		query,
		(h) => h.id
	);
}

export function deleteHistoryEntry(id: string | number, options: Options = {}) {
	return request(emptySchema, '/transferhistory/delete', {
		...options,
		method: 'DELETE',
		auth: true,
		query: { id }
	});
}
