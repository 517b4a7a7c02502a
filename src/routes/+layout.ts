import { readConfigFile } from '$lib/api/client';
import { config } from '$lib/config.svelte';
import { language } from '$lib/state/language.svelte';

// A single-page app: nothing renders on a server, every route is built in the browser.
export const ssr = false;
export const prerender = false;

export async function load() {
	// The chosen language's messages come before the first page is drawn: no flash of English.
	await Promise.all([config.loaded || config.load(readConfigFile), language.ready()]);
}
