import { m } from '$lib/paraglide/messages';

/**
 * Every field of a record the agent sent, for a detail panel: the fields this version knows in
 * words (only those the agent sent), then the rest as sent, sorted (credentials were masked
 * where the answer entered: see mask.ts).
 * Used by the users' panel and the transfer history's panel.
 */

export type KnownField<T> = { key: string; label: string; text: (value: T) => string };

export type Field = { key: string; label: string; text: string; known: boolean };

/** Any value as one line of text; objects as JSON. Never markup. */
export function rawText(value: unknown): string {
	if (value === null || value === undefined) return m.parts_empty_value();
	if (typeof value === 'string') return value || '""';
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	try {
		return JSON.stringify(value);
	} catch {
		return String(value);
	}
}

export function recordFields<T>(
	raw: Record<string, unknown>,
	value: T | null,
	knownFields: readonly KnownField<T>[]
): Field[] {
	const known: Field[] = [];
	if (value !== null) {
		for (const field of knownFields) {
			if (Object.hasOwn(raw, field.key))
				known.push({
					key: field.key,
					label: field.label,
					text: field.text(value),
					known: true
				});
		}
	}
	const knownKeys = new Set(known.map((f) => f.key));
	const others = Object.keys(raw)
		.filter((key) => !knownKeys.has(key))
		.sort()
		.map((key) => ({ key, label: key, text: rawText(raw[key]), known: false }));
	return [...known, ...others];
}
