import { readReports } from '$lib/state/storage-page';

export async function load({ depends, parent, params }) {
	await parent();
	return readReports('drive', params.id, depends);
}
