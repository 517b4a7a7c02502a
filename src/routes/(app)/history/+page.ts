import { historyList, historyScope } from '$lib/history/history-query';
import { readHistoryPage, scopeName } from '$lib/history/history-list';
import { DATA, readAgent } from '$lib/page-data/page-data.svelte';

export async function load({ depends, parent, url }) {
	await parent();
	const query = historyList.parse(url.searchParams, historyList.rememberedPageSize);
	const scope = historyScope(url.searchParams);
	return {
		query,
		scope,
		history: readAgent(depends, DATA.history, (signal) => readHistoryPage(query, scope, signal)),
		scopeName: scope
			? readAgent(depends, DATA.drivesAndBackups, (signal) => scopeName(scope, signal))
			: null
	};
}
