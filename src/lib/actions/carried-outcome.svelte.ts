import { afterNavigate, goto, replaceState } from '$app/navigation';
import { page } from '$app/state';
import type { ActionOutcome } from './action.svelte';

/**
 * An action's outcome said on the page it leads to (a drive removed on its own page, said on the
 * list): carried in the navigation's history state (`page.state`), not in a module. The page
 * that arrives says it while it is there (a search that changes its address keeps it), and takes
 * it off its history entry: Back to it later, or a reload, says nothing, as the outcome is old.
 *
 * Example: `src/lib/drives/RemoveDialog.svelte` (`remove`) and `src/routes/(app)/drives/+page.svelte`.
 */

/** Goes to `url`, where a `CarriedOutcome` says `outcome`. */
export function gotoWithOutcome(url: string, outcome: ActionOutcome): Promise<void> {
	// History state is copied as structured data: an agent error is no class there, and an
	// outcome worth carrying is a success.
	return goto(url, { state: { outcome: { ...outcome, error: null } } });
}

/** The outcome carried to this page, if one was; create it in the page's script. */
export class CarriedOutcome {
	outcome = $state.raw<ActionOutcome | null>(null);

	constructor() {
		afterNavigate(() => {
			const carried = page.state.outcome;
			if (!carried) return;
			this.outcome = carried;
			replaceState('', { ...page.state, outcome: undefined });
		});
	}

	dismiss() {
		this.outcome = null;
	}
}

/**
 * A question another part of the console (jump anywhere) wants this page to ask, as the page's
 * own button asks it: carried in the navigation's history state (`App.PageState['ask']`), so the
 * page's confirmation is the one used, never a second one. Taken off the history entry as it is
 * read, so Back to it later, or a reload, does not ask again. Call it in the page's script.
 */
export function onCarriedAsk(ask: NonNullable<App.PageState['ask']>, asked: () => void) {
	afterNavigate(() => {
		if (page.state.ask !== ask) return;
		replaceState('', { ...page.state, ask: undefined });
		asked();
	});
}
