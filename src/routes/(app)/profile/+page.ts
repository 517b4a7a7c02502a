import { user } from '$lib/api/authentication';
import { session } from '$lib/state/session.svelte';
import { DATA, readAgent } from '$lib/page-data/page-data.svelte';

export async function load({ depends, parent }) {
	await parent();
	return {
		profile: readAgent(depends, DATA.profile, async (signal) => {
			const profile = await user({ signal });
			// The header's menu shows the same profile: it follows what this page read.
			session.updated(profile);
			return profile;
		})
	};
}
