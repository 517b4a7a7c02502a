// See https://svelte.dev/docs/kit/types#app.d.ts
declare global {
	namespace App {
		interface Error {
			message: string;
		}
		interface PageState {
			/** The key of a list's row whose panel was opened on this page (see `ListPage`). */
			openRow?: string;
			/** What an action on the page before did, said on this one (see `CarriedOutcome`). */
			outcome?: import('$lib/actions/action.svelte').ActionOutcome;
			/** A question the page asks as its own button would, asked from jump anywhere. */
			ask?: 'sync' | 'invite';
		}
	}
}

export {};
