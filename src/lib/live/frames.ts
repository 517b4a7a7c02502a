import {
	appNotificationDataSchema,
	notificationFrameSchema,
	stateChangeFrameSchema,
	NOTIFICATION_TYPE,
	type NotificationFrame,
	type StateChangeFrame
} from '$lib/api/schemas/frames';
import type { ChannelName } from '$lib/contract';
import { maskCredentials, maskDeep } from '$lib/mask';
import { formatBytes } from '$lib/format/units';
import { describeNotification, describeState, type Described } from './event-words';

/**
 * Frame readers for the two channels: a frame of the wrong shape is reported, never thrown.
 * Plain code with no runes: the hub (`hub.ts`) reads every frame with it, once.
 */

export type Parsed<T> = { ok: true; frame: T } | { ok: false; problem: string };

/**
 * A frame as read: checked by the channel's schema and described for the timeline, with its text
 * as it came.
 */
export type FrameRead<T> =
	| { ok: true; at: number; frame: T; value: unknown; described: Described; text: string }
	| { ok: false; at: number; raw: string; problem: string };

export type FrameReader<T> = {
	parse: (value: unknown) => Parsed<T>;
	describe: (frame: T) => Described;
};

/** The longest frame (in characters) the console reads and keeps; a longer one is summarised. */
export const MAX_FRAME_CHARS = 256_000;
/** How much of a frame too large to read is kept, to show what it was. */
const OVERSIZED_KEPT_CHARS = 500;

/**
 * Reads one message of a channel as it came off the socket, at `at`. This is where frames enter
 * the console: every string is masked (see mask.ts) and nesting bounded before anything sees it,
 * and a frame over `MAX_FRAME_CHARS` is counted as unreadable with only its start kept.
 */
export function readFrame<T>(reader: FrameReader<T>, data: unknown, at: number): FrameRead<T> {
	if (typeof data !== 'string')
		return { ok: false, at, raw: 'a binary message', problem: 'not a text frame' };
	if (data.length > MAX_FRAME_CHARS)
		return {
			ok: false,
			at,
			// Masked with some margin before it is cut, so a credential is never cut in two unmasked.
			raw: maskCredentials(data.slice(0, OVERSIZED_KEPT_CHARS + 200)).slice(
				0,
				OVERSIZED_KEPT_CHARS
			),
			problem: `too large to keep (${formatBytes(data.length)}, the limit is ${formatBytes(MAX_FRAME_CHARS)}); it began`
		};
	let value: unknown;
	try {
		value = JSON.parse(data);
	} catch {
		return { ok: false, at, raw: maskCredentials(data), problem: 'not JSON' };
	}
	const masked = maskDeep(value);
	const text = masked === value ? data : JSON.stringify(masked);
	const parsed = reader.parse(masked);
	return parsed.ok
		? {
				ok: true,
				at,
				frame: parsed.frame,
				value: masked,
				described: reader.describe(parsed.frame),
				text
			}
		: { ok: false, at, raw: text, problem: parsed.problem };
}

export function parseNotification(value: unknown): Parsed<NotificationFrame> {
	const parsed = notificationFrameSchema.safeParse(value);
	return parsed.success
		? { ok: true, frame: parsed.data }
		: { ok: false, problem: 'not a notification ({Type, Data} with a whole-number Type)' };
}

export function parseStateChange(value: unknown): Parsed<StateChangeFrame> {
	const parsed = stateChangeFrameSchema.safeParse(value);
	return parsed.success
		? { ok: true, frame: parsed.data }
		: { ok: false, problem: 'not a state change ({Path, State} with a whole-number State)' };
}

/**
 * Whether a notification says the signed-in profile may have changed: an AppNotification for
 * update_user. Whether Operation is a path ("user/update_user") or a name ("UpdateUser") is not
 * documented, so both are read.
 */
export function isProfileChange(frame: NotificationFrame): boolean {
	if (frame.Type !== NOTIFICATION_TYPE.AppNotification) return false;
	const data = appNotificationDataSchema.safeParse(frame.Data);
	if (!data.success) return false;
	const text = `${data.data.Operation ?? ''} ${data.data.EndpointAddress ?? ''}`;
	return /update_?user/i.test(text);
}

export const NOTIFICATION_READER: FrameReader<NotificationFrame> = {
	parse: parseNotification,
	describe: describeNotification
};

export const STATECHANGE_READER: FrameReader<StateChangeFrame> = {
	parse: parseStateChange,
	describe: describeState
};

/** The channel an address is for (its path names it), or null (for an address that is none). */
export function channelOf(url: string): ChannelName | null {
	let name: string | undefined;
	try {
		name = new URL(url).pathname.split('/').pop();
	} catch {
		return null;
	}
	return name === 'notification' || name === 'statechange' ? name : null;
}

export function readerFor(channel: ChannelName): FrameReader<unknown> {
	return (
		channel === 'notification' ? NOTIFICATION_READER : STATECHANGE_READER
	) as FrameReader<unknown>;
}
