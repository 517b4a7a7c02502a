import { readFilesByState } from '$lib/drives/page-loads';

export async function load({ depends, parent, params, url }) {
	await parent();
	return readFilesByState('backup', params.id, url, depends);
}
