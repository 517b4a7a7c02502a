import { cacheMoveFrameSchema, cacheMoveModelSchema } from '$lib/api/schemas/drive-config';
import type { NotificationFrame } from '$lib/api/schemas/frames';
import { NOTIFICATION_TYPE } from '$lib/contract';
import { m } from '$lib/paraglide/messages';

/**
 * A cache on the move, as the agent tells it: the model's `cacheMove {destination, percent}`
 * while it lasts, and UserNotification frames with `Operation: "CacheMove"` (the development
 * agent's answers; the contract leaves both open, so each is read leniently and may be missing).
 */

export type CacheMove = { destination: string | null; percent: number | null };

const percentOf = (v: unknown) =>
	typeof v === 'number' && Number.isFinite(v) ? Math.min(100, Math.max(0, Math.round(v))) : null;

/** The move a drive's model says is under way, or null when none is. */
export function cacheMoveOf(model: unknown): CacheMove | null {
	const parsed = cacheMoveModelSchema.safeParse(model);
	const move = parsed.success ? parsed.data.cacheMove : null;
	if (!move) return null;
	return {
		destination: typeof move.destination === 'string' ? move.destination.trim() || null : null,
		percent: percentOf(move.percent)
	};
}

/** A frame's news of this drive's cache move, or null when it is about something else. */
export function cacheMoveFrame(frame: NotificationFrame, driveId: string): CacheMove | null {
	if (frame.Type !== NOTIFICATION_TYPE.UserNotification) return null;
	const parsed = cacheMoveFrameSchema.safeParse(frame.Data);
	if (!parsed.success || parsed.data.Operation !== 'CacheMove' || parsed.data.DriveId !== driveId)
		return null;
	return {
		destination: typeof parsed.data.Destination === 'string' ? parsed.data.Destination : null,
		percent: percentOf(parsed.data.Percent)
	};
}

/**
 * Whether a summary's status says the cache is moving ("MovingCache" from the development agent;
 * the contract names no word, so any status that speaks of the cache moving counts).
 */
export function movingBySummary(status: string | null | undefined): boolean {
	const words = (status ?? '').toLowerCase();
	return words.includes('cache') && /mov|migrat|relocat|transfer/.test(words);
}

/**
 * Whether a move asked for is over, as far as the agent lets the console tell: its model carries
 * no move and its summary (when it could be read) does not say one runs. Where the cache ended
 * up is what the model says then, said to the user as it is.
 */
export function cacheMoveOver(model: unknown, status: string | null | undefined): boolean {
	return !cacheMoveOf(model) && !movingBySummary(status);
}

/** "Moving to E:\\Cache: 40%", or "The agent is moving the cache." without its numbers. */
export function cacheMoveWords(move: CacheMove): string {
	const { destination, percent } = move;
	if (destination)
		return percent === null
			? m.drives_cache_moving_to({ destination })
			: m.drives_cache_moving_to_percent({ destination, percent });
	return percent === null ? m.drives_cache_moving() : m.drives_cache_moving_percent({ percent });
}
