import { AgentContractError, AgentHttpError, AgentNetworkError } from '$lib/api/errors';
import { AGENT_STATUS } from '$lib/api/schemas/shell-contract';
import { agentStatusText } from '$lib/names/shell';
import type { Tone } from '$lib/ui/tone';
import type { StatusReading } from './agent-status.svelte.ts';

/** The tones the header's status pill is drawn in. */
export type StatusTone = Extract<Tone, 'good' | 'info' | 'warn' | 'bad' | 'neutral'>;

export type StatusWords = { label: string; detail: string; tone: StatusTone };

const TONES: Record<number, StatusTone> = {
	[AGENT_STATUS.Created]: 'info',
	[AGENT_STATUS.Started]: 'good',
	[AGENT_STATUS.Stopped]: 'bad',
	[AGENT_STATUS.Paused]: 'warn',
	[AGENT_STATUS.Disposed]: 'warn'
};

/** Why the agent may be away: the user stopped it, or it restarts (an update). */
export type Expected = 'stop' | 'restart' | null;

/**
 * The agent's status (or why there is none) in words, with a colour tone for the badge. An agent
 * that does not answer because the user stopped it, or because it restarts, is said to be so.
 */
export function describeReading(
	reading: StatusReading,
	agentUrl: string,
	expected: Expected = null
): StatusWords {
	if (reading.state === 'error' && expected === 'stop')
		return {
			label: 'Stopped',
			detail:
				'You stopped the agent. It does not restart by itself: start it again on this computer, from its app.',
			tone: 'bad'
		};
	// Asked to stop and still answering (or not read since): what the user asked for, at once.
	if (expected === 'stop')
		return {
			label: 'Stopping…',
			detail: 'You stopped the agent. This console waits for it to end.',
			tone: 'warn'
		};
	if (reading.state === 'error' && expected === 'restart')
		return {
			label: 'Restarting',
			detail: 'The agent is restarting to update. This console waits for it and reconnects.',
			tone: 'warn'
		};
	switch (reading.state) {
		case 'checking':
			return {
				label: 'Checking',
				detail: `Asking the agent at ${agentUrl} for its status.`,
				tone: 'neutral'
			};
		case 'ok': {
			if (typeof reading.value !== 'number') {
				return {
					label: 'Status object',
					detail: `The agent answered an object instead of a number: ${JSON.stringify(reading.value).slice(0, 200)}`,
					tone: 'neutral'
				};
			}
			const text = agentStatusText(reading.value);
			// The header says what the status means, in words only: the enum name is for as-sent views.
			return {
				label: text.words,
				detail: `${text.meaning}.`,
				tone: TONES[reading.value] ?? 'neutral'
			};
		}
		case 'error': {
			const e = reading.error;
			if (e instanceof AgentNetworkError) {
				if (e.reason === 'local-network')
					return { label: 'Blocked by the browser', detail: e.message, tone: 'bad' };
				return e.reason === 'timeout'
					? { label: 'Not answering', detail: e.message, tone: 'bad' }
					: { label: 'Unreachable', detail: e.message, tone: 'bad' };
			}
			if (e instanceof AgentContractError || (e instanceof AgentHttpError && e.status === 404)) {
				return {
					label: 'Not an agent',
					detail: `Something answers at ${agentUrl}, but not as the agent: ${e instanceof AgentContractError ? e.detail : e.message}`,
					tone: 'bad'
				};
			}
			return {
				label: e instanceof AgentHttpError ? `Error ${e.status}` : 'Error',
				detail: e.message,
				tone: 'bad'
			};
		}
	}
}
