import { error } from '@sveltejs/kit';
import { readShareConfig } from '$lib/shares/share-loads';

export async function load({ depends, parent, params }) {
	await parent();
	if (params.kind !== 'smb' && params.kind !== 'nfs')
		error(404, `There are SMB and NFS shares; "${params.kind}" is neither.`);
	return readShareConfig(params.kind, params.id, depends);
}
