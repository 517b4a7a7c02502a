import type { TransfersAsked } from '$lib/api/transfers';
import { defineList, type ListQuery } from '$lib/list/list-query';
import { route } from '$lib/routes';
import { m } from '$lib/paraglide/messages';

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
			// Getters: a label is read in the language of the moment.
			{
				key: 'transfer',
				flag: 1,
				get label() {
					return m.transfers_type_transfers();
				}
			},
			{
				key: 'sync',
				flag: 2,
				get label() {
					return m.transfers_type_syncs();
				}
			},
			{
				key: 'initial-sync',
				flag: 4,
				get label() {
					return m.transfers_type_initial_syncs();
				}
			},
			{
				key: 'manual',
				flag: 8,
				get label() {
					return m.transfers_type_manual();
				}
			}
		]
	}
});

export type TransfersSort = keyof typeof transfersList.sorts;
export type TransfersQuery = ListQuery<TransfersSort, 'type'>;

/** The kinds a filter keeps, as the middle of a sentence: "No syncs or initial syncs now." */
const TYPES_IN_SENTENCE: [number, () => string][] = [
	[1, m.transfers_type_transfers_in_sentence],
	[2, m.transfers_type_syncs_in_sentence],
	[4, m.transfers_type_initial_syncs_in_sentence],
	[8, m.transfers_type_manual_in_sentence]
];

/** The empty list's words for a kind filter: "No manual transfers now." */
export function noneOfType(flags: number): string {
	const kinds = TYPES_IN_SENTENCE.filter(([flag]) => (flags & flag) !== 0).map(([, say]) => say());
	if (!kinds.length) return m.transfers_none_of_type({ kinds: '' });
	return m.transfers_none_of_type({
		kinds: kinds.reduce((first, next) => m.transfers_type_or({ first, next }))
	});
}

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
