// See https://svelte.dev/docs/kit/types#app.d.ts
declare global {
	namespace App {
		interface Error {
			message: string;
		}
		interface PageState {
			/** The users-list row whose detail panel is open. */
			userRow?: string;
		}
	}
}

export {};
