import type { HistoryAsked } from '$lib/api/history';
import { route } from '$lib/routes';
import { defineList, type ListQuery } from '$lib/list/list-query';

/** The transfer history: its view in the URL, the recipe of every list paged on the agent. */
export const historyList = defineList({
	name: 'history',
	route: route.history,
	sorts: {
		started: 'StartDate',
		ended: 'EndDate',
		name: 'Name',
		size: 'TotalSize',
		speed: 'AverageSpeed',
		status: 'TransferStatus'
	},
	defaultSort: 'started',
	descendingFirst: ['started', 'ended', 'size', 'speed'],
	filters: {
		/** TransferStatus flags. */
		status: [
			{ key: 'created', flag: 1, label: 'Created' },
			{ key: 'running', flag: 2, label: 'Running' },
			{ key: 'completed', flag: 4, label: 'Completed' },
			{ key: 'canceled', flag: 8, label: 'Canceled' },
			{ key: 'error', flag: 16, label: 'Failed' },
			{ key: 'canceling', flag: 32, label: 'Canceling' },
			{ key: 'pausing', flag: 64, label: 'Pausing' },
			{ key: 'paused', flag: 128, label: 'Paused' }
		],
		/** TransferHistoryDirection: one or the other; both is no filter. */
		direction: [
			{ key: 'upload', flag: 1, label: 'Uploads' },
			{ key: 'download', flag: 2, label: 'Downloads' }
		],
		/** TransferHistoryOrigin flags. */
		origin: [
			{ key: 'direct', flag: 1, label: 'Direct transfer' },
			{ key: 'drive', flag: 2, label: 'Drive' },
			{ key: 'sync', flag: 4, label: 'Sync or backup' },
			{ key: 'fastr-local', flag: 8, label: 'Fastr, local' },
			{ key: 'server-to-server', flag: 16, label: 'Fastr, server to server' }
		]
	}
});

export type HistorySort = keyof typeof historyList.sorts;
export type HistoryQuery = ListQuery<HistorySort, 'status' | 'direction' | 'origin'>;

/** The drive or backup the history is narrowed to: `?drive=<id>` or `?backup=<id>`. */
export type HistoryScope = { kind: 'drive' | 'backup'; id: string } | null;

/** The `entry` parameter: which entry's panel is open. Not part of the list's query. */
export const OPEN_ENTRY_PARAM = 'entry';

/** The Error flag of TransferStatus: the "errors only" view. */
export const ERROR_STATUS = 16;

export function historyScope(params: URLSearchParams): HistoryScope {
	for (const kind of ['drive', 'backup'] as const) {
		const id = params.get(kind)?.trim();
		if (id && id.length <= 200) return { kind, id };
	}
	return null;
}

/** A link to the history showing this view, narrowed to one drive or backup when given. */
export function historyHref(query: Partial<HistoryQuery>, scope: HistoryScope = null): string {
	return historyList.href(query, scope ? { [scope.kind]: scope.id } : {});
}

export function historyAsked(query: HistoryQuery): HistoryAsked {
	return {
		page: query.page,
		pageSize: query.pageSize,
		sortField: historyList.sorts[query.sort],
		descending: query.order === 'desc',
		origin: query.origin,
		status: query.status,
		direction: query.direction
	};
}
