import { redirect } from '@sveltejs/kit';
import { route, safeNext } from '$lib/routes';
import { session } from '$lib/state/session.svelte';

/** Someone already signed in has nothing to do on the sign-in pages: on to where they were going. */
export async function load({ parent, url }) {
	await parent();
	if (session.signedIn && url.pathname !== route.providerCallback()) {
		redirect(307, safeNext(url.searchParams.get('next'), url.origin) ?? route.overview());
	}
}
