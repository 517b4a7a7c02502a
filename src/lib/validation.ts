/** Checks a form can make before asking the agent; the agent's own answer always decides. */

export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type PasswordRule = { label: string; test: (value: string) => boolean };

/** The agent's usual password rules, shown (and ticked) before submitting. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
	{ label: 'At least 8 characters', test: (v) => v.length >= 8 },
	{ label: 'An upper-case letter', test: (v) => /[A-Z]/.test(v) },
	{ label: 'A lower-case letter', test: (v) => /[a-z]/.test(v) },
	{ label: 'A digit', test: (v) => /\d/.test(v) }
];

/** Problems with a required text field, or undefined: empty (after trimming) or too long. */
export function textProblems(value: string, empty: string, max: number): string[] | undefined {
	if (!value.trim()) return [empty];
	if (value.length > max) return [`Use at most ${max} characters.`];
	return undefined;
}

/** Field errors without the fields that have none. */
export function onlyProblems(
	errors: Record<string, string[] | undefined>
): Record<string, string[]> {
	return Object.fromEntries(Object.entries(errors).filter(([, v]) => v?.length)) as Record<
		string,
		string[]
	>;
}
