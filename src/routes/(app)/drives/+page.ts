import { readStorageList } from '$lib/api/drives';
import { DATA, readAgent } from '$lib/page-data/page-data.svelte';

export async function load({ depends, parent }) {
	await parent();
	return {
		storage: readAgent(depends, DATA.storage, (signal) => readStorageList({ signal }))
	};
}
