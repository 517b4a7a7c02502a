import { resolve } from '$app/paths';

/** Typed links to every page that exists; templates never build paths by hand. */
export const route = {
	overview: () => resolve('/'),
	settings: () => resolve('/settings')
};
