import { Stored } from '$lib/state/stored.svelte';
import type { PaletteItem } from './palette-match.ts';

/** A place chosen in jump anywhere, to offer first next time. */
export type RecentPlace = PaletteItem & { href: string };

/** How many places are kept for one agent and user. */
export const MAX_RECENT = 8;

const KINDS = new Set(['page', 'drive', 'backup', 'share', 'user']);
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A path inside the console, never another origin or a protocol. */
const isInside = (href: string) =>
	href.startsWith('/') && !href.startsWith('//') && !href.includes('\\') && !CONTROL.test(href);

/** What was kept, as places; anything odd in it (another shape, too many, a link out) dropped. */
export function readRecent(text: string): RecentPlace[] | null {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return null;
	}
	if (!Array.isArray(value)) return null;
	const places: RecentPlace[] = [];
	for (const entry of value as unknown[]) {
		if (!entry || typeof entry !== 'object') continue;
		const { key, kind, label, detail, href } = entry as Record<string, unknown>;
		if (typeof key !== 'string' || typeof label !== 'string' || typeof href !== 'string') continue;
		if (typeof kind !== 'string' || !KINDS.has(kind) || !isInside(href)) continue;
		places.push({
			key,
			kind: kind as RecentPlace['kind'],
			label: label.slice(0, 200),
			href,
			...(typeof detail === 'string' ? { detail: detail.slice(0, 200) } : {})
		});
		if (places.length === MAX_RECENT) break;
	}
	return places;
}

/** The list with `place` first, once, and at most `MAX_RECENT` long. */
export function withRecent(list: readonly RecentPlace[], place: RecentPlace): RecentPlace[] {
	const { key, kind, label, detail, href } = place;
	const kept = { key, kind, label, href, ...(detail ? { detail } : {}) };
	return [kept, ...list.filter((p) => p.key !== key && p.href !== href)].slice(0, MAX_RECENT);
}

/**
 * The places this user chose last on this agent, kept in the browser like the timeline's owner
 * (`session.timelineOwner`): another user or agent has their own.
 */
export class RecentPlaces {
	readonly #stored: Stored<RecentPlace[]>;

	constructor(owner: () => string | null) {
		this.#stored = new Stored('local', () => `agent-console:recent-places:${owner() ?? ''}`, {
			parse: readRecent,
			fallback: []
		});
	}

	get list(): RecentPlace[] {
		return this.#stored.value;
	}

	add(place: RecentPlace) {
		if (isInside(place.href)) this.#stored.set(withRecent(this.list, place));
	}
}
