import * as z from 'zod/mini';
import type { NotificationFrame } from '$lib/api/schemas/frames';
import { NOTIFICATION_TYPE } from '$lib/contract';

/**
 * A cache on the move, as the agent tells it: the model's `cacheMove {destination, percent}`
 * while it lasts, and UserNotification frames with `Operation: "CacheMove"` (the development
 * agent's answers; the contract leaves both open, so each is read leniently and may be missing).
 */

export type CacheMove = { destination: string | null; percent: number | null };

const percentOf = (v: unknown) =>
	typeof v === 'number' && Number.isFinite(v) ? Math.min(100, Math.max(0, Math.round(v))) : null;

const modelSchema = z.looseObject({
	cacheMove: z.optional(
		z.nullable(
			z.looseObject({ destination: z.optional(z.unknown()), percent: z.optional(z.unknown()) })
		)
	)
});

/** The move a drive's model says is under way, or null when none is. */
export function cacheMoveOf(model: unknown): CacheMove | null {
	const parsed = modelSchema.safeParse(model);
	const move = parsed.success ? parsed.data.cacheMove : null;
	if (!move) return null;
	return {
		destination: typeof move.destination === 'string' ? move.destination : null,
		percent: percentOf(move.percent)
	};
}

const frameSchema = z.looseObject({
	Operation: z.optional(z.unknown()),
	DriveId: z.optional(z.unknown()),
	Destination: z.optional(z.unknown()),
	Percent: z.optional(z.unknown())
});

/** A frame's news of this drive's cache move, or null when it is about something else. */
export function cacheMoveFrame(frame: NotificationFrame, driveId: string): CacheMove | null {
	if (frame.Type !== NOTIFICATION_TYPE.UserNotification) return null;
	const parsed = frameSchema.safeParse(frame.Data);
	if (!parsed.success || parsed.data.Operation !== 'CacheMove' || parsed.data.DriveId !== driveId)
		return null;
	return {
		destination: typeof parsed.data.Destination === 'string' ? parsed.data.Destination : null,
		percent: percentOf(parsed.data.Percent)
	};
}
