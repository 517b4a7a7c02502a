import { readFiles } from '$lib/state/storage-page';

export async function load({ depends, parent, params, url }) {
	await parent();
	return readFiles('drive', params.id, url, depends);
}
