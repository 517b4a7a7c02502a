import type { ChannelName } from '$lib/contract';
import type { EventKind, Said, Severity } from './event-words';
import type { FrameRead } from './frames';

/**
 * One event of the timeline, and how a frame becomes one: made once, in the hub, for the kept
 * timeline (`timeline-store.ts`) and the pages alike (`timeline.svelte.ts`), which show it as it
 * is. Plain code with no runes.
 */

export type Gap = { from: number; to: number | null; reason: string };

export type TimelineEntry = {
	seq: number;
	/** When the frame arrived (ms since the epoch). */
	at: number;
	channel: ChannelName;
	kind: EventKind;
	/** What its summary says, said in the reader's language where shown (`entry-words.ts`). */
	said: Said;
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

/** How much of a frame that could not be read its summary shows. */
const UNREAD_START_CHARS = 120;

/** A frame as a timeline entry: what it says and the value as it came, or why it could not be read. */
export function entryOf(channel: ChannelName, read: FrameRead<unknown>): NewEntry {
	if (!read.ok)
		return {
			at: read.at,
			channel,
			kind: 'malformed',
			said: {
				key: 'unread',
				problem: read.problem,
				start:
					read.raw.length > UNREAD_START_CHARS
						? `${read.raw.slice(0, UNREAD_START_CHARS - 1)}…`
						: read.raw
			},
			payload: read.raw
		};
	const { kind, said, severity } = read.described;
	return {
		at: read.at,
		channel,
		kind,
		said,
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
		said: { key: 'text', text: '' },
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
