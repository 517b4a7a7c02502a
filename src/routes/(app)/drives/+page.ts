import { readDriveOrBackupList } from '$lib/api/drives';
import { DATA, readAgent } from '$lib/page-data/page-data.svelte';

export async function load({ depends, parent }) {
	await parent();
	return {
		drivesAndBackups: readAgent(depends, DATA.drivesAndBackups, (signal) =>
			readDriveOrBackupList({ signal })
		)
	};
}
