import type { ChannelName } from '$lib/contract';
import { EVENT_KINDS, type EventKind, type Severity } from './event-words';
import type { HubRead } from './protocol';

/**
 * One event of the timeline, and how a frame becomes one. Plain code with no runes: the hub makes
 * entries to keep them (`timeline-store.ts`), the page to show them (`timeline.svelte.ts`).
 */

export type Gap = { from: number; to: number | null; reason: string };

export type TimelineEntry = {
	seq: number;
	/** When the frame arrived (ms since the epoch). */
	at: number;
	channel: ChannelName;
	kind: EventKind;
	label: string;
	summary: string;
	/**
	 * The frame as received: parsed JSON, or the text of a frame that could not be read. Undefined
	 * where `json` holds it: read it with `payloadOf`.
	 */
	payload: unknown;
	/** A well-formed frame's JSON text, as it came (a flood's frames stay text until read). */
	json?: string;
	gap?: Gap;
	/** Problems only: a failed transfer, an error or a warning. */
	severity?: Severity;
};

export type NewEntry = Omit<TimelineEntry, 'seq'>;

/** A frame as a timeline entry: its words and the value as it came, or why it could not be read. */
export function entryOf(channel: ChannelName, read: HubRead): NewEntry {
	if (!read.ok)
		return {
			at: read.at,
			channel,
			kind: 'malformed',
			label: EVENT_KINDS.malformed,
			summary: `${read.problem}: ${read.raw.length > 120 ? `${read.raw.slice(0, 119)}…` : read.raw}`,
			payload: read.raw
		};
	const { kind, label, summary, severity } = read.described;
	return {
		at: read.at,
		channel,
		kind,
		label,
		summary,
		// Its text, read into a value only where it is shown or kept (see `payloadOf`).
		payload: undefined,
		json: read.text,
		...(severity ? { severity } : {})
	};
}

/** A marker for the time a channel was down (`to` null while it still is). */
export function gapEntry(channel: ChannelName, gap: Gap): NewEntry {
	return {
		at: gap.from,
		channel,
		kind: 'gap',
		label: EVENT_KINDS.gap,
		summary: '',
		payload: null,
		gap
	};
}

/** An entry's payload as a value: its JSON text read (where it was kept as text), or as kept. */
export function payloadOf(entry: NewEntry): unknown {
	if (entry.json === undefined) return entry.payload;
	try {
		return JSON.parse(entry.json);
	} catch {
		return entry.json;
	}
}

/** An entry's payload as text: the frame's own JSON, or the text of one that could not be read. */
export function payloadText(entry: NewEntry): string {
	if (entry.json !== undefined) return entry.json;
	if (typeof entry.payload === 'string') return entry.payload;
	try {
		return JSON.stringify(entry.payload) ?? '';
	} catch {
		return '';
	}
}
