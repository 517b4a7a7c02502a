import { readReports } from '$lib/drives/page-loads';

export async function load({ depends, parent, params }) {
	await parent();
	return readReports('drive', params.id, depends);
}
