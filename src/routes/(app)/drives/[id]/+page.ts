import { readFilesByState } from '$lib/drives/page-loads';

export async function load({ depends, parent, params, url }) {
	await parent();
	return readFilesByState('drive', params.id, url, depends);
}
