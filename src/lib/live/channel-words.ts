import type { ChannelStatus, ReadBy } from '$lib/live/channel.svelte';
import type { Tone } from '$lib/ui/tone';
import { m } from '$lib/paraglide/messages';

/** A channel's state and freshness in words, with a tone for the colour. */

export const STALE_WARN_MS = 30_000;
export const STALE_BAD_MS = 120_000;

export function statusWords(status: ChannelStatus, now: number): { text: string; tone: Tone } {
	switch (status.kind) {
		case 'stopped':
			return { text: m.words_channel_not_connected(), tone: 'neutral' };
		case 'connecting':
			return {
				text:
					status.attempt > 1
						? m.words_channel_connecting_attempt({ attempt: status.attempt })
						: m.words_channel_connecting(),
				tone: 'warn'
			};
		case 'live':
			return { text: m.words_channel_live(), tone: 'good' };
		case 'reconnecting': {
			const seconds = Math.ceil((status.retryAt - now) / 1000);
			const attempt = status.attempt;
			return {
				text: status.closedByAgent
					? seconds > 0
						? m.words_channel_closed_reconnecting({ seconds, attempt })
						: m.words_channel_closed_connecting({ attempt })
					: seconds > 0
						? m.words_channel_disconnected_reconnecting({ seconds, attempt })
						: m.words_channel_disconnected_connecting({ attempt }),
				tone: 'bad'
			};
		}
	}
}

export function freshness(lastFrameAt: number | null, now: number): { text: string; tone: Tone } {
	if (lastFrameAt === null) return { text: m.words_channel_no_events(), tone: 'neutral' };
	const age = Math.max(0, now - lastFrameAt);
	const seconds = Math.floor(age / 1000);
	// In steps of 5 s: while events keep coming the words stay "just now", and a card that
	// counts up changes every 5 s, not every second.
	const text =
		seconds < 5
			? m.words_channel_last_just_now()
			: seconds < 60
				? m.words_channel_last_seconds({ seconds: seconds - (seconds % 5) })
				: m.words_channel_last_minutes({ minutes: Math.floor(seconds / 60) });
	return { text, tone: age > STALE_BAD_MS ? 'bad' : age > STALE_WARN_MS ? 'warn' : 'good' };
}

/**
 * Where the channel's frames are read, and how far that worker fell behind at worst: the one
 * figure that says whether a flood is being kept up with.
 */
export function readByWords(readBy: ReadBy, workerLagMs: number | null): string {
	const where =
		readBy === 'shared worker'
			? m.words_channel_read_shared()
			: readBy === 'worker'
				? m.words_channel_read_worker()
				: m.words_channel_read_page();
	if (readBy === 'page' || workerLagMs === null) return where;
	return m.words_channel_read_behind({ where, ms: Math.round(workerLagMs) });
}
