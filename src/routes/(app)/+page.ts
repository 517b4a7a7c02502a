import { checkUpdate } from '$lib/api/management';
import { DATA, readAgent } from '$lib/page-data/page-data.svelte';
import { readFailures, readDrivesAndBackups } from './overview-reads';

export async function load({ depends, parent }) {
	await parent();
	return {
		update: readAgent(depends, DATA.update, (signal) => checkUpdate({ signal })),
		drivesAndBackups: readAgent(depends, DATA.drivesAndBackups, readDrivesAndBackups),
		failures: readAgent(depends, DATA.history, readFailures)
	};
}
