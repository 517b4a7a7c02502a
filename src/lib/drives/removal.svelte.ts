import type { StorageKind } from '$lib/api/drives';
import type { ActionOutcome } from '$lib/actions/action.svelte';
import { formatCount } from '$lib/format/cells';

/**
 * Removing a drive or backup, beyond what `removalWords` says before: where files still to upload
 * go (the development agent's answer: they stay in the cache folder, a backup's own folder, which
 * the agent leaves on disk), the outcome said after, and that outcome carried to /drives, as the
 * removed item's page goes with it.
 */

const whereLeft = (kind: StorageKind) => (kind === 'drive' ? 'its cache folder' : 'its own folder');

/** What happens to the files still to upload, said before removing; null when none is. */
export function pendingFate(kind: StorageKind, pendingUpload: number | null): string | null {
	if (pendingUpload === 0) return null;
	return `Files still to upload are not uploaded after the ${kind} is removed: they stay in ${whereLeft(kind)} on this computer, which the agent leaves on disk.`;
}

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
