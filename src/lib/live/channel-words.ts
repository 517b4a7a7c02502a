import type { ChannelStatus, ReadBy } from '$lib/live/channel.svelte';
import type { Tone } from '$lib/ui/tone';

/** A channel's state and freshness in words, with a tone for the colour. */

export const STALE_WARN_MS = 30_000;
export const STALE_BAD_MS = 120_000;

export function statusWords(status: ChannelStatus, now: number): { text: string; tone: Tone } {
	switch (status.kind) {
		case 'stopped':
			return { text: 'Not connected', tone: 'neutral' };
		case 'connecting':
			return {
				text: status.attempt > 1 ? `Connecting (attempt ${status.attempt})` : 'Connecting',
				tone: 'warn'
			};
		case 'live':
			return { text: 'Live', tone: 'good' };
		case 'reconnecting': {
			const seconds = Math.ceil((status.retryAt - now) / 1000);
			const what = status.closedByAgent ? 'The agent closed the connection. ' : 'Disconnected. ';
			return {
				text:
					seconds > 0
						? `${what}Reconnecting in ${seconds} s (attempt ${status.attempt})`
						: `${what}Connecting (attempt ${status.attempt})`,
				tone: 'bad'
			};
		}
	}
}

export function freshness(lastFrameAt: number | null, now: number): { text: string; tone: Tone } {
	if (lastFrameAt === null) return { text: 'No events yet', tone: 'neutral' };
	const age = Math.max(0, now - lastFrameAt);
	const seconds = Math.floor(age / 1000);
	// In steps of 5 s: while events keep coming the words stay "just now", and a card that
	// counts up changes every 5 s, not every second.
	const text =
		seconds < 5
			? 'Last event just now'
			: seconds < 60
				? `Last event ${seconds - (seconds % 5)} s ago`
				: `Last event ${Math.floor(seconds / 60)} min ago`;
	return { text, tone: age > STALE_BAD_MS ? 'bad' : age > STALE_WARN_MS ? 'warn' : 'good' };
}

/**
 * Where the channel's frames are read, and how far that worker fell behind at worst: the one
 * figure that says whether a flood is being kept up with.
 */
export function readByWords(readBy: ReadBy, workerLagMs: number | null): string {
	const where =
		readBy === 'shared worker'
			? 'Read in a worker shared by all tabs'
			: readBy === 'worker'
				? "Read in this tab's own worker"
				: 'Read on the page';
	if (readBy === 'page' || workerLagMs === null) return where;
	return `${where}, at most ${Math.round(workerLagMs)} ms behind`;
}
