import { readConfig } from '$lib/drives/config-loads';

export async function load({ depends, parent, url }) {
	await parent();
	return { ...readConfig('backup', null, depends), from: url.searchParams.get('from') };
}
