import { clock } from '$lib/ui/clock.svelte';
import { download } from '$lib/list/csv';
import { UrlSearch } from '$lib/list/url-search.svelte';
import { ViewChanges } from '$lib/list/view-changes';
import { toCsv, toJsonLines } from '$lib/live/export';
import { live } from '$lib/live/live.svelte';
import { storedRetention } from '$lib/live/timeline.svelte';
import type { TimelineEntry } from '$lib/live/timeline-entry';
import { parse, Stored } from '$lib/state/stored.svelte';
import { eventsHref, type EventsQuery } from './events-query';

const SEARCH_DELAY_MS = 250;

/** Where the page goes for another view of the events (SvelteKit's `goto`, as the page uses it). */
type Navigate = (
	href: string,
	options: { keepFocus: boolean; noScroll: boolean; replaceState: boolean }
) => unknown;

/** The timeline list as the page draws it: the controller only brings it back to the top. */
type ListView = { toTop(): void };

/**
 * The events page's state and wiring: the timeline filtered by the URL, the event open in the
 * detail pane, the pause (asked for, held while the reader scrolls away, or while an event is
 * open), the clock the times count from, exports. The page lays it out. Create it while the page
 * initialises (it uses effects).
 */
export class EventsPage {
	readonly timeline = live.timeline;
	/** Times as the clock says them, or as how long ago: remembered per browser. */
	readonly timeStyle = new Stored<'absolute' | 'relative'>('local', 'agent-console:events-times', {
		parse: parse.oneOf(['absolute', 'relative'] as const),
		fallback: 'absolute'
	});
	readonly search: UrlSearch;
	/** The event open in the detail pane; a link (`open`) selects its event once. */
	selectedSeq = $state<number | null>(null);
	/** The list holds still while an event is open, so its row stays where it is. */
	inspecting = $state(false);
	/** The list holds still while the reader scrolls down through older events. */
	held = $state(false);
	/** The timeline list drawn, once the page has it. */
	list = $state<ListView | undefined>();

	readonly #query: () => EventsQuery;
	readonly #navigate: Navigate;
	#opened: number | null = null;

	constructor(query: () => EventsQuery, navigate: Navigate) {
		this.#query = query;
		this.#navigate = navigate;
		this.search = new UrlSearch(
			() => this.query.q,
			(q, replaceState) => void this.show({ q }, replaceState),
			SEARCH_DELAY_MS
		);
		const saved = storedRetention.value;
		if (saved !== null) live.setCap(saved);
		$effect(() => this.filterByUrl());
		// Looking at the events: the problems that came meanwhile are not new any more.
		$effect(() => {
			void live.problems.version;
			live.problems.markSeen();
		});
		$effect(() => this.openLinked());
	}

	/** The timeline filters what it keeps by the URL's filters (an effect follows the URL). */
	filterByUrl() {
		const { channel, kind, q, regex, problems } = this.query;
		this.timeline.setFilter({ channel, kind, q, regex, problems });
	}

	/** A link to one event (`open`) selects it, once per link (an effect follows the URL). */
	openLinked() {
		const open = this.query.open;
		if (open !== null && open !== this.#opened) {
			this.#opened = open;
			this.select(open);
		}
	}

	get query(): EventsQuery {
		return this.#query();
	}

	readonly allLive = $derived(live.channels.every((c) => c.status.kind === 'live'));
	/** The timeline's own search, so the words match what it filters by. */
	readonly searchError = $derived(this.query.regex ? this.timeline.search.error : null);
	readonly searchLoading = $derived(this.query.regex && this.timeline.search.loading !== null);
	readonly activeFilters = $derived(
		[this.query.channel, this.query.kind, this.query.q, this.query.problems || null].filter(Boolean)
			.length
	);
	readonly filtered = $derived(
		this.query.channel !== null ||
			this.query.kind !== null ||
			this.query.q !== '' ||
			this.query.problems
	);
	readonly shown = $derived(this.timeline.shown);
	readonly transfers = $derived(this.query.view === 'transfers' ? live.transfers.list : []);
	readonly files = $derived(this.query.view === 'files' ? live.fileStates.list : []);
	/**
	 * By the second while something counts seconds (times as how long ago, an open event's age, a
	 * channel's retry); else in the channel cards' 5 s steps, so an idle page wakes less often.
	 */
	readonly now = $derived(
		clock.every(
			this.timeStyle.value === 'relative' || this.selectedSeq !== null || !this.allLive
				? 1000
				: 5000
		)
	);
	readonly selectedEntry = $derived(
		this.selectedSeq === null ? null : (this.timeline.find(this.selectedSeq) ?? null)
	);

	/** Another view of the events: the URL changes, the page follows. */
	show(change: Partial<EventsQuery>, replaceState = false) {
		return this.#changes.change(change, async (query) => {
			await this.#navigate(eventsHref(query), { keepFocus: true, noScroll: true, replaceState });
		});
	}
	readonly #changes = new ViewChanges(() => this.query);

	select(seq: number) {
		this.selectedSeq = seq;
		if (!this.timeline.paused) {
			this.inspecting = true;
			this.timeline.pause();
		}
	}

	/** Closing the pane lets the list move again, unless the user paused it. */
	closeDetail() {
		this.selectedSeq = null;
		if (this.inspecting) {
			this.inspecting = false;
			this.held = false;
			this.timeline.resume();
		}
	}

	/** A row clicked: its event opens, or closes when it is the one open. */
	toggle(entry: TimelineEntry) {
		if (this.selectedSeq === entry.seq) this.closeDetail();
		else this.select(entry.seq);
	}

	/** The reader scrolled away from the newest events, or back to them. */
	scrolled(away: boolean) {
		if (away && !this.timeline.paused) {
			this.held = true;
			this.timeline.pause();
		} else if (!away && this.held && !this.inspecting) {
			this.held = false;
			this.timeline.resume();
		}
	}

	togglePause() {
		this.held = false;
		this.inspecting = false;
		// What arrived before the click is shown, not counted as new while paused.
		live.flush();
		if (this.timeline.paused) this.jumpToLatest();
		else this.timeline.pause();
	}

	jumpToLatest() {
		this.held = false;
		this.inspecting = false;
		this.timeline.resume();
		this.list?.toTop();
	}

	changeCap(cap: number) {
		storedRetention.set(cap);
		live.setCap(cap);
	}

	toggleTimeStyle() {
		this.timeStyle.set(this.timeStyle.value === 'relative' ? 'absolute' : 'relative');
	}

	/** What the timeline shows, as a file to download. */
	exportShown(kind: 'jsonl' | 'csv') {
		const entries = this.timeline.shown;
		// eslint-disable-next-line svelte/prefer-svelte-reactivity -- a file name's stamp, not state
		const stamp = new Date().toISOString().replace(/[:]/g, '-').replace(/\..*/, '');
		download(
			kind === 'csv' ? toCsv(entries) : toJsonLines(entries),
			kind === 'csv' ? 'text/csv;charset=utf-8' : 'application/x-ndjson',
			`agent-events-${stamp}.${kind}`
		);
	}
}
