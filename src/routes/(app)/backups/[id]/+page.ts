import { readFiles } from '$lib/drives/page-loads';

export async function load({ depends, parent, params, url }) {
	await parent();
	return readFiles('backup', params.id, url, depends);
}
