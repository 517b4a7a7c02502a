import type * as z from 'zod/mini';

/**
 * The console's own JSON files (config.json), read and checked like an agent answer. Apart from
 * client.ts, which reads the config: the config loads through here, so neither imports the other.
 */

/** "data.0.id: expected string" lines for the details of a contract error. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
	return issues
		.slice(0, 5)
		.map((issue) => {
			const where = issue.path.length ? issue.path.join('.') : 'the body';
			const expected =
				'expected' in issue && issue.expected ? `expected ${String(issue.expected)}` : issue.code;
			return `${where}: ${expected}`;
		})
		.join('; ');
}

/** A JSON file of the console itself (config.json), checked like an agent answer. */
export async function loadOwnJson<S extends z.ZodMiniType>(
	schema: S,
	url: string
): Promise<z.infer<S>> {
	let response: Response;
	try {
		response = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
	} catch {
		throw new Error(`${url} could not be loaded.`);
	}
	if (!response.ok) throw new Error(`${url} answered ${response.status}.`);
	const text = await response.text();
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		throw new Error(`${url} is not valid JSON.`);
	}
	const parsed = schema.safeParse(value);
	if (!parsed.success)
		throw new Error(`${url} has unexpected content: ${describeIssues(parsed.error.issues)}.`);
	return parsed.data as z.infer<S>;
}
