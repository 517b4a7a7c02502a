import type { ShareItem } from '$lib/api/shares';
import { live } from '$lib/live/live.svelte';
import { session } from '$lib/state/session.svelte';
import { payloadOf } from '$lib/live/timeline-entry';
import { isNotificationFrame, mountNewsOf, newsIsAbout, type MountNews } from './mount-advice';

/**
 * What the agent said about its shares' mounts since the shares' pages were first open: the
 * development agent tells a mount's outcome only on /notification, and its model keeps no reason.
 * Heard while a shares page follows it, kept in memory for the session, newest last.
 */
class MountNewsLog {
	#news = $state.raw<MountNews[]>([]);
	#following = 0;
	#stop: (() => void) | null = null;

	/** Listens while a page needs it; the returned function stops (when no page needs it any more). */
	follow(): () => void {
		if (this.#following++ === 0) {
			const stopFrames = live.notification.onFrame(
				(frame) => {
					const news = mountNewsOf(frame);
					if (news) this.#news = [...this.#news.slice(-99), news];
				},
				['user-notification']
			);
			// The page says a failed mount on the share's card: no toast repeats it.
			const stopShown = live.problems.showsHere((entry) => {
				const frame = payloadOf(entry);
				return isNotificationFrame(frame) && mountNewsOf(frame)?.ok === false;
			});
			this.#stop = () => {
				stopFrames();
				stopShown();
			};
		}
		return () => {
			if (--this.#following === 0) {
				this.#stop?.();
				this.#stop = null;
			}
		};
	}

	/** The newest word about this share, or null. */
	latest(item: ShareItem): MountNews | null {
		for (let i = this.#news.length - 1; i >= 0; i--) {
			const news = this.#news[i]!;
			if (newsIsAbout(news, item)) return news;
		}
		return null;
	}

	reset() {
		this.#news = [];
	}
}

export const mountNews = new MountNewsLog();
session.onEnd(() => mountNews.reset());
