import { AgentContractError, AgentHttpError, AgentNetworkError } from '$lib/api/errors';
import { AGENT_STATUS } from '$lib/api/schemas/shell-contract';
import { agentStatusText } from '$lib/names/shell';
import type { Tone } from '$lib/ui/tone';
import { m } from '$lib/paraglide/messages';
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
			label: m.words_status_stopped_words(),
			detail: m.words_agent_stopped_detail(),
			tone: 'bad'
		};
	// Asked to stop and still answering (or not read since): what the user asked for, at once.
	if (expected === 'stop')
		return {
			label: m.words_agent_stopping(),
			detail: m.words_agent_stopping_detail(),
			tone: 'warn'
		};
	if (reading.state === 'error' && expected === 'restart')
		return {
			label: m.words_agent_restarting(),
			detail: m.words_agent_restarting_detail(),
			tone: 'warn'
		};
	switch (reading.state) {
		case 'checking':
			return {
				label: m.words_agent_checking(),
				detail: m.words_agent_checking_detail({ url: agentUrl }),
				tone: 'neutral'
			};
		case 'ok': {
			if (typeof reading.value !== 'number') {
				return {
					label: m.words_agent_status_object(),
					detail: m.words_agent_status_object_detail({
						value: JSON.stringify(reading.value).slice(0, 200)
					}),
					tone: 'neutral'
				};
			}
			const text = agentStatusText(reading.value);
			// The header says what the status means, in words only: the enum name is for as-sent views.
			return {
				label: text.words,
				detail: m.words_agent_status_detail({ meaning: text.meaning }),
				tone: TONES[reading.value] ?? 'neutral'
			};
		}
		case 'error': {
			const e = reading.error;
			if (e instanceof AgentNetworkError) {
				if (e.reason === 'local-network')
					return { label: m.words_agent_blocked(), detail: e.message, tone: 'bad' };
				return e.reason === 'timeout'
					? { label: m.words_agent_not_answering(), detail: e.message, tone: 'bad' }
					: { label: m.words_agent_unreachable(), detail: e.message, tone: 'bad' };
			}
			if (e instanceof AgentContractError || (e instanceof AgentHttpError && e.status === 404)) {
				return {
					label: m.words_agent_not_an_agent(),
					detail: m.words_agent_not_an_agent_detail({
						url: agentUrl,
						detail: e instanceof AgentContractError ? e.detail : e.message
					}),
					tone: 'bad'
				};
			}
			return {
				label:
					e instanceof AgentHttpError
						? m.words_agent_error_status({ status: e.status })
						: m.words_agent_error(),
				detail: e.message,
				tone: 'bad'
			};
		}
	}
}
