import {
	appNotificationDataSchema,
	notificationFrameSchema,
	stateChangeFrameSchema,
	NOTIFICATION_TYPE,
	type NotificationFrame,
	type StateChangeFrame
} from '$lib/api/schemas/frames';
import type { Parsed } from './channel.svelte';

/** Frame readers for the two channels: a frame of the wrong shape is reported, never thrown. */

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
