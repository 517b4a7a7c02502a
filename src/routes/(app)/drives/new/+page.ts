import { redirect } from '@sveltejs/kit';
import { readConfig } from '$lib/drives/config-loads';
import { route } from '$lib/routes';

export async function load({ depends, parent, url }) {
	await parent();
	const from = url.searchParams.get('from');
	// A backup's form has its own page; `?kind=backup` (a duplicate's link) goes there.
	if (url.searchParams.get('kind') === 'backup') redirect(307, route.newBackup(from));
	return { ...readConfig('drive', null, depends), from };
}
