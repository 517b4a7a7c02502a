import type { TransfersAsked } from '$lib/api/transfers';
import { defineList, type ListQuery } from '$lib/list/list-query';
import { route } from '$lib/routes';

/** The agent's current transfers: their view in the URL, as every list paged on the agent. */
export const transfersList = defineList({
	name: 'transfers',
	route: route.transfers,
	sorts: {
		requested: 'RequestDate',
		started: 'StartDate',
		size: 'TotalSize',
		percent: 'Percent',
		status: 'TransferStatus'
	},
	defaultSort: 'requested',
	descendingFirst: ['requested', 'started', 'size', 'percent'],
	filters: {
		/** TransferType flags, as `transfer/get_all` takes them. */
		type: [
			{ key: 'transfer', flag: 1, label: 'Transfers' },
			{ key: 'sync', flag: 2, label: 'Syncs' },
			{ key: 'initial-sync', flag: 4, label: 'Initial syncs' },
			{ key: 'manual', flag: 8, label: 'Manual transfers' }
		]
	}
});

export type TransfersSort = keyof typeof transfersList.sorts;
export type TransfersQuery = ListQuery<TransfersSort, 'type'>;

/** The `transfer` parameter: which transfer's panel is open. Not part of the list's query. */
export const OPEN_TRANSFER_PARAM = 'transfer';

export function transfersAsked(query: TransfersQuery): TransfersAsked {
	return {
		page: query.page,
		pageSize: query.pageSize,
		sortField: transfersList.sorts[query.sort],
		descending: query.order === 'desc',
		type: query.type
	};
}
