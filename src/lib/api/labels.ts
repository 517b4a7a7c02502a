/** Integer enums of the agent, with names for people. Unknown values are never an error. */

/** `name` is the agent's enum name; `words` says what it means in a few words, for the header. */
export const AGENT_STATUS_TEXT: Record<number, { name: string; words: string; meaning: string }> = {
	0: { name: 'Created', words: 'Running, nobody signed in', meaning: 'Running, no user signed in' },
	1: { name: 'Started', words: 'Running', meaning: 'Running with a signed-in user' },
	2: { name: 'Stopped', words: 'Stopped', meaning: 'The agent is stopped' },
	4: { name: 'Paused', words: 'Paused', meaning: 'Drives are suspended' },
	8: { name: 'Disposed', words: 'Needs a new sign-in', meaning: 'A new sign-in is needed' }
};

export const DESKTOP_USER_TYPES = [
	{ value: 16, label: 'Desktop admin' },
	{ value: 32, label: 'Desktop creative' },
	{ value: 64, label: 'Desktop standard' }
] as const;

export const unknownValue = (n: number) => `Unknown (${n})`;

export function agentStatusText(value: number): { name: string; words: string; meaning: string } {
	return (
		(Object.hasOwn(AGENT_STATUS_TEXT, value) ? AGENT_STATUS_TEXT[value] : undefined) ?? {
			name: unknownValue(value),
			words: `Unknown status (${value})`,
			meaning: `A status this console does not know (${value})`
		}
	);
}
