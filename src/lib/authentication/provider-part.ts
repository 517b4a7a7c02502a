import { config } from '$lib/config.svelte';
import { loadFailure } from '$lib/ui/load-failure.svelte';

/**
 * The identity provider's part of the sign-in and sign-up pages, fetched only where a provider is
 * configured (a build ships none), and in the page's load, before the page is drawn, so that
 * nothing on it moves as the part arrives. If it cannot be fetched, the page works without it
 * and the root layout offers a reload.
 */
export async function readProviderPart() {
	if (!config.runtime.identityProvider) return { ProviderSignIn: null };
	const module = await loadFailure
		.watch(() => import('$lib/authentication/ProviderSignIn.svelte'))
		.catch(() => null);
	return { ProviderSignIn: module?.default ?? null };
}
