import { config } from '$lib/config.svelte';
import { AGENT_STATUS } from '$lib/api/schemas/shell-contract';
import { parse, Stored } from '$lib/state/stored.svelte';
import { AgentError, isAbort } from '$lib/api/errors';
import { agentStatus } from '$lib/api/management';
import type { AgentStatusValue } from '$lib/api/schemas';

export type StatusReading =
	| { state: 'checking' }
	| { state: 'ok'; value: AgentStatusValue; at: Date }
	| { state: 'error'; error: AgentError; at: Date; retryAt: Date };

export const POLL_MS = 10_000;
/**
 * How often while the agent's notification channel is live (`channelLive`): the agent announces
 * there each change made through its API, and the channel drops when the agent goes away, which
 * `live.svelte.ts` has read at once. What is left to catch is a change made on the desktop itself
 * (its tray's Pause).
 */
export const LIVE_POLL_MS = 30_000;
/** How often to look while waiting for the agent to come back from a stop or an update. */
const RETURN_POLL_MS = 2_000;
/** How long an agent that should go away may go on answering before the console stops waiting. */
const RETURN_WAIT_MS = 60_000;
const MAX_BACKOFF_MS = 60_000;

/** Next wait after `failures` failed checks in a row: 2 s, 4 s, 8 s ... up to a minute. */
export function backoffMs(failures: number): number {
	return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(1, failures));
}

/**
 * The agent's status on every page: polled while the tab is visible, with backoff while the
 * agent does not answer, and restarted when the agent address changes.
 */
const perAgent = (name: string) => () => `agent-console:${name}:${config.agentUrl}`;

class AgentStatusMonitor {
	reading = $state.raw<StatusReading>({ state: 'checking' });
	/** When the agent answered again after the user stopped it (for a moment's "it is back"). */
	backAt = $state.raw<Date | null>(null);
	/** Since when the agent is paused, as first seen by this browser (the agent does not say). */
	readonly #pausedSince = new Stored<number | null>('local', perAgent('paused-since'), {
		parse: parse.timestamp,
		fallback: null
	});
	/** When the user stopped the agent from this tab; cleared when it answers again. */
	readonly #stoppedAt = new Stored<number | null>('session', perAgent('stopped-at'), {
		parse: parse.timestamp,
		fallback: null
	});
	/**
	 * Waiting for the agent to go away and come back (a stop, an update): 'going' until a check
	 * fails, then 'gone' until one succeeds. Meanwhile the status is read every 2 s.
	 */
	#away: { phase: 'going' | 'gone'; since: number } | null = null;

	/** Whether the agent's notification channel is live: then the status is read every 30 s. */
	channelLive = $state(false);

	/** How often the status is read while the agent answers (read again with each reading). */
	get everyMs(): number {
		return this.#away ? RETURN_POLL_MS : this.channelLive ? LIVE_POLL_MS : POLL_MS;
	}
	#failures = 0;
	#timer: ReturnType<typeof setTimeout> | null = null;
	#controller: AbortController | null = null;
	#running = false;
	#agentUrl = '';
	readonly #onReturn = new Set<() => void>();

	/** The network changed (back online, another network): ask the agent at once. */
	#onOnline = () => void this.refresh();

	#onVisibility = () => {
		if (document.hidden) this.#clearTimer();
		else void this.refresh();
	};

	/** Why the agent may not answer now: stopped by the user, or restarting; null otherwise. */
	get expected(): 'stop' | 'restart' | null {
		void this.reading;
		if (this.#stoppedAt.value !== null) return 'stop';
		return this.#away ? 'restart' : null;
	}

	get pausedSince(): Date | null {
		const at = this.#pausedSince.value;
		return at === null ? null : new Date(at);
	}

	get stoppedAt(): Date | null {
		const at = this.#stoppedAt.value;
		return at === null ? null : new Date(at);
	}

	/** The agent was just paused by a command: it is paused from now. */
	markPaused(paused: boolean) {
		this.#pausedSince.set(paused ? Date.now() : null);
	}

	/** The user stopped the agent: say so until it answers again, and look for it often. */
	markStopped() {
		this.#stoppedAt.set(Date.now());
		this.expectReturn();
	}

	/** The stop the user asked for did not happen (the command failed): it is not stopping. */
	stopFailed() {
		this.#stoppedAt.set(null);
		this.#away = null;
		this.#clearTimer();
		if (this.#running) this.#schedule();
	}

	/** The agent is about to go away and come back (a stop, an update): look every 2 s, no backoff. */
	expectReturn() {
		this.#away = { phase: 'going', since: Date.now() };
		this.#failures = 0;
		this.#clearTimer();
		if (this.#running) this.#schedule();
	}

	/** Starts polling (again) for the current agent address. */
	start() {
		if (!this.#running) {
			this.#running = true;
			document.addEventListener('visibilitychange', this.#onVisibility);
			if (typeof window !== 'undefined') window.addEventListener('online', this.#onOnline);
		}
		if (this.#agentUrl !== config.agentUrl) {
			this.#agentUrl = config.agentUrl;
			this.#failures = 0;
			this.reading = { state: 'checking' };
		}
		// Stopped before a reload: still waiting for it to come back.
		if (this.#stoppedAt.value !== null && !this.#away)
			this.#away = { phase: 'gone', since: Date.now() };
		void this.refresh();
	}

	/**
	 * Calls back each time the agent answers after not answering (a restart, an update, an
	 * outage, a network change): what pages show from before may be stale or a stale error.
	 */
	onReturn(listener: () => void): () => void {
		this.#onReturn.add(listener);
		return () => this.#onReturn.delete(listener);
	}

	/** Reads the status again now, if polling: a sign-in or sign-out changes it at once. */
	refreshSoon() {
		if (this.#running) void this.refresh();
	}

	stop() {
		this.#running = false;
		document.removeEventListener('visibilitychange', this.#onVisibility);
		if (typeof window !== 'undefined') window.removeEventListener('online', this.#onOnline);
		this.#clearTimer();
		this.#controller?.abort();
	}

	async refresh() {
		this.#clearTimer();
		this.#controller?.abort();
		const controller = new AbortController();
		this.#controller = controller;
		const agentUrl = config.agentUrl;
		try {
			const value = await agentStatus({ signal: controller.signal, agentUrl, timeoutMs: 8000 });
			this.#failures = 0;
			const wasAway = this.reading.state === 'error';
			this.reading = { state: 'ok', value, at: new Date() };
			this.#keepPause(value, this.reading.at);
			this.#answered(this.reading.at);
			if (wasAway) for (const listener of this.#onReturn) listener();
		} catch (error) {
			if (isAbort(error) || controller.signal.aborted) return;
			if (!(error instanceof AgentError)) throw error;
			this.#failures += 1;
			if (this.#away) this.#away.phase = 'gone';
			const wait = this.#away ? RETURN_POLL_MS : backoffMs(this.#failures);
			this.reading = {
				state: 'error',
				error,
				at: new Date(),
				retryAt: new Date(Date.now() + wait)
			};
		}
		this.#schedule();
	}

	/**
	 * The agent answered. Back after being away: say so. Still answering a minute after it was
	 * to go away (it never went, or came back between two looks): stop waiting.
	 */
	#answered(at: Date) {
		const away = this.#away;
		if (away && away.phase === 'going' && at.getTime() - away.since < RETURN_WAIT_MS) return;
		this.#away = null;
		if (this.#stoppedAt.value !== null) {
			this.#stoppedAt.set(null);
			this.backAt = at;
		}
	}

	#keepPause(value: unknown, at: Date) {
		if (value === AGENT_STATUS.Paused) {
			if (this.#pausedSince.value === null) this.#pausedSince.set(at.getTime());
		} else if (this.#pausedSince.value !== null) {
			this.#pausedSince.set(null);
		}
	}

	#schedule() {
		if (!this.#running || document.hidden) return;
		const wait = this.#away
			? RETURN_POLL_MS
			: this.reading.state === 'error'
				? this.reading.retryAt.getTime() - Date.now()
				: this.everyMs;
		this.#timer = setTimeout(() => void this.refresh(), Math.max(0, wait));
	}

	#clearTimer() {
		if (this.#timer) clearTimeout(this.#timer);
		this.#timer = null;
	}

	reset() {
		this.stop();
		this.#failures = 0;
		this.#agentUrl = '';
		this.#away = null;
		this.channelLive = false;
		this.backAt = null;
		this.reading = { state: 'checking' };
	}
}

export const agentStatusMonitor = new AgentStatusMonitor();
