import { entryWords } from './entry-words';
import { config } from '$lib/config.svelte';
import { parse, Stored } from '$lib/state/stored.svelte';
import type { Severity } from './event-words';
import type { TimelineEntry } from './timeline-entry';
import { Version } from './version.svelte';

/**
 * The problems the live channels brought (failed transfers, errors and warnings), newest last:
 * kept apart from the timeline so a busy hour of routine events cannot push them out. How many
 * arrived since the user last looked at the events is counted per agent.
 */

export type Problem = {
	/** The timeline entry's sequence number, to open it there. */
	seq: number;
	at: number;
	severity: Severity;
	label: string;
	summary: string;
	/** A failed transfer's file name and bucket, as its frame gave them, to match it elsewhere. */
	transfer?: { name: string; storage: string | null };
};

/** The file name and bucket of a failed transfer's frame; undefined for other problems. */
function transferOf({ said }: TimelineEntry): Problem['transfer'] {
	if (said.key !== 'progress' || !said.name) return undefined;
	return { name: said.name, storage: said.storage };
}

const MAX_PROBLEMS = 200;
export const RECENT_MS = 60 * 60_000;

type Listener = (problem: Problem, entry: TimelineEntry) => void;
/** Whether the page open now shows this problem itself (then no toast repeats it). */
type ShownHere = (entry: TimelineEntry) => boolean;

export class Problems {
	readonly #version = new Version();
	#list: Problem[] = [];

	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- callbacks, not state
	readonly #listeners = new Set<Listener>();
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- callbacks, not state
	readonly #shownHere = new Set<ShownHere>();
	/** When the user last looked at the events of this agent. */
	readonly #seenAt = new Stored<number>(
		'local',
		() => `agent-console:problems-seen:${config.agentUrl}`,
		{
			parse: parse.timestamp,
			fallback: 0
		}
	);

	/** Read by every getter: one signal per batch (see `Version`). */
	get version(): number {
		return this.#version.value;
	}

	/**
	 * Alerts each problem among `entries` at once. Quietly (a hidden page), the lists and counts
	 * nobody sees are told on `signal()`, when the page is shown.
	 */
	add(entries: TimelineEntry[], { quiet = false } = {}) {
		let added = false;
		for (const entry of entries) {
			if (!entry.severity) continue;
			// Its words in the language shown, from what the entry says (`entryWords`).
			const problem: Problem = {
				seq: entry.seq,
				at: entry.at,
				severity: entry.severity,
				get label() {
					return entryWords(entry).label;
				},
				get summary() {
					return entryWords(entry).summary;
				}
			};
			const transfer = transferOf(entry);
			if (transfer) problem.transfer = transfer;
			this.#list.push(problem);
			added = true;
			for (const listener of this.#listeners) listener(problem, entry);
		}
		if (!added) return;
		if (this.#list.length > MAX_PROBLEMS) this.#list = this.#list.slice(-MAX_PROBLEMS);
		this.#version.changed({ quiet });
	}

	/** Tells the views of what was taken quietly. */
	signal() {
		this.#version.signal();
	}

	/** Problems of the last hour, newest first. */
	recent(now = Date.now()): Problem[] {
		void this.#version.value;
		return this.#list.filter((p) => now - p.at <= RECENT_MS).reverse();
	}

	/** Problems since the user last looked at the events. */
	get unseen(): number {
		void this.#version.value;
		const seen = this.#seenAt.value;
		let count = 0;
		for (let i = this.#list.length - 1; i >= 0 && this.#list[i]!.at > seen; i--) count++;
		return count;
	}

	/** The user is looking at the events: nothing is new any more. */
	markSeen(at = Date.now()) {
		if (this.#seenAt.value < at) this.#seenAt.set(at);
	}

	onProblem(listener: Listener): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	/**
	 * A page that shows some problems itself (a share's failed mount on the shares' pages) says
	 * which while it is open; the returned function stops.
	 */
	showsHere(shown: ShownHere): () => void {
		this.#shownHere.add(shown);
		return () => this.#shownHere.delete(shown);
	}

	isShownHere(entry: TimelineEntry): boolean {
		for (const shown of this.#shownHere) if (shown(entry)) return true;
		return false;
	}

	clear() {
		this.#list = [];
		this.#version.changed();
	}
}
