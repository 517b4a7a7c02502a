import { redirect } from '@sveltejs/kit';
import { route } from '$lib/routes';
import { session } from '$lib/state/session.svelte';

/** The guard: signed out, go and sign in, then come back here. */
export async function load({ parent, url }) {
	await parent();
	if (!session.signedIn) redirect(307, route.login({ next: url.pathname + url.search + url.hash }));
}
