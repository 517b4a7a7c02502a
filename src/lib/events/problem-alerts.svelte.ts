import { isFramed } from '$lib/state/browser-storage';
import { parse, Stored } from '$lib/state/stored.svelte';
import type { Problem } from '$lib/live/problems.svelte';

/**
 * A browser notification for a problem while this tab is hidden, only with the user's consent
 * (asked when they turn it on, never on its own) and the browser's permission.
 */
const wanted = new Stored<'on' | 'off'>('local', 'agent-console:notify-when-hidden', {
	parse: parse.oneOf(['on', 'off']),
	fallback: 'off'
});

export type NotifyState = 'unsupported' | 'off' | 'on' | 'denied';

class BrowserAlerts {
	#permission = $state<NotificationPermission | 'unsupported'>(
		typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
	);
	// Browsers refuse notifications to a page inside another site's frame, whatever is allowed.
	readonly #framed = typeof window !== 'undefined' && isFramed();

	/** 'unsupported' in a frame too, where no toggle can work; `unavailable` says which. */
	get state(): NotifyState {
		if (this.#permission === 'unsupported' || this.#framed) return 'unsupported';
		if (this.#permission === 'denied') return 'denied';
		return wanted.value === 'on' && this.#permission === 'granted' ? 'on' : 'off';
	}

	/** Why notifications cannot work here: none in this browser, or none inside a frame. */
	get unavailable(): 'unsupported' | 'framed' | null {
		if (this.#permission === 'unsupported') return 'unsupported';
		return this.#framed ? 'framed' : null;
	}

	/** Turns it on (asking the browser's permission first) or off. */
	async set(on: boolean) {
		if (typeof Notification === 'undefined') return;
		if (on && Notification.permission === 'default')
			this.#permission = await Notification.requestPermission();
		else this.#permission = Notification.permission;
		wanted.set(on && this.#permission === 'granted' ? 'on' : 'off');
	}

	/** Shows the problem as a notification, if wanted and the tab is hidden. */
	notify(problem: Problem, open: () => void) {
		if (this.state !== 'on' || !document.hidden) return;
		const note = new Notification(
			problem.severity === 'error' ? 'Agent: something failed' : 'Agent: warning',
			{ body: problem.summary, tag: `agent-problem-${problem.seq}` }
		);
		note.onclick = () => {
			window.focus();
			open();
			note.close();
		};
	}
}

export const browserAlerts = new BrowserAlerts();
