import { AGENT_STATUS, USER_TYPE } from '../api/schemas/shell-contract.ts';

/**
 * The words of the enums that every page's header and the sign-in pages show: the agent's status
 * and the user types a sign-in asks for. Apart from enums.ts, which holds the words of every other
 * enum, so that the sign-in pages do not carry those (`npm run bench` shows the first load).
 */

export type Names = Readonly<Record<number, string>>;

export const unknownValue = (n: number) => `Unknown (${n})`;

export type AgentStatusText = { name: string; words: string; meaning: string };

/** `name` is the agent's enum name; `words` says what it means in a few words, for the header. */
export const AGENT_STATUS_NAMES: Readonly<Record<number, AgentStatusText>> = {
	[AGENT_STATUS.Created]: {
		name: 'Created',
		words: 'Running, nobody signed in',
		meaning: 'Running, no user signed in'
	},
	[AGENT_STATUS.Started]: {
		name: 'Started',
		words: 'Running',
		meaning: 'Running with a signed-in user'
	},
	[AGENT_STATUS.Stopped]: { name: 'Stopped', words: 'Stopped', meaning: 'The agent is stopped' },
	[AGENT_STATUS.Paused]: { name: 'Paused', words: 'Paused', meaning: 'Drives are suspended' },
	[AGENT_STATUS.Disposed]: {
		name: 'Disposed',
		words: 'Needs a new sign-in',
		meaning: 'A new sign-in is needed'
	}
};

export function agentStatusText(value: number): AgentStatusText {
	return (
		(Object.hasOwn(AGENT_STATUS_NAMES, value) ? AGENT_STATUS_NAMES[value] : undefined) ?? {
			name: unknownValue(value),
			words: `Unknown status (${value})`,
			meaning: `A status this console does not know (${value})`
		}
	);
}

/** The user types a sign-in may ask for, in the shorter words of the sign-in form and filters. */
export const DESKTOP_USER_TYPES = [
	{ value: USER_TYPE.DesktopAdmin, label: 'Desktop admin' },
	{ value: USER_TYPE.DesktopCreativeUser, label: 'Desktop creative' },
	{ value: USER_TYPE.DesktopStandardUser, label: 'Desktop standard' }
] as const;

export type StatusChange = 'deactivate' | 'reactivate';

/**
 * The status names the sign-in advice and the users panel share ("an administrator can do it:
 * Users, open your account, Reactivate"): here, as sign-in must not load the users' code.
 */
export const STATUS_ACTION_LABELS: Record<StatusChange, string> = {
	deactivate: 'Deactivate',
	reactivate: 'Reactivate'
};
