import { readShareConfig } from '$lib/shares/share-loads';

export async function load({ depends, parent, url }) {
	await parent();
	return readShareConfig(url.searchParams.get('kind') === 'nfs' ? 'nfs' : 'smb', null, depends);
}
