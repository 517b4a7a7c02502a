import { readDriveOrBackupList } from '$lib/api/drives';
import { readShares } from '$lib/api/shares';
import { DATA, readAgent } from '$lib/page-data/page-data.svelte';

/** What the journal's drives, backups and shares are called now (it keeps their ids). */
export async function load({ depends, parent }) {
	await parent();
	return {
		drives: readAgent(depends, DATA.drivesAndBackups, (signal) =>
			readDriveOrBackupList({ signal })
		),
		shares: readAgent(depends, DATA.shares, (signal) => readShares({ signal }))
	};
}
