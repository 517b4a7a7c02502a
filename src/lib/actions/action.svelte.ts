import { errorMessage, type AgentError } from '$lib/api/errors';
import { agentFailure } from './agent-failure';

/**
 * Every action that changes the agent runs one way: asked about first where it matters
 * (`ConfirmDialog` with the `ActionWords`), one at a time, busy while it runs, and its outcome
 * kept in words. The agent saying no is an outcome; any other error is a bug in the console and
 * is thrown on, so it is seen (and fails a test) instead of read as "something went wrong".
 *
 * Example: `src/routes/(app)/history/+page.svelte` (delete an entry).
 */

/** What an action is called, what it will do (said before), and what it did (said after). */
export type ActionWords = {
	label: string;
	title: string;
	consequences: string[];
	confirm: string;
	danger: boolean;
	done: string;
	/** The button that sends nothing, when "Cancel" would be read as the action (cancel a transfer). */
	keep?: string;
	/** The names of what it acts on, as the agent sent them: checked for what does not show. */
	names?: readonly string[];
};

/** What an action did, in words, and when. */
export type ActionOutcome<K extends string = string> = {
	key: K;
	ok: boolean;
	text: string;
	at: Date;
	/** Why it failed, for pages that offer the next step (sign in again, check the settings). */
	error: AgentError | null;
};

export type ActionStep<K extends string, T> = {
	/** Which action: `busy` names the one under way, and its outcome names it too. */
	key: K;
	/** The calls to the agent, and whatever must follow them before the action counts as done. */
	call: () => Promise<T>;
	/** What it did, in words; null when the page shows what follows its own way. */
	done: string | null | ((result: T) => string | null);
	/** What did not happen, said before the agent's reason; without it the reason stands alone. */
	failed?: string;
};

function said<K extends string>(
	key: K,
	ok: boolean,
	text: string,
	error: AgentError | null
): ActionOutcome<K> {
	return { key, ok, text, at: new Date(), error };
}

/** One place's actions (a page's, a panel's, the agent's commands): one runs at a time. */
export class AgentAction<K extends string = string> {
	/** The action under way, if one is. */
	busy = $state<K | null>(null);
	/** What the last action did. */
	outcome = $state.raw<ActionOutcome<K> | null>(null);

	/** Runs the step unless another is under way; true when the agent did it. */
	async run<T>(step: ActionStep<K, T>): Promise<boolean> {
		if (this.busy !== null) return false;
		this.busy = step.key;
		try {
			const result = await step.call();
			const text = typeof step.done === 'function' ? step.done(result) : step.done;
			this.outcome = text === null ? null : said(step.key, true, text, null);
			return true;
		} catch (error) {
			const failure = agentFailure(error);
			const reason = errorMessage(failure);
			const text = step.failed ? `${step.failed}: ${reason}` : reason;
			this.outcome = said(step.key, false, text, failure);
			return false;
		} finally {
			this.busy = null;
		}
	}

	dismiss() {
		this.outcome = null;
	}
}
