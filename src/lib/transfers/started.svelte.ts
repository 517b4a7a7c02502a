import type { TransferRequest } from '$lib/api/transfers';
import type { CurrentTransfer } from '$lib/api/schemas/transfers';
import { session } from '$lib/state/session.svelte';

/**
 * The copy this tab started last: the agent answers a start without an id, so the list finds
 * its row by what was asked (the same buckets and paths, asked for since), and says so.
 */
class Started {
	/** `words` says it in the language of the moment it is read. */
	last = $state.raw<{ body: TransferRequest; at: number; words: () => string } | null>(null);

	note(body: TransferRequest, words: () => string) {
		this.last = { body, at: Date.now(), words };
	}

	/** Whether a listed transfer is the copy started here (asked for at most a minute before). */
	is(t: CurrentTransfer): boolean {
		const last = this.last;
		if (!last) return false;
		const bare = (p: string | null | undefined) => (p ?? '').trim().replace(/^\/+/, '');
		const asked = Date.parse(t.requestDate ?? '');
		return (
			t.sourceBucket === last.body.sourceBucket &&
			t.destinationBucket === last.body.destinationBucket &&
			bare(t.sourcePath) === bare(last.body.sourcePath) &&
			bare(t.destinationPath) === bare(last.body.destinationPath) &&
			(!Number.isFinite(asked) || asked >= last.at - 60_000)
		);
	}

	dismiss() {
		this.last = null;
	}

	reset() {
		this.last = null;
	}
}

export const started = new Started();
// Another session is another person's: what this one started is not theirs to see marked.
session.onEnd(() => started.reset());
