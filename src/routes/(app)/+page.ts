import { readStorageList } from '$lib/api/drives';
import { readHistory } from '$lib/api/history';
import { checkUpdate } from '$lib/api/management';
import { ERROR_STATUS } from '$lib/history/history-query';
import { DATA, readAgent } from '$lib/page-data/page-data.svelte';

export async function load({ depends, parent }) {
	await parent();
	return {
		update: readAgent(depends, DATA.update, (signal) => checkUpdate({ signal })),
		storage: readAgent(depends, DATA.storage, (signal) => readStorageList({ signal })),
		/** The newest failed transfers: the problems card keeps those of the last hour. */
		failures: readAgent(depends, DATA.history, (signal) =>
			readHistory(
				{
					page: 1,
					pageSize: 50,
					sortField: 'StartDate',
					descending: true,
					origin: 0,
					status: ERROR_STATUS,
					direction: 0
				},
				{ signal }
			)
		)
	};
}
