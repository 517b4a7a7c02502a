import { loadConfigFile } from '$lib/api/client';
import { config } from '$lib/config.svelte';

// A single-page app: nothing renders on a server, every route is built in the browser.
export const ssr = false;
export const prerender = false;

export async function load() {
	if (!config.loaded) await config.load(loadConfigFile);
}
