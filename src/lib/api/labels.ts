/** Integer enums of the agent, with names for people. Unknown values are never an error. */

/** `name` is the agent's enum name; `words` says what it means in a few words, for the header. */
export const AGENT_STATUS_TEXT: Record<number, { name: string; words: string; meaning: string }> = {
	0: { name: 'Created', words: 'Running, nobody signed in', meaning: 'Running, no user signed in' },
	1: { name: 'Started', words: 'Running', meaning: 'Running with a signed-in user' },
	2: { name: 'Stopped', words: 'Stopped', meaning: 'The agent is stopped' },
	4: { name: 'Paused', words: 'Paused', meaning: 'Drives are suspended' },
	8: { name: 'Disposed', words: 'Needs a new sign-in', meaning: 'A new sign-in is needed' }
};

export const USER_TYPE_NAMES: Record<number, string> = {
	1: 'Provider admin',
	2: 'Reseller admin',
	4: 'Account admin',
	8: 'Account user',
	16: 'Desktop admin',
	32: 'Desktop creative user',
	64: 'Desktop standard user'
};

export const DESKTOP_USER_TYPES = [
	{ value: 16, label: 'Desktop admin' },
	{ value: 32, label: 'Desktop creative' },
	{ value: 64, label: 'Desktop standard' }
] as const;

export const SUBSCRIPTION_NAMES: Record<number, string> = { 1: 'Monthly', 2: 'Yearly' };

export const AUTH_PROVIDER_NAMES: Record<number, string> = {
	0: 'Hosted user directory',
	1: 'Google',
	2: 'Entra ID',
	4: 'Okta',
	8: 'SAML',
	16: 'External'
};

export const USER_STATUS_NAMES: Record<number, string> = {
	1: 'Active',
	2: 'Inactive',
	4: 'Pending'
};

export const FILE_STATE_NAMES: Record<number, string> = {
	1: 'Temporary',
	2: 'Downloading',
	4: 'Uploading',
	8: 'Deleting',
	16: 'Ignore',
	32: 'Rename-deleting',
	64: 'Deleted',
	128: 'Reading',
	256: 'Error'
};

export const unknownValue = (n: number) => `Unknown (${n})`;

export function nameOf(names: Record<number, string>, value: number | null | undefined): string {
	if (value === null || value === undefined) return 'Not given';
	return names[value] ?? unknownValue(value);
}

/** All the names of a flag set; bits without a name are kept as one "Unknown (n)". */
export function flagNames(
	names: Record<number, string>,
	value: number,
	zeroName = 'None'
): string[] {
	if (value === 0) return [zeroName];
	const found: string[] = [];
	let rest = value;
	for (const [bit, name] of Object.entries(names)) {
		const b = Number(bit);
		if (b !== 0 && (value & b) === b) {
			found.push(name);
			rest &= ~b;
		}
	}
	if (rest !== 0 || value < 0) found.push(unknownValue(value < 0 ? value : rest));
	return found;
}

export function agentStatusText(value: number): { name: string; words: string; meaning: string } {
	return (
		(Object.hasOwn(AGENT_STATUS_TEXT, value) ? AGENT_STATUS_TEXT[value] : undefined) ?? {
			name: unknownValue(value),
			words: `Unknown status (${value})`,
			meaning: `A status this console does not know (${value})`
		}
	);
}
