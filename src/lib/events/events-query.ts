import type { ChannelName } from '$lib/contract';
import { EVENT_KINDS, type EventKind } from '$lib/live/event-words';
import type { TimelineFilter } from '$lib/live/timeline.svelte';
import { route } from '$lib/routes';
import { words } from '$lib/i18n/words';
import { m } from '$lib/paraglide/messages';

/** The events page's view and filters, kept in the URL so a reload or a link returns to them. */

export const VIEWS = words({
	timeline: m.events_view_timeline,
	transfers: m.events_view_transfers,
	files: m.events_view_files
});
export type View = keyof typeof VIEWS;

export const FILE_SORTS = ['path', 'state', 'time'] as const;
export type FileSort = (typeof FILE_SORTS)[number];

export type EventsQuery = TimelineFilter & {
	view: View;
	fileSort: FileSort;
	/** The event to open and scroll to (a link from a problem elsewhere); not a filter. */
	open: number | null;
};

const CHANNELS: ChannelName[] = ['notification', 'statechange'];

export function parseEventsQuery(params: URLSearchParams): EventsQuery {
	const view = params.get('view') ?? '';
	const channel = params.get('channel') ?? '';
	const kind = params.get('kind') ?? '';
	const fileSort = params.get('sort') ?? '';
	return {
		view: Object.hasOwn(VIEWS, view) ? (view as View) : 'timeline',
		channel: (CHANNELS as string[]).includes(channel) ? (channel as ChannelName) : null,
		kind: Object.hasOwn(EVENT_KINDS, kind) && kind !== 'gap' ? (kind as EventKind) : null,
		q: (params.get('q') ?? '').slice(0, 200),
		regex: params.get('re') === '1',
		problems: params.get('problems') === '1',
		open: /^\d{1,15}$/.test(params.get('open') ?? '') ? Number(params.get('open')) : null,
		fileSort: (FILE_SORTS as readonly string[]).includes(fileSort) ? (fileSort as FileSort) : 'time'
	};
}

export function eventsHref(query: EventsQuery): string {
	return route.events({
		view: query.view === 'timeline' ? null : query.view,
		channel: query.channel,
		kind: query.kind,
		q: query.q || null,
		re: query.regex ? '1' : null,
		problems: query.problems ? '1' : null,
		open: query.open === null ? null : String(query.open),
		sort: query.fileSort === 'time' ? null : query.fileSort
	});
}
