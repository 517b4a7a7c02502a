import type { StorageKind } from '$lib/api/drives';
import type { ActionOutcome } from '$lib/actions/action.svelte';
import { formatCount } from '$lib/format/cells';

/**
 * Removing a drive or backup, after `removalWords` has said what it does: the outcome in words
 * (files still to upload stay in the cache folder, a backup's own folder, which the development
 * agent leaves on disk), carried to /drives, as the removed item's page goes with it.
 */

const whereLeft = (kind: StorageKind) => (kind === 'drive' ? 'its cache folder' : 'its own folder');

/** What removing did, in words, from the numbers read just before. */
export function removedWords(kind: StorageKind, name: string, pendingUpload: number | null) {
	const left =
		typeof pendingUpload === 'number' && pendingUpload > 0
			? ` ${formatCount(pendingUpload)} ${pendingUpload === 1 ? 'file still to upload stays' : 'files still to upload stay'} in ${whereLeft(kind)} on this computer.`
			: '';
	return `Removed the ${kind} "${name}". Its files in the cloud stay.${left}`;
}

/** The outcome of the last removal, for the list of drives to say once the page has gone. */
class RemovalNotice {
	outcome = $state.raw<ActionOutcome | null>(null);

	say(outcome: ActionOutcome | null) {
		this.outcome = outcome;
	}

	reset() {
		this.outcome = null;
	}
}

export const removalNotice = new RemovalNotice();
