import type { NotificationFrame, StateChangeFrame } from '$lib/api/schemas/frames';
import type { ChannelName } from '$lib/contract';
import { LiveChannel, type ChannelStatus } from './channel.svelte';
import { FileStates } from './file-states.svelte';
import { Timeline, storedRetention } from './timeline.svelte';
import { gapEntry, type NewEntry } from './timeline-entry';
import { Transfers } from './transfers.svelte';
import type { FileState, Transfer } from './live-records';
import { Problems } from './problems.svelte';
import { activityOf, haltOf, SAMPLE_MS, Throughput } from './activity';
import { agentStatusMonitor } from '$lib/state/agent-status.svelte';
import { connectHub, type Keeper } from './hub-client';
import { clock } from '$lib/ui/clock.svelte';
import { loadTimeline, type Restored } from './timeline-store';
import { BURST } from './protocol';

/** Longest the channels wait for the kept timeline before they open anyway. */
const RESTORE_WAIT_MS = 1500;

/** Longest a batch waits when the page gets no animation frames (a background window). */
const FLUSH_FALLBACK_MS = 250;

/**
 * Least time between two draws of a trickle: the live views change every 3 s at most (less a
 * little, as ticks are not exact), the throughput samples (every 5 s) taken at one of those draws.
 * At the agent's ordinary rate a draw of the page costs more than everything else the open
 * console does; a burst is still drawn at once.
 */
const TRICKLE_MS = 3000;
/** How soon after a change the agent announced its status is read. */
const ANNOUNCED_MS = 250;
const TICK_SLACK_MS = 200;

/**
 * The agent's two channels, open while the user is in the signed-in area, and what they feed:
 * the timeline, live transfers and file states. The hub sends frames read and added up; they are
 * collected as they arrive and handed over together (see `#schedule`), so a flood costs one
 * update of each view per draw.
 */
class Live {
	// The hub: one socket per channel for all the console's tabs, its frames read off the main
	// thread, where the browser has SharedWorker; a worker of the tab's own where it has only
	// Worker; else on this page, with the same messages.
	readonly #hub = connectHub();
	// Their counts change when their frames are drawn (`flush`), in the same frame.
	readonly notification = new LiveChannel<NotificationFrame>('notification', this.#hub, {
		publishedByOwner: true
	});
	readonly statechange = new LiveChannel<StateChangeFrame>('statechange', this.#hub, {
		publishedByOwner: true
	});
	readonly channels = [this.notification, this.statechange] as const;
	readonly timeline = new Timeline();
	readonly transfers = new Transfers();
	readonly fileStates = new FileStates();
	readonly problems = new Problems();
	readonly throughput = new Throughput();
	#sampler: ReturnType<typeof setInterval> | null = null;
	/** When the page was hidden while sampling: a break in the chart when it is shown. */
	#hiddenAt: number | null = null;
	/** The hub's keeping of the timeline in IndexedDB, for the agent and user listened for. */
	#store: Keeper | null = null;
	#owner: string | null = null;
	/** Whose events are in memory: another user's must go before this one's are shown. */
	#shownFor: string | null = null;

	#entries: NewEntry[] = [];
	#transfers: Transfer[] = [];
	#states: FileState[] = [];
	#frame: number | null = null;
	#timer: ReturnType<typeof setTimeout> | null = null;
	/** A trickle waits for the clock's next tick (see `#schedule`). */
	#waitingForTick = false;
	#flushedAt = -Infinity;
	#sampleDue = false;
	#statusSoon: ReturnType<typeof setTimeout> | null = null;

	constructor() {
		for (const channel of this.channels) {
			channel.onBatch(({ reads, transfers, fileStates }) => {
				let problem = false;
				// Each frame's entry as the hub made it: kept and shown as it is.
				for (const { entry } of reads) {
					if (entry.severity) problem = true;
					this.#entries.push(entry);
				}
				for (const transfer of transfers ?? []) this.#transfers.push(transfer);
				for (const state of fileStates ?? []) this.#states.push(state);
				this.#schedule(problem);
			});
			channel.onStatus((status) => this.#statusChanged(channel.name, status));
		}
		// The agent announces on its notification channel each change made through its API (another
		// console's Pause, a sign-in), and the channel drops when the agent goes away: while it is
		// live the status is read every 30 s, a moment after each announcement (once for a burst),
		// and at once when the channel comes or goes. A hidden tab reads it when shown.
		this.notification.onFrame(() => {
			if (this.#statusSoon !== null) return;
			this.#statusSoon = setTimeout(() => {
				this.#statusSoon = null;
				agentStatusMonitor.refreshSoon();
			}, ANNOUNCED_MS);
		}, ['app-notification']);
		this.notification.onStatus(({ kind }) => {
			if ((kind === 'live') === agentStatusMonitor.channelLive) return;
			agentStatusMonitor.channelLive = kind === 'live';
			if (typeof document === 'undefined' || !document.hidden) agentStatusMonitor.refreshSoon();
		});
		// Shown again: what came while hidden reaches the views in one go, with what the stores
		// took quietly meanwhile (a problem's batch), at the next flush.
		if (typeof document !== 'undefined')
			document.addEventListener('visibilitychange', () => {
				if (document.hidden) {
					this.#pauseSampling();
				} else {
					this.#schedule(false);
					this.#resumeSampling();
				}
			});
	}

	/**
	 * Whether this tab alerts for a problem while hidden (browser notifications on): only then is a
	 * hidden tab woken for one at once; otherwise problems come with the rest when it is shown.
	 */
	alertsWhenHidden(on: boolean) {
		this.#hub.alertsWhenHidden(on);
	}

	/**
	 * Calls `then` once a newer console's hub takes over from this tab's (`handover.ts`): the
	 * channels stop here, as they would get nothing more.
	 */
	onSuperseded(then: () => void) {
		this.#hub.onSuperseded(() => {
			this.stop();
			then();
		});
	}

	/** Listens to the agent at `agentUrl` for the user `owner` names (`timelineOwner()`). */
	start(agentUrl: string, owner: string) {
		if (this.#owner !== owner) {
			this.#store?.close();
			if (this.#shownFor !== null && this.#shownFor !== owner) this.#forget();
			this.#shownFor = owner;
			// The cap the user chose bounds what is kept, in memory and in storage, from the start.
			const cap = storedRetention.value;
			if (cap !== null && cap !== this.timeline.cap) this.timeline.setCap(cap);
			const store = this.#hub.keeper(agentUrl, owner, this.timeline.cap);
			this.#store = store;
			this.#owner = owner;
			const empty = this.timeline.size === 0;
			// What was kept comes first, then what arrives: the channels open once it is read (or
			// after a short wait, when storage is slow). Read late, it is still shown if nothing
			// has arrived meanwhile (a reload just after a flood, while the last writes finish).
			const loading = loadTimeline(owner, this.timeline.cap).catch((): Restored => ({
				entries: [],
				lastAt: null
			}));
			void loading.then((restored) => {
				if (this.#store === store && empty && this.timeline.size === 0) this.#restore(restored);
			});
			const waited = Promise.race([
				loading,
				new Promise<void>((resolve) => setTimeout(resolve, RESTORE_WAIT_MS))
			]);
			void waited.then(() => {
				if (this.#store !== store) return;
				for (const channel of this.channels) channel.start(agentUrl);
			});
		} else {
			for (const channel of this.channels) channel.start(agentUrl);
		}
		if (typeof document === 'undefined' || !document.hidden) this.#startSampler();
		else this.#hiddenAt ??= Date.now();
	}

	/** Samples every SAMPLE_MS, at the trickle's next draw: the chart and the figures in one frame. */
	#startSampler() {
		this.#sampler ??= setInterval(() => {
			this.#sampleDue = true;
			if (!this.#waitingForTick) this.#waitingForTick = this.#atTrickleTick();
			if (!this.#waitingForTick) this.#sample();
		}, SAMPLE_MS);
	}

	#stopSampler() {
		if (this.#sampler !== null) clearInterval(this.#sampler);
		this.#sampler = null;
	}

	/**
	 * Hidden, the page takes no samples: the hub holds the transfers' progress until the tab is
	 * shown, so a sample would chart the figures of the moment it was hidden (or zeros for
	 * transfers started since), and its timer would wake a page nobody sees every 5 s.
	 */
	#pauseSampling() {
		// Not listening (signed out): no samples to pause.
		if (this.#owner === null) return;
		this.#stopSampler();
		this.#hiddenAt ??= Date.now();
	}

	/**
	 * Shown again: the time it was hidden is a break in the chart (no figures then, rather than
	 * figures it did not see), and sampling goes on from the next tick, with what the hub held.
	 */
	#resumeSampling() {
		if (this.#owner === null) return;
		const hiddenAt = this.#hiddenAt;
		this.#hiddenAt = null;
		if (hiddenAt !== null && Date.now() - hiddenAt >= SAMPLE_MS && this.throughput.samples.length)
			this.throughput.add(hiddenAt, 'hidden');
		this.#startSampler();
	}

	stop() {
		for (const channel of this.channels) channel.stop();
		// Signing out ends the listening; what was kept stays for the next sign-in to this agent.
		this.#store?.close();
		this.#store = null;
		this.#owner = null;
		this.#hiddenAt = null;
		this.#stopSampler();
	}

	/** Forgets every event, transfer and file state, here and in the kept timeline. */
	clear() {
		this.flush();
		void this.#store?.clear();
		this.#forget(true);
	}

	/**
	 * Forgets what is in memory: on Clear, or when another user signs in (the last one's kept
	 * timeline stays theirs, and when they stopped listening means nothing to this one).
	 */
	#forget(keepOpenGaps = false) {
		this.#entries = [];
		this.#transfers = [];
		this.#states = [];
		this.timeline.clear(keepOpenGaps);
		this.transfers.clear();
		this.fileStates.clear();
		this.problems.clear();
		this.throughput.clear();
	}

	/**
	 * Hands the frames collected so far to the views. In a hidden page (a problem came, or a flood
	 * piled up) the stores take them quietly: the problem alerts at once, and the views nobody
	 * sees are drawn when the page is shown.
	 */
	flush() {
		if (this.#frame !== null) cancelAnimationFrame(this.#frame);
		if (this.#timer !== null) clearTimeout(this.#timer);
		this.#frame = this.#timer = null;
		const quiet = typeof document !== 'undefined' && document.hidden;
		if (!quiet) {
			this.problems.signal();
			this.timeline.signal();
			this.transfers.signal();
			this.fileStates.signal();
		}
		const entries = this.#entries;
		const transfers = this.#transfers;
		const states = this.#states;
		if (entries.length + transfers.length + states.length === 0) return;
		this.#flushedAt = performance.now();
		for (const channel of this.channels) channel.publish();
		this.#entries = [];
		this.#transfers = [];
		this.#states = [];
		this.problems.add(this.timeline.append(entries, { quiet }), { quiet });
		this.transfers.upsert(transfers, { quiet });
		this.fileStates.upsert(states, { quiet });
	}

	/** How many events the timeline keeps, in memory and in storage. */
	setCap(cap: number) {
		this.timeline.setCap(cap);
		this.#store?.setCap(cap);
	}

	/**
	 * The kept timeline, then a marker per channel for the time nobody was listening (the page was
	 * closed, reloaded, or signed out). Markers that were still open when it was kept are closed
	 * where the keeping stopped.
	 */
	#restore({ entries, lastAt }: Restored) {
		if (entries.length === 0) return;
		const end = lastAt ?? entries.at(-1)!.at;
		const now = Date.now();
		this.timeline.append(
			entries.map((e) => (e.gap && e.gap.to === null ? { ...e, gap: { ...e.gap, to: end } } : e))
		);
		this.timeline.append(
			(['notification', 'statechange'] as const).map((channel) =>
				gapEntry(channel, {
					from: end,
					to: now,
					reason: 'nobody was listening: the page was closed, reloaded or signed out'
				})
			)
		);
	}

	/**
	 * Hands the frames over: a trickle at the clock's next tick, a burst at the next animation
	 * frame. A hidden page keeps them instead (nobody
	 * sees its views, and drawing them costs a laptop's battery) and hands them over when shown,
	 * or at once for a problem, whose alert must not wait, or when twice the timeline's cap has
	 * piled up, so that a flood in a hidden tab stays bounded.
	 */
	#schedule(urgent: boolean) {
		const held = this.#entries.length + this.#transfers.length + this.#states.length;
		if (typeof document !== 'undefined' && document.hidden) {
			if (urgent || held > 2 * this.timeline.cap) this.flush();
			return;
		}
		if (this.#timer !== null) return;
		// A trickle, problems included (their toasts can wait three seconds on a page someone sees),
		// waits for a tick of the clock, when the words that count seconds change too, at least
		// TRICKLE_MS after the last draw. A burst is drawn at the next frame.
		// Events, not the transfers and file states that come with them, tell a trickle.
		if (this.#entries.length < BURST) {
			if (this.#waitingForTick) return;
			this.#waitingForTick = this.#atTrickleTick();
			if (this.#waitingForTick) return;
		}
		this.#timer = setTimeout(() => this.flush(), FLUSH_FALLBACK_MS);
		if (typeof requestAnimationFrame === 'function')
			this.#frame = requestAnimationFrame(() => this.flush());
	}

	/**
	 * Flushes (and takes a sample that is due) at the first tick TRICKLE_MS after the last draw;
	 * false when the clock is not ticking.
	 */
	#atTrickleTick(): boolean {
		return clock.atNextTick(() => {
			this.#waitingForTick = false;
			if (performance.now() - this.#flushedAt < TRICKLE_MS - TICK_SLACK_MS) {
				this.#waitingForTick = this.#atTrickleTick();
				if (this.#waitingForTick) return;
			}
			if (this.#sampleDue) this.#sample();
			else this.flush();
		});
	}

	/** A sample of the speeds for the chart, from the transfers brought up to date. */
	#sample() {
		this.#sampleDue = false;
		// The page was hidden while the sample waited for the clock's tick: none is taken.
		if (typeof document !== 'undefined' && document.hidden) return;
		this.flush();
		const now = Date.now();
		const halted = haltOf(agentStatusMonitor.reading, agentStatusMonitor.expected) !== null;
		this.throughput.add(now, halted ? null : activityOf(this.transfers.list, now));
	}

	#statusChanged(channel: ChannelName, status: ChannelStatus) {
		const now = Date.now();
		if (status.kind === 'live') {
			this.timeline.closeGap(channel, now);
		} else if (status.kind === 'reconnecting' || status.kind === 'stopped') {
			// Frames that came before the drop go before its marker.
			this.flush();
			this.timeline.openGap(
				channel,
				now,
				status.kind === 'stopped'
					? 'the console stopped listening'
					: status.closedByAgent
						? 'the agent closed the connection'
						: 'the connection was lost'
			);
		}
	}
}

export const live = new Live();
