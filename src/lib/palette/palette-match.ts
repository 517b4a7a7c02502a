/**
 * What jump anywhere finds for a text, best first. Pure: the dialog hands it every place and
 * action it knows and shows what comes back.
 */

export type PaletteKind = 'recent' | 'action' | 'page' | 'drive' | 'backup' | 'share' | 'user';

export type PaletteItem = {
	/** Unique among the items of one search: kind and id, or kind and link. */
	key: string;
	kind: PaletteKind;
	/** What the option says (a name from the agent stays as sent). */
	label: string;
	/** A second line: a folder, a username, a share's address. */
	detail?: string;
	/** Other texts it is found by that it does not show (an id, a bucket). */
	also?: readonly string[];
};

/** The most options one search shows: a list to read, not to scroll. */
export const MAX_RESULTS = 30;

/** Lower first where scores tie: what the user went to, then what they can do, then places. */
const KIND_ORDER: Record<PaletteKind, number> = {
	recent: 0,
	action: 1,
	page: 2,
	drive: 3,
	backup: 4,
	share: 5,
	user: 6
};

/** Case, width and accents folded, so "ä", "Ａ" and "a" find each other as people expect. */
export function folded(text: string): string {
	return text
		.normalize('NFKD')
		.replace(/\p{Mn}/gu, '')
		.toLocaleLowerCase()
		.trim();
}

const wordsOf = (text: string) => folded(text).split(/\s+/).filter(Boolean);

/** Where a word starts in the text: at its start, after a space or a separator. */
function atWordStart(text: string, word: string): boolean {
	let from = text.indexOf(word);
	while (from >= 0) {
		if (from === 0 || /[\s\-_./\\:([]/.test(text[from - 1] ?? '')) return true;
		from = text.indexOf(word, from + 1);
	}
	return false;
}

/**
 * How well an item fits the text: null when some word of the text is in none of its texts; else
 * higher for the whole label, then its start, a word's start, anywhere in it, and last in its
 * detail or hidden texts.
 */
export function scoreOf(item: PaletteItem, query: string): number | null {
	const words = wordsOf(query);
	if (words.length === 0) return 0;
	const label = folded(item.label);
	const rest = [item.detail ?? '', ...(item.also ?? [])].map(folded);
	const whole = words.join(' ');
	let score = 0;
	if (label === whole) score += 1000;
	else if (label.startsWith(whole)) score += 500;
	for (const word of words) {
		if (label.startsWith(word)) score += 60;
		else if (atWordStart(label, word)) score += 40;
		else if (label.includes(word)) score += 20;
		else if (rest.some((text) => atWordStart(text, word))) score += 10;
		else if (rest.some((text) => text.includes(word))) score += 5;
		else return null;
	}
	return score;
}

/**
 * The items that fit the text, best first (ties: by kind, then the shorter label), at most
 * `max`. An empty text keeps the order given.
 */
export function ranked<T extends PaletteItem>(
	items: readonly T[],
	query: string,
	max = MAX_RESULTS
): T[] {
	if (wordsOf(query).length === 0) return items.slice(0, max);
	const scored: { item: T; score: number; at: number }[] = [];
	items.forEach((item, at) => {
		const score = scoreOf(item, query);
		if (score !== null) scored.push({ item, score, at });
	});
	scored.sort(
		(a, b) =>
			b.score - a.score ||
			KIND_ORDER[a.item.kind] - KIND_ORDER[b.item.kind] ||
			a.item.label.length - b.item.label.length ||
			a.at - b.at
	);
	return scored.slice(0, max).map((s) => s.item);
}
