import { m } from '$lib/paraglide/messages';

/** Checks a form can make before asking the agent (its shapes and policies are in contract.ts); the agent decides. */

/** Problems with a required text field, or undefined: empty (after trimming) or too long. */
export function textProblems(value: string, empty: string, max: number): string[] | undefined {
	if (!value.trim()) return [empty];
	if (value.length > max) return [m.parts_at_most_characters({ max: String(max) })];
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
