import { config } from '$lib/config.svelte';
import { AgentError, isAbort } from '$lib/api/errors';
import { agentStatus } from '$lib/api/management';
import type { AgentStatusValue } from '$lib/api/schemas';

export type StatusReading =
	| { state: 'checking' }
	| { state: 'ok'; value: AgentStatusValue; at: Date }
	| { state: 'error'; error: AgentError; at: Date; retryAt: Date };

export const POLL_MS = 10_000;
const MAX_BACKOFF_MS = 60_000;

/** Next wait after `failures` failed checks in a row: 2 s, 4 s, 8 s ... up to a minute. */
export function backoffMs(failures: number): number {
	return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(1, failures));
}

/**
 * The agent's status on every page: polled while the tab is visible, with backoff while the
 * agent does not answer, and restarted when the agent address changes.
 */
class AgentStatusMonitor {
	reading = $state.raw<StatusReading>({ state: 'checking' });
	#failures = 0;
	#timer: ReturnType<typeof setTimeout> | null = null;
	#controller: AbortController | null = null;
	#running = false;
	#agentUrl = '';

	#onVisibility = () => {
		if (document.hidden) this.#clearTimer();
		else void this.refresh();
	};

	/** Starts polling (again) for the current agent address. */
	start() {
		if (!this.#running) {
			this.#running = true;
			document.addEventListener('visibilitychange', this.#onVisibility);
		}
		if (this.#agentUrl !== config.agentUrl) {
			this.#agentUrl = config.agentUrl;
			this.#failures = 0;
			this.reading = { state: 'checking' };
		}
		void this.refresh();
	}

	/** Reads the status again now, if polling: a sign-in or sign-out changes it at once. */
	refreshSoon() {
		if (this.#running) void this.refresh();
	}

	stop() {
		this.#running = false;
		document.removeEventListener('visibilitychange', this.#onVisibility);
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
			this.reading = { state: 'ok', value, at: new Date() };
		} catch (error) {
			if (isAbort(error) || controller.signal.aborted) return;
			if (!(error instanceof AgentError)) throw error;
			this.#failures += 1;
			const wait = backoffMs(this.#failures);
			this.reading = {
				state: 'error',
				error,
				at: new Date(),
				retryAt: new Date(Date.now() + wait)
			};
		}
		this.#schedule();
	}

	#schedule() {
		if (!this.#running || document.hidden) return;
		const wait =
			this.reading.state === 'error' ? this.reading.retryAt.getTime() - Date.now() : POLL_MS;
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
		this.reading = { state: 'checking' };
	}
}

export const agentStatusMonitor = new AgentStatusMonitor();
