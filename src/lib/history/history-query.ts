import type { HistoryAsked } from '$lib/api/history';
import { route } from '$lib/routes';
import { defineList, type FlagChoice, type ListQuery } from '$lib/list/list-query';
import { m } from '$lib/paraglide/messages';

/** A filter's choice whose label is read in the language of the moment. */
function choice(key: string, flag: number, label: () => string): FlagChoice {
	return {
		key,
		flag,
		get label() {
			return label();
		}
	};
}

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
			choice('created', 1, m.words_transfer_created),
			choice('running', 2, m.words_transfer_running),
			choice('completed', 4, m.words_transfer_completed),
			choice('canceled', 8, m.words_transfer_canceled),
			choice('error', 16, m.words_transfer_failed),
			choice('canceling', 32, m.words_transfer_canceling),
			choice('pausing', 64, m.words_transfer_pausing),
			choice('paused', 128, m.words_transfer_paused)
		],
		/** TransferHistoryDirection: one or the other; both is no filter. */
		direction: [
			choice('upload', 1, m.words_history_filter_uploads),
			choice('download', 2, m.words_history_filter_downloads)
		],
		/** TransferHistoryOrigin flags. */
		origin: [
			choice('direct', 1, m.words_origin_direct),
			choice('drive', 2, m.words_origin_drive),
			choice('sync', 4, m.words_origin_sync),
			choice('fastr-local', 8, m.words_origin_fastr_local),
			choice('server-to-server', 16, m.words_origin_fastr_server)
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
