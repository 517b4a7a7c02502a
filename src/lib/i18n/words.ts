/**
 * A table of words whose values are messages, read in the language of the moment: each entry is
 * a getter that calls its message when read, so a module can export a table (`statusWords.synced`)
 * that its callers use as plain strings, and it follows a change of language wherever it is read
 * in a template or a `$derived`. Never copy a value into a module-level constant: it would keep
 * the language of the moment it was copied.
 */
export function words<K extends string>(
	table: Readonly<Record<K, () => string>>
): Readonly<Record<K, string>> {
	const out = {} as Record<K, string>;
	for (const key of Object.keys(table) as K[]) {
		const say = table[key];
		Object.defineProperty(out, key, { get: () => say(), enumerable: true });
	}
	return Object.freeze(out);
}
