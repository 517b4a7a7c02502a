/**
 * What a confirmation shows of a name before something is removed: characters that do not show
 * (bidi controls, C0 and C1 controls, zero-width marks) as visible marks, and whether letters of
 * look-alike scripts are mixed ("Lаptop" with a Cyrillic а). Drawn by `NameCheck.svelte`.
 */

// Controls (`Cc`: C0, DEL, C1) and format characters (`Cf`: bidi controls and isolates, zero-width
// space, word joiner, soft hyphen, byte-order mark, tag characters): none shows as itself. The
// joiners ZWJ and ZWNJ are left alone: emoji and Persian words are made with them.
const HIDDEN = /(?![\u200c\u200d])[\p{Cc}\p{Cf}]/u;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu');

/** A run of a name: its text as it is, or one hidden character shown as its code point. */
export type NamePart = { text: string; hidden: false } | { text: string; hidden: true };

/** `U+202E` for a character (four hex digits at least). */
export function codePointOf(ch: string): string {
	return `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

export function hasHidden(name: string): boolean {
	return HIDDEN.test(name);
}

/** The name in runs, each hidden character on its own as its code point (`U+202E`). */
export function nameParts(name: string): NamePart[] {
	const parts: NamePart[] = [];
	let last = 0;
	for (const found of name.matchAll(HIDDEN_ALL)) {
		if (found.index > last) parts.push({ text: name.slice(last, found.index), hidden: false });
		parts.push({ text: codePointOf(found[0]), hidden: true });
		last = found.index + found[0].length;
	}
	if (last < name.length) parts.push({ text: name.slice(last), hidden: false });
	return parts;
}

/** The name as plain text with each hidden character written `⟨U+202E⟩`. */
export function visibleName(name: string): string {
	return nameParts(name)
		.map((p) => (p.hidden ? `⟨${p.text}⟩` : p.text))
		.join('');
}

/** Scripts whose letters pass for each other's. */
export const LOOK_ALIKE_SCRIPTS = ['Latin', 'Cyrillic', 'Greek'] as const;
export type LookAlikeScript = (typeof LOOK_ALIKE_SCRIPTS)[number];

const SCRIPT: Record<LookAlikeScript, RegExp> = {
	Latin: /\p{Script=Latin}/u,
	Cyrillic: /\p{Script=Cyrillic}/u,
	Greek: /\p{Script=Greek}/u
};

/**
 * The look-alike scripts whose letters the name mixes, in the order of `LOOK_ALIKE_SCRIPTS`;
 * empty when it uses one of them or none. Digits, punctuation, spaces and marks (Common,
 * Inherited) are neutral, and so are other scripts: a Japanese name with Latin letters is usual.
 */
export function mixedScripts(name: string): LookAlikeScript[] {
	const found = LOOK_ALIKE_SCRIPTS.filter((script) => SCRIPT[script].test(name));
	return found.length > 1 ? found : [];
}

/** Whether a confirmation should say more about the name than the name. */
export function nameNeedsCare(name: string): boolean {
	return hasHidden(name) || mixedScripts(name).length > 0;
}
