import { readReports } from '$lib/state/storage-page';

export async function load({ depends, parent, params }) {
	await parent();
	return readReports('backup', params.id, depends);
}
