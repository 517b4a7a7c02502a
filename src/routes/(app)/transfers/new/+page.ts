import { readAccountSources } from '$lib/drives/config-loads';
import { DATA, readAgent } from '$lib/page-data/page-data.svelte';

/** What names the cloud accounts the agent uses, for the two pickers. */
export async function load({ depends, parent }) {
	await parent();
	return { accountSources: readAgent(depends, DATA.drivesAndBackups, readAccountSources) };
}
