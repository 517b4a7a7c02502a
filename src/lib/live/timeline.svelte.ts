import { parse, Stored } from '$lib/state/stored.svelte';
import { language } from '$lib/state/language.svelte';
import type { ChannelName } from '$lib/contract';
import type { EventKind } from './event-words';
import { gapEntry, payloadText, type NewEntry, type TimelineEntry } from './timeline-entry';
import { Version } from './version.svelte';
import { entryWords, entryWordsInEnglish } from './entry-words';
import { compileRegex, loadRegexEngine, regexEngine, regexEngineFailure } from './regex-search';

/**
 * The merged event list of both channels: bounded (the oldest drop first and are counted),
 * filterable, pausable (it keeps buffering; the view stays), with gap markers where a channel was
 * down. Entries arrive in batches (one per draw, `live.svelte.ts`); the filtered list is kept up
 * to date incrementally, so a batch costs its own size, not the size of the list.
 */

export type TimelineFilter = {
	channel: ChannelName | null;
	kind: EventKind | null;
	q: string;
	/** Read `q` as a regular expression (case-insensitive) instead of plain text. */
	regex?: boolean;
	/** Only failed transfers, errors and warnings. */
	problems: boolean;
};

export type Search = {
	test: (text: string) => boolean;
	/** Why the pattern cannot be used; every event stays then. */
	error: string | null;
	/** Settles when the regular-expression engine is here: until then nothing matches. */
	loading: Promise<void> | null;
};

/**
 * The search as a test on an event's text: plain text, or a regular expression when asked, run on
 * an engine that cannot hang the tab (fetched on first use). A pattern that cannot be used says why
 * and searches nothing out (every event stays).
 */
export function compileSearch(q: string, regex = false): Search {
	if (!q) return { test: () => true, error: null, loading: null };
	if (!regex) {
		const needle = q.toLowerCase();
		return { test: (text) => text.includes(needle), error: null, loading: null };
	}
	const engine = regexEngine();
	if (engine) return { ...compileRegex(q, engine), loading: null };
	const failure = regexEngineFailure();
	if (failure !== null)
		return {
			test: () => true,
			error: `The regular-expression search could not be loaded (${failure}): reload the page to try again`,
			loading: null
		};
	// Nothing matches until the engine is here, rather than every event for a moment.
	return { test: () => false, error: null, loading: loadRegexEngine() };
}

const compiled = new WeakMap<TimelineFilter, Search>();
function searchOf(filter: TimelineFilter) {
	let search = compiled.get(filter);
	if (!search) compiled.set(filter, (search = compileSearch(filter.q, filter.regex)));
	return search;
}

export const RETENTION_CHOICES = [1_000, 5_000, 10_000, 50_000] as const;

/** The retention cap the user chose, remembered per browser. */
export const storedRetention = new Stored<number | null>(
	'local',
	'agent-console:events-retention',
	{
		parse: parse.oneOf(RETENTION_CHOICES),
		fallback: null
	}
);
export const DEFAULT_RETENTION = 10_000;

const searchText = new WeakMap<TimelineEntry, { locale: string; text: string }>();

/**
 * What the search reads of an event: its kind and summary in English (as exported) and as shown
 * in the console's language, and its frame. Made once per entry and language, from what the
 * entry says (`said`), without reading its frame.
 */
function textOf(entry: TimelineEntry): string {
	const locale = `${language.tag} ${language.formats}`;
	let kept = searchText.get(entry);
	if (kept?.locale !== locale) {
		const english = entryWordsInEnglish(entry);
		const shown = entryWords(entry);
		const same = shown.label === english.label && shown.summary === english.summary;
		const words = same ? '' : ` ${shown.label} ${shown.summary}`;
		const text = `${english.label} ${english.summary}${words} ${payloadText(entry)}`.toLowerCase();
		searchText.set(entry, (kept = { locale, text }));
	}
	return kept.text;
}

export function matches(entry: TimelineEntry, filter: TimelineFilter): boolean {
	// Gap markers stay whatever the filter: they say events may be missing from this view too.
	if (entry.kind === 'gap') return filter.channel === null || entry.channel === filter.channel;
	if (filter.channel && entry.channel !== filter.channel) return false;
	if (filter.kind && entry.kind !== filter.kind) return false;
	if (filter.problems && !entry.severity) return false;
	return !filter.q || searchOf(filter).test(textOf(entry));
}

/** The first index whose entry has seq > `seq` (entries are in seq order). */
function firstAfter(list: TimelineEntry[], seq: number): number {
	let lo = 0;
	let hi = list.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (list[mid]!.seq <= seq) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

export class Timeline {
	/** Changed on every change; readers of the getters below depend on it (see `Version`). */
	readonly #version = new Version();
	cap = $state(DEFAULT_RETENTION);
	/** Events dropped to stay within the cap since the last clear. */
	dropped = $state(0);
	paused = $state(false);
	filter = $state.raw<TimelineFilter>({ channel: null, kind: null, q: '', problems: false });

	#entries: TimelineEntry[] = [];
	#filtered: TimelineEntry[] = [];
	#seq = 0;
	#pausedAt = 0;
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- read through `version`: one signal per batch, not one per entry
	#openGaps = new Map<ChannelName, TimelineEntry>();
	#shownView: { version: number; list: TimelineEntry[] } | null = null;

	/**
	 * The entries the view shows, oldest first: frozen at the pause while paused. A new array per
	 * change (the list is appended to in place, and readers compare by identity).
	 */
	get shown(): TimelineEntry[] {
		const version = this.#version.value;
		if (this.#shownView?.version !== version) {
			const list = this.paused
				? this.#filtered.slice(0, firstAfter(this.#filtered, this.#pausedAt))
				: this.#filtered.slice();
			this.#shownView = { version, list };
		}
		return this.#shownView.list;
	}

	/** Matching entries that arrived since the pause. */
	get newWhilePaused(): number {
		void this.#version.value;
		return this.paused ? this.#filtered.length - firstAfter(this.#filtered, this.#pausedAt) : 0;
	}

	/** Everything kept, whatever the filter. */
	get size(): number {
		void this.#version.value;
		return this.#entries.length;
	}

	get version(): number {
		return this.#version.value;
	}

	/** Tells the views of what was appended quietly. */
	signal() {
		this.#version.signal();
	}

	/**
	 * Adds a batch; returns the entries as kept (with their sequence numbers). Quietly (a hidden
	 * page), the views are told on `signal()`.
	 */
	append(batch: NewEntry[], { quiet = false } = {}): TimelineEntry[] {
		if (batch.length === 0) return [];
		const added: TimelineEntry[] = [];
		for (const item of batch) {
			// Numbered in place: entries are made for the timeline (a copy each would double the
			// garbage of a flood).
			const entry = item as TimelineEntry;
			entry.seq = ++this.#seq;
			added.push(entry);
			this.#entries.push(entry);
			if (matches(entry, this.filter)) this.#filtered.push(entry);
		}
		this.#trim();
		this.#version.changed({ quiet });
		return added;
	}

	find(seq: number): TimelineEntry | undefined {
		void this.#version.value;
		const entry = this.#entries[firstAfter(this.#entries, seq) - 1];
		return entry?.seq === seq ? entry : undefined;
	}

	/** A channel went down: a marker that stays open until it is back. */
	openGap(channel: ChannelName, at: number, reason: string) {
		if (this.#openGaps.has(channel)) return;
		this.append([gapEntry(channel, { from: at, to: null, reason })]);
		const added = this.#entries.at(-1);
		if (added) this.#openGaps.set(channel, added);
	}

	closeGap(channel: ChannelName, at: number) {
		const entry = this.#openGaps.get(channel);
		if (!entry?.gap) return;
		this.#openGaps.delete(channel);
		// A new object, so views that compare entries by identity see the change.
		const closed: TimelineEntry = { ...entry, gap: { ...entry.gap, to: at } };
		for (const list of [this.#entries, this.#filtered]) {
			const index: number = firstAfter(list, entry.seq) - 1;
			if (list[index] === entry) list[index] = closed;
		}
		this.#version.changed();
	}

	/** The search of the current filter: why it cannot be used, or that its engine is loading. */
	get search(): Search {
		void this.#version.value;
		return searchOf(this.filter);
	}

	setFilter(filter: TimelineFilter) {
		if (JSON.stringify(filter) === JSON.stringify(this.filter)) return;
		this.filter = filter;
		this.#refilter();
	}

	#refilter() {
		const filter = this.filter;
		this.#filtered = this.#entries.filter((e) => matches(e, filter));
		this.#version.changed();
		// The regular-expression engine arrived: filter again with it, if the filter is still this one.
		void searchOf(filter).loading?.then(() => {
			if (this.filter !== filter) return;
			compiled.delete(filter);
			this.#refilter();
		});
	}

	setCap(cap: number) {
		this.cap = cap;
		this.#trim();
		this.#version.changed();
	}

	pause() {
		if (this.paused) return;
		this.#pausedAt = this.#seq;
		this.paused = true;
		this.#version.changed();
	}

	resume() {
		this.paused = false;
		this.#version.changed();
	}

	/** Empties the timeline; a channel still down stays marked unless `keepOpenGaps` is false. */
	clear(keepOpenGaps = true) {
		this.#entries = [];
		this.#filtered = [];
		this.dropped = 0;
		this.#pausedAt = this.#seq;
		const open = keepOpenGaps ? [...this.#openGaps] : [];
		this.#openGaps.clear();
		for (const [channel, entry] of open)
			if (entry.gap) this.openGap(channel, entry.gap.from, entry.gap.reason);
		this.#version.changed();
	}

	#trim() {
		const over = this.#entries.length - this.cap;
		if (over <= 0) return;
		const oldest = this.#entries[over - 1]!.seq;
		this.#entries = this.#entries.slice(over);
		this.#filtered = this.#filtered.slice(firstAfter(this.#filtered, oldest));
		this.dropped += over;
	}
}
