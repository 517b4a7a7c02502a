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

/** `asking`: the browser's own question is open, waiting for the user's answer. */
export type NotifyState = 'unsupported' | 'off' | 'on' | 'denied' | 'asking';

/**
 * The browser's question, answered: Firefox and Safari ask only from a click (this is called from
 * one) and keep the question open until the user answers it or closes it, which leaves the
 * permission as it was. Safari before 15 answered through a callback only.
 */
function askPermission(): Promise<NotificationPermission> {
	return new Promise((resolve) => {
		const answer = Notification.requestPermission(resolve) as
			Promise<NotificationPermission> | undefined;
		void answer?.then(resolve, () => resolve(Notification.permission));
	});
}

export class BrowserAlerts {
	#permission = $state<NotificationPermission | 'unsupported'>(
		typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
	);
	#asking = $state(false);
	/** The question was closed, or answered no for this time only: the next time on asks again. */
	#unanswered = $state(false);
	// Browsers refuse notifications to a page inside another site's frame, whatever is allowed.
	readonly #framed = typeof window !== 'undefined' && isFramed();

	/** 'unsupported' in a frame too, where no toggle can work; `unavailable` says which. */
	get state(): NotifyState {
		if (this.#permission === 'unsupported' || this.#framed) return 'unsupported';
		if (this.#permission === 'denied') return 'denied';
		if (this.#asking) return 'asking';
		return wanted.value === 'on' && this.#permission === 'granted' ? 'on' : 'off';
	}

	/** Why notifications cannot work here: none in this browser, or none inside a frame. */
	get unavailable(): 'unsupported' | 'framed' | null {
		if (this.#permission === 'unsupported') return 'unsupported';
		return this.#framed ? 'framed' : null;
	}

	/** Whether the browser last did not allow it, but will ask again. */
	get unanswered() {
		return this.#unanswered && this.state === 'off';
	}

	/** Turns it on (asking the browser's permission first) or off. */
	async set(on: boolean) {
		if (typeof Notification === 'undefined' || this.#asking) return;
		this.#unanswered = false;
		if (on && Notification.permission === 'default') {
			this.#asking = true;
			let answer: NotificationPermission;
			try {
				answer = await askPermission();
			} finally {
				this.#asking = false;
			}
			// What lasts, not this answer: WebKitGTK answers "denied" yet leaves the permission to be
			// asked again, and only a lasting refusal needs the site settings.
			const lasting = Notification.permission;
			this.#permission = lasting === 'default' && answer === 'granted' ? 'granted' : lasting;
			this.#unanswered = this.#permission === 'default';
		} else this.#permission = Notification.permission;
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
