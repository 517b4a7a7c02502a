import { error } from '@sveltejs/kit';
import { m } from '$lib/paraglide/messages';
import { readShareConfig } from '$lib/shares/share-loads';

export async function load({ depends, parent, params }) {
	await parent();
	if (params.kind !== 'smb' && params.kind !== 'nfs')
		error(404, m.shares_kind_neither({ kind: params.kind }));
	return readShareConfig(params.kind, params.id, depends);
}
