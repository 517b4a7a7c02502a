import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '$lib/test/memory-storage';
import { live } from '$lib/live/live.svelte';
import { EventsPage } from './events-page.svelte';
import { parseEventsQuery } from './events-query';

/**
 * The page's controller at `search`, with the URL changed by `go`. Its effects do not run in the
 * unit tests (no component): `go` does what they do when the URL changes.
 */
function eventsAt(search: string) {
	let query = parseEventsQuery(new URLSearchParams(search));
	const navigate = vi.fn();
	const list = { toTop: vi.fn() };
	const events = new EventsPage(() => query, navigate);
	events.list = list;
	const go = (next: string) => {
		query = parseEventsQuery(new URLSearchParams(next));
		events.filterByUrl();
		events.openLinked();
	};
	go(search);
	return { events, navigate, list, go, stop: () => undefined };
}

const state = (n: number) => ({
	at: 1_000 + n,
	channel: 'statechange' as const,
	kind: 'state' as const,
	said: { key: 'state' as const, path: `/a/${n}.psd`, storage: null, state: 4 },
	payload: undefined,
	json: '{}'
});

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
afterEach(() => {
	vi.unstubAllGlobals();
	live.timeline.resume();
	live.timeline.clear(false);
	live.timeline.setFilter({ channel: null, kind: null, q: '', problems: false });
});

describe('the events page', () => {
	it('filters the timeline by the URL, and follows it', () => {
		const { go, stop } = eventsAt('?kind=state&q=psd');
		expect(live.timeline.filter).toMatchObject({ kind: 'state', q: 'psd', channel: null });
		go('?channel=notification&problems=1');
		expect(live.timeline.filter).toMatchObject({
			kind: null,
			q: '',
			channel: 'notification',
			problems: true
		});
		stop();
	});

	it('opens an event a link names once, holding the list still until it is closed', () => {
		live.timeline.append([state(1), state(2)]);
		const seq = live.timeline.shown.at(-1)!.seq;
		const { events, stop } = eventsAt(`?open=${seq}`);
		expect(events.selectedSeq).toBe(seq);
		expect(events.selectedEntry?.seq).toBe(seq);
		expect([live.timeline.paused, events.inspecting]).toEqual([true, true]);
		events.closeDetail();
		expect([events.selectedSeq, live.timeline.paused]).toEqual([null, false]);
		// A row clicked twice opens and closes it.
		events.toggle(live.timeline.shown[0]!);
		expect(live.timeline.paused).toBe(true);
		events.toggle(live.timeline.shown[0]!);
		expect([events.selectedSeq, live.timeline.paused]).toEqual([null, false]);
		stop();
	});

	it('holds the list while the reader scrolls away, and goes on when they come back', () => {
		const { events, list, stop } = eventsAt('');
		events.scrolled(true);
		expect([live.timeline.paused, events.held]).toEqual([true, true]);
		events.scrolled(false);
		expect([live.timeline.paused, events.held]).toEqual([false, false]);
		events.togglePause();
		expect(live.timeline.paused).toBe(true);
		// Resuming jumps to the newest events.
		events.togglePause();
		expect(live.timeline.paused).toBe(false);
		expect(list.toTop).toHaveBeenCalledTimes(1);
		stop();
	});

	it('changes the view through the URL, keeping focus and scroll', () => {
		const { events, navigate, stop } = eventsAt('?kind=state');
		void events.show({ q: 'hero' }, true);
		expect(navigate).toHaveBeenCalledWith(
			expect.stringMatching(/kind=state.*q=hero|q=hero.*kind=state/),
			{
				keepFocus: true,
				noScroll: true,
				replaceState: true
			}
		);
		expect(events.filtered).toBe(true);
		expect(events.activeFilters).toBe(1);
		stop();
	});

	it('remembers whether times show as the clock or as how long ago', () => {
		const { events, stop } = eventsAt('');
		expect(events.timeStyle.value).toBe('absolute');
		events.toggleTimeStyle();
		expect(events.timeStyle.value).toBe('relative');
		stop();
	});
});
