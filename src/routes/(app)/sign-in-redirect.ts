import { goto } from '$app/navigation';
import { route } from '$lib/routes';

/**
 * The one way from the signed-in area to sign-in once a session has ended in a page: the
 * session's end (sign-out here or in another tab, a 401, expiry) and "Sign in again" both come
 * here, and however many of them notice at once, the browser goes to sign in once. (Entering
 * the area signed out is the guard's load, which redirects before anything renders.)
 */
let underway: Promise<void> | null = null;

export function goToSignIn(next: string): Promise<void> {
	underway ??= goto(route.login({ next }), { replaceState: true }).finally(() => {
		underway = null;
	});
	return underway;
}
