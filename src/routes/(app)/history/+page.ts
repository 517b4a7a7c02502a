import { historyList, historyScope } from '$lib/history/history-query';
import { readHistoryView, scopeName } from '$lib/history/history-list';
import { DATA, readAgent } from '$lib/page-data/page-data.svelte';

export async function load({ depends, parent, url }) {
	await parent();
	const view = historyList.parse(url.searchParams, historyList.rememberedPageSize);
	const scope = historyScope(url.searchParams);
	return {
		view,
		scope,
		history: readAgent(depends, DATA.history, (signal) => readHistoryView(view, scope, signal)),
		scopeName: scope ? readAgent(depends, DATA.storage, (signal) => scopeName(scope, signal)) : null
	};
}
