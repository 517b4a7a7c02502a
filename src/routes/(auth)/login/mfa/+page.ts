import { redirect } from '@sveltejs/kit';
import { route } from '$lib/routes';
import { session } from '$lib/state/session.svelte';

/** Without a sign-in waiting for its second step there is nothing to do here. */
export async function load({ parent }) {
	await parent();
	if (!session.pendingMfa) redirect(307, route.login());
}
