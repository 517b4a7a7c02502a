import { redirect } from '@sveltejs/kit';
import { route } from '$lib/routes';
import { DATA } from '$lib/page-data/page-data.svelte';
import { session } from '$lib/state/session.svelte';
import { unsaved } from '$lib/form/unsaved.svelte';
import { isolateAgentText } from '$lib/i18n/isolate';

// Names in the console's sentences, from here on (the sign-in page does not carry the code).
isolateAgentText();

/** The guard: signed out, go and sign in, then come back here. */
export async function load({ depends, parent, url, untrack, route: page, params }) {
	// The session belongs to an agent: another address, check again. And every read of agent data
	// checks first: a refresh racing the end of a session must not keep the page.
	depends(...Object.values(DATA));
	await parent();
	// Checked again on each page (its route and parameters), not on each change of a page's
	// query: reading the URL itself would run this, and every load below it, on every filter.
	void [page.id, ...Object.values(params)];
	const next = untrack(() => url.pathname + url.search + url.hash);
	// Never over unsaved input: the page stays, and says the session ended (see +layout.svelte).
	if (!session.signedIn && !unsaved.any) redirect(307, route.login({ next }));
}
