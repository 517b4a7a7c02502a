import { readStorageList } from '$lib/api/drives';
import { checkUpdate } from '$lib/api/management';
import { DATA, readAgent } from '$lib/page-data/page-data.svelte';

export async function load({ depends, parent }) {
	await parent();
	return {
		update: readAgent(depends, DATA.update, (signal) => checkUpdate({ signal })),
		storage: readAgent(depends, DATA.storage, (signal) => readStorageList({ signal }))
	};
}
