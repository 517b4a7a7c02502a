import { onChangeCall } from '$lib/api/client';
import { addToJournal, loadJournal } from './journal-store';
import { announcedEntry, consoleEntry, JOURNAL_CAP, merged, type JournalEntry } from './journal';
import { live } from './live.svelte';

/**
 * The journal of the agent and user signed in: what is kept, then each change as it ends (the
 * console's from `onChangeCall`, other clients' from the agent's AppNotification), shown at once
 * and written at once. Started by the signed-in area's layout, as the live channels are.
 */
class Journal {
	entries = $state.raw<JournalEntry[]>([]);
	/** False until what was kept has been read (the page says "loading" meanwhile). */
	loaded = $state(false);
	#owner: string | null = null;
	#stop: (() => void) | null = null;

	/** Keeps `owner`'s journal; `who` says who is signed in (asked at each change). */
	start(owner: string, who: () => string | null) {
		if (this.#owner === owner) return;
		this.stop();
		this.#owner = owner;
		this.loaded = false;
		const add = (entry: JournalEntry | null) => {
			if (!entry || this.#owner !== owner) return;
			this.entries = merged(this.entries, [entry], JOURNAL_CAP);
			void addToJournal(owner, [entry], JOURNAL_CAP);
		};
		const offCalls = onChangeCall((call) => add(consoleEntry(call, who())));
		const offFrames = live.notification.onFrame(
			(frame, at) => add(announcedEntry(frame.Data, at)),
			['app-notification']
		);
		this.#stop = () => (offCalls(), offFrames());
		void loadJournal(owner).then((kept) => {
			if (this.#owner !== owner) return;
			this.entries = merged(kept, this.entries, JOURNAL_CAP);
			this.loaded = true;
		});
	}

	stop() {
		this.#stop?.();
		this.#stop = null;
		this.#owner = null;
		this.entries = [];
		this.loaded = false;
	}
}

export const journal = new Journal();
