import { EVENT_KINDS, type EventKind, type Said } from './event-words';
import type { FileState, Transfer, TransferOutcome } from './live-records';
import type { Gap, NewEntry } from './timeline-entry';

/**
 * Every message between the hub (`hub.ts`) and the pages listening to it, both ways, and the check
 * each side runs where they arrive: a message of another shape (a bug, another build's worker) is
 * counted and dropped, never thrown on. The checks are hand-written guards, not schemas: they run
 * on every batch of a flood and copy nothing. Plain code with no runes, for the hub's hosts too.
 */

/**
 * Frames waiting at once that make a burst: the hub sends them at its next batch, not after the
 * trickle's wait, and a page draws them at the next animation frame, not at its clock's tick.
 */
export const BURST = 20;

/**
 * A frame as the hub passes it on: read once there (masked, capped, checked and described) into
 * the timeline's entry, which the page keeps as it is, and its data (`frame`, as the channel's
 * schema read it) only where the tab asked for its kind: copying every frame's objects between
 * threads cost the page more in a flood than it gave. Its Progress data stays in the hub, which
 * adds it up.
 */
export type HubRead = { entry: NewEntry; frame?: unknown };

/** A socket's state as the hub sees it, in the hub's time. */
export type HubStatus =
	| { kind: 'connecting'; attempt: number }
	| { kind: 'live'; since: number }
	/** Down; the next attempt starts at `retryAt`. */
	| {
			kind: 'reconnecting';
			attempt: number;
			retryAt: number;
			/** The agent closed the connection itself (1000): it shut down or restarts. */
			closedByAgent: boolean;
			since: number;
	  };

/** What a batch's frames added up to in the hub: the transfers and paths they changed. */
export type Records = { transfers?: Transfer[]; fileStates?: FileState[] };

/** The kinds of frame whose data a tab wants: null for every kind, none for an empty list. */
export type Kinds = EventKind[] | null;

/** From a page to the hub. Ids are the page's own, for its subscriptions and its requests. */
export type ToHub =
	/** Listen to the channel at `url`: the hub opens its socket, or joins the one open. */
	| { type: 'subscribe'; id: number; url: string; kinds: Kinds }
	| { type: 'want'; id: number; kinds: Kinds }
	/** Retry now: skip the wait before the socket's next attempt. */
	| { type: 'retry'; id: number }
	| { type: 'unsubscribe'; id: number }
	/** Keep the timeline of `agent` for one user (`owner`), at most `cap` events. */
	| { type: 'keep'; agent: string; owner: string; cap: number }
	| { type: 'release'; owner: string }
	| { type: 'cap'; owner: string; cap: number }
	/** Empty an owner's kept timeline; answered by `done` with the same id. */
	| { type: 'clear'; id: number; owner: string }
	/**
	 * Whether this tab is shown, and whether it alerts while hidden (browser notifications on): a
	 * hidden one that alerts is sent problems at once, and the rest of what it missed when shown.
	 */
	| { type: 'shown'; shown: boolean; alerts: boolean };

/** From the hub to a page, about one of its subscriptions (or its `clear`). */
export type FromHubOne =
	| { type: 'status'; id: number; status: HubStatus; sentAt: number }
	/** Frames in the order they came, with when they left and how late the hub's loop ran. */
	| ({ type: 'batch'; id: number; reads: HubRead[]; sentAt: number; lagMs: number } & Records)
	| { type: 'done'; id: number };

/**
 * What the hub sends a page: one message, or the batches of one round for all of its
 * subscriptions (both channels) in one, in order: a message is a task of the page's own, so two
 * a second woke it twice for what it draws once.
 */
export type FromHub =
	| FromHubOne
	| { type: 'many'; messages: FromHubOne[] }
	/** A newer console's hub took over (`handover.ts`): this tab runs an older build. */
	| { type: 'superseded' };

type Guard<T> = (value: unknown) => value is T;
/** A guard per field of T, none left out (optional ones accept undefined). */
type Shape<T> = { [K in keyof T]-?: Guard<Pick<T, K>[K]> };
type Fields<T, Type> = Omit<Extract<T, { type: Type }>, 'type'>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number =>
	typeof value === 'number' && Number.isFinite(value);
const isId = (value: unknown): value is number => Number.isSafeInteger(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
/** Any value a message can carry (a frame's data, as its schema read it). */
const isData = (value: unknown): value is unknown =>
	typeof value !== 'function' && typeof value !== 'symbol';
const orNull =
	<T>(guard: Guard<T>) =>
	(value: unknown): value is T | null =>
		value === null || guard(value);
const optional =
	<T>(guard: Guard<T>) =>
	(value: unknown): value is T | undefined =>
		value === undefined || guard(value);
const listOf =
	<T>(guard: Guard<T>) =>
	(value: unknown): value is T[] =>
		Array.isArray(value) && value.every(guard);
const oneOf =
	<const T extends string>(...words: T[]) =>
	(value: unknown): value is T =>
		words.includes(value as T);
/** An object with every field of `shape`, each passing its guard; other fields are let be. */
const shaped =
	<T>(shape: Shape<T>) =>
	(value: unknown): value is T => {
		if (!isRecord(value)) return false;
		for (const key in shape) if (!shape[key](value[key])) return false;
		return true;
	};

const isKind = (value: unknown): value is EventKind =>
	isString(value) && Object.hasOwn(EVENT_KINDS, value);
const isKinds = orNull(listOf(isKind));

const isText = orNull(isString);
const isNameOrNumber = orNull(
	(value: unknown): value is string | number => isString(value) || isNumber(value)
);
const SAID: { [Key in Said['key']]: Shape<Omit<Extract<Said, { key: Key }>, 'key'>> } = {
	text: { text: isString },
	unknown: { type: isNumber, text: isString },
	unread: { problem: isString, start: isString },
	progress: {
		mode: isNameOrNumber,
		name: isText,
		path: isText,
		storage: isText,
		status: isNameOrNumber,
		error: isText,
		pct: orNull(isNumber)
	},
	call: { method: isText, what: isText, origin: isText },
	state: { path: isString, storage: isText, state: isNumber }
};
const isSaid = (value: unknown): value is Said => check<Said>(SAID, value, 'key') !== null;

/** An entry of the timeline (`timeline-entry.ts`), from the hub or from storage. */
export const isEntry = shaped<NewEntry>({
	at: isNumber,
	channel: oneOf('notification', 'statechange'),
	kind: isKind,
	said: isSaid,
	payload: isData,
	json: optional(isString),
	gap: optional(shaped<Gap>({ from: isNumber, to: orNull(isNumber), reason: isString })),
	severity: optional(oneOf('error', 'warning'))
});
const isRead = shaped<HubRead>({ entry: isEntry, frame: isData });

const isStatus = (value: unknown): value is HubStatus => {
	if (!isRecord(value)) return false;
	if (value.kind === 'connecting') return isId(value.attempt);
	if (value.kind === 'live') return isNumber(value.since);
	return shaped<Extract<HubStatus, { kind: 'reconnecting' }>>({
		kind: oneOf('reconnecting'),
		attempt: isId,
		retryAt: isNumber,
		closedByAgent: isBoolean,
		since: isNumber
	})(value);
};

const isTransfer = shaped<Transfer>({
	id: isString,
	mode: isString,
	name: isString,
	path: isString,
	storage: isString,
	bytes: orNull(isNumber),
	size: orNull(isNumber),
	speed: orNull(isNumber),
	status: isString,
	outcome: oneOf<TransferOutcome>('active', 'completed', 'failed'),
	error: orNull(isString),
	startedAt: isNumber,
	updatedAt: isNumber,
	finishedAt: orNull(isNumber)
});
const isFileState = shaped<FileState>({
	path: isString,
	storage: isString,
	state: isNumber,
	at: isNumber
});

const TO_HUB: { [Type in ToHub['type']]: Shape<Fields<ToHub, Type>> } = {
	subscribe: { id: isId, url: isString, kinds: isKinds },
	want: { id: isId, kinds: isKinds },
	retry: { id: isId },
	unsubscribe: { id: isId },
	keep: { agent: isString, owner: isString, cap: isId },
	release: { owner: isString },
	cap: { owner: isString, cap: isId },
	clear: { id: isId, owner: isString },
	shown: { shown: isBoolean, alerts: isBoolean }
};

const FROM_HUB_ONE: { [Type in FromHubOne['type']]: Shape<Fields<FromHubOne, Type>> } = {
	status: { id: isId, status: isStatus, sentAt: isNumber },
	batch: {
		id: isId,
		reads: listOf(isRead),
		sentAt: isNumber,
		lagMs: isNumber,
		transfers: optional(listOf(isTransfer)),
		fileStates: optional(listOf(isFileState))
	},
	done: { id: isId }
};
const isOne = (value: unknown): value is FromHubOne => check(FROM_HUB_ONE, value) !== null;
const FROM_HUB: { [Type in FromHub['type']]: Shape<Fields<FromHub, Type>> } = {
	...FROM_HUB_ONE,
	many: { messages: listOf(isOne) },
	superseded: {}
};

/** `data` if its `tag` field names one of `shapes` and it has that shape's fields. */
function check<T>(
	shapes: Record<string, Shape<unknown>>,
	data: unknown,
	tag: 'type' | 'key' = 'type'
): T | null {
	if (!isRecord(data)) return null;
	const name = data[tag];
	if (!isString(name) || !Object.hasOwn(shapes, name)) return null;
	return shaped(shapes[name]!)(data) ? (data as T) : null;
}

/** A message that reached the hub, if it is one of `ToHub`. */
export const checkToHub = (data: unknown) => check<ToHub>(TO_HUB, data);

/** A message that reached a page, if it is one of `FromHub`. */
export const checkFromHub = (data: unknown) => check<FromHub>(FROM_HUB, data);
