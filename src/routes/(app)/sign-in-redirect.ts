import { goto } from '$app/navigation';
import { route } from '$lib/routes';

/**
 * The one way from the signed-in area to sign-in once a session has ended in a page: the
 * session's end (sign-out here or in another tab, a 401, expiry) and "Sign in again" both come
 * here, and however many of them notice at once, the browser goes to sign in once. A call for
 * another page to come back to goes all the same: the page moved meanwhile (a navigation that
 * was under way when the session ended overtook the first), and sign-in must still follow.
 * (Entering the area signed out is the guard's load, which redirects before anything renders.)
 */
let underway: { target: string; done: Promise<void> } | null = null;

export function goToSignIn(next: string): Promise<void> {
	const target = route.login({ next });
	if (underway?.target === target) return underway.done;
	const done = goto(target, { replaceState: true }).finally(() => {
		if (underway?.done === done) underway = null;
	});
	underway = { target, done };
	return done;
}
