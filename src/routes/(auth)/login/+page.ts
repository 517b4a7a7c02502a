import { config } from '$lib/config.svelte';
import { loadFailure } from '$lib/ui/load-failure.svelte';

/**
 * The identity provider's part is fetched only where one is configured (a build ships none), and
 * before the page is drawn, so that nothing on it moves as the part arrives. If it cannot be
 * fetched, the page signs in without it and the root layout offers a reload.
 */
export async function load({ parent }) {
	await parent();
	if (!config.runtime.identityProvider) return { ProviderSignIn: null };
	const module = await loadFailure
		.watch(() => import('$lib/authentication/ProviderSignIn.svelte'))
		.catch(() => null);
	return { ProviderSignIn: module?.default ?? null };
}
