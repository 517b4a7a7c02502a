import { readConfig } from '$lib/drives/config-loads';

export async function load({ depends, parent, params }) {
	await parent();
	return { ...readConfig('drive', params.id, depends), from: null };
}
