import { readShares } from '$lib/api/shares';
import { DATA, readAgent } from '$lib/page-data/page-data.svelte';

export async function load({ depends, parent }) {
	await parent();
	return { shares: readAgent(depends, DATA.shares, (signal) => readShares({ signal })) };
}
