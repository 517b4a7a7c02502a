import { readFiles } from '$lib/state/storage-page';

export async function load({ depends, parent, params, url }) {
	await parent();
	return readFiles('backup', params.id, url, depends);
}
