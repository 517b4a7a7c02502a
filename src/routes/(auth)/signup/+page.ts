import { readProviderPart } from '$lib/authentication/provider-part';

export async function load({ parent }) {
	await parent();
	return readProviderPart();
}
