import { AgentError } from '$lib/api/errors';

/**
 * The agent's error, to be said in words; anything else is a bug in the console and is thrown
 * on, so it is seen (and fails a test) instead of read as "something went wrong". Every action
 * and form decides this way; a module of its own, so the sign-in forms load nothing more.
 */
export function agentFailure(error: unknown): AgentError {
	if (error instanceof AgentError) return error;
	throw error;
}
