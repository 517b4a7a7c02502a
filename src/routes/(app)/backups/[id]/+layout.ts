import { readReports } from '$lib/drives/page-loads';

export async function load({ depends, parent, params }) {
	await parent();
	return readReports('backup', params.id, depends);
}
