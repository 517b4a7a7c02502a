/**
 * The part of the agent's contract that pages outside the signed-in area use: the agent's status
 * in the header, how a call names the console, who may sign in and how, and the limits and
 * policies of signing up. Plain code that imports nothing; why it is a file of its own is said
 * once, in `src/lib/contract.ts`, which re-exports it.
 */
export const AGENT_STATUS = { Created: 0, Started: 1, Stopped: 2, Paused: 4, Disposed: 8 } as const;

/** The login answer's `challenge`: none (the token is there), a TOTP code, or a code by SMS. */
export const CHALLENGE = { None: 0, Totp: 1, Sms: 2 } as const;

/** The header with which a client names itself in the AppNotification of its calls. */
export const APP_ORIGIN_HEADER = 'x-app-origin';
/** What the console calls itself there, so it can tell its own changes from other clients'. */
export const CONSOLE_ORIGIN = 'agent-console';

/** Flags: a user may carry several (an account level and a desktop type). */
export const USER_TYPE = {
	ProviderAdmin: 1,
	ResellerAdmin: 2,
	AccountAdmin: 4,
	AccountUser: 8,
	DesktopAdmin: 16,
	DesktopCreativeUser: 32,
	DesktopStandardUser: 64
} as const;

/** The user types a sign-in may ask for. */
export const DESKTOP_USER_TYPE_VALUES = [
	USER_TYPE.DesktopAdmin,
	USER_TYPE.DesktopCreativeUser,
	USER_TYPE.DesktopStandardUser
] as const;

/** Lengths the agent accepts, in characters. */
export const LIMITS = {
	/** Sign-up name and e-mail; first and last name in the profile. */
	name: 50,
	email: 50,
	accountName: 100,
	activationCode: 4,
	passwordMin: 8,
	passwordMax: 64
} as const;

/** Seconds before the agent sends an activation code or an invitation again (the development agent's default). */
export const RESEND_COOLDOWN_S = 30;

export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A rule the form ticks: `label` is the agent's own English (its answers quote it); `rule` names
 * it, so the console says it in its own language (`PasswordField`).
 */
export type PasswordRule = {
	label: string;
	rule?: 'min' | 'upper' | 'lower' | 'digit';
	test: (value: string) => boolean;
};

/** The agent's password policy, as rules a form shows (and ticks) before submitting. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
	{
		label: `At least ${LIMITS.passwordMin} characters`,
		rule: 'min',
		test: (v) => v.length >= LIMITS.passwordMin
	},
	{ label: 'An upper-case letter', rule: 'upper', test: (v) => /[A-Z]/.test(v) },
	{ label: 'A lower-case letter', rule: 'lower', test: (v) => /[a-z]/.test(v) },
	{ label: 'A digit', rule: 'digit', test: (v) => /\d/.test(v) }
];

/** What the agent answers for a password that breaks the policy: one sentence, or none. */
export function passwordProblems(password: string): string[] {
	if (password.length > LIMITS.passwordMax)
		return [`The password must be at most ${LIMITS.passwordMax} characters.`];
	const missing = PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) =>
		rule.label.toLowerCase()
	);
	return missing.length ? [`The password needs ${missing.join(', ')}.`] : [];
}
