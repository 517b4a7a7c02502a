import { readTransfersPage } from '$lib/transfers/transfers-list';
import { transfersList } from '$lib/transfers/transfers-query';
import { DATA, readAgent } from '$lib/page-data/page-data.svelte';

export async function load({ depends, parent, url }) {
	await parent();
	const query = transfersList.parse(url.searchParams, transfersList.rememberedPageSize);
	return {
		query,
		transfers: readAgent(depends, DATA.transfers, (signal) => readTransfersPage(query, signal))
	};
}
