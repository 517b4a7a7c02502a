import type { NewEntry } from './timeline-entry';

/**
 * What two hubs (`hub.ts`) of different builds say to each other across an upgrade, over a
 * BroadcastChannel: tabs of the old build run the old build's SharedWorker and tabs of the new one
 * the new build's (a SharedWorker is one per script address, and the address is hashed), so for a
 * while there are two hubs, each with a socket per channel. The newer one says `hello`; the older
 * answers `older`, tells its tabs to reload, and closes each socket once the newer hub has the same
 * channel live (`live`), handing it the last events it kept (`handed`): the newer one keeps what
 * came after those, so the kept timeline has every event once across the change. Plain code, no
 * runes.
 */

/** The BroadcastChannel's name: every hub of this origin, whatever its build. */
export const HANDOVER_CHANNEL = 'agent-console-hubs';

/** How many of the last events kept per socket go with a handover (see `afterOverlap`). */
export const TAIL = 500;

export type PeerMessage =
	/** A hub started. */
	| { type: 'hello'; version: string }
	/** An older hub heard a newer one: it hands over the sockets at these addresses. */
	| { type: 'older'; version: string; urls: string[] }
	/** The newer hub's socket at `url` is live: the older one may close its own. */
	| { type: 'live'; version: string; url: string }
	/** The older hub closed its socket at `url`; `tail`: what it kept last (`entryKey`), in order. */
	| { type: 'handed'; version: string; url: string; tail: string[] };

const isString = (value: unknown): value is string => typeof value === 'string';
const isStrings = (value: unknown): value is string[] =>
	Array.isArray(value) && value.every(isString);

/** A message from another hub, if it is one of `PeerMessage` (another build's may be anything). */
export function checkPeer(data: unknown): PeerMessage | null {
	if (typeof data !== 'object' || data === null) return null;
	const m = data as Record<string, unknown>;
	if (!isString(m.version)) return null;
	switch (m.type) {
		case 'hello':
			return { type: 'hello', version: m.version };
		case 'older':
			return isStrings(m.urls) ? { type: 'older', version: m.version, urls: m.urls } : null;
		case 'live':
			return isString(m.url) ? { type: 'live', version: m.version, url: m.url } : null;
		case 'handed':
			return isString(m.url) && isStrings(m.tail)
				? { type: 'handed', version: m.version, url: m.url, tail: m.tail }
				: null;
		default:
			return null;
	}
}

/**
 * Whether build `a` is newer than build `b`. SvelteKit names a build by the time it was made (ms
 * since the epoch), so two such names compare as numbers. A name set by hand (a commit hash)
 * tells no order: then the hub that spoke later (`a`, the one saying hello) counts as the newer,
 * since an old build's files are gone from the server once the new one is deployed.
 */
export function isNewer(a: string, b: string): boolean {
	if (a === b) return false;
	if (/^\d+$/.test(a) && /^\d+$/.test(b)) return BigInt(a) > BigInt(b);
	return true;
}

/** What tells one event from another in both hubs: the two read the same frames at other times. */
export function entryKey(entry: NewEntry): string {
	return `${entry.channel} ${entry.kind} ${entry.json ?? JSON.stringify(entry.payload ?? null)}`;
}

/**
 * The events the newer hub read (`fresh`, from its socket's first frame) that the older one had not
 * kept: both sockets were open for a moment, so `fresh` starts with the last events of `tail`. The
 * longest such overlap is taken; where none is found (the older hub closed before this socket
 * opened), every fresh event is kept.
 */
export function afterOverlap(tail: readonly string[], fresh: readonly NewEntry[]): NewEntry[] {
	const keys = fresh.slice(0, tail.length).map(entryKey);
	for (let k = Math.min(tail.length, fresh.length); k > 0; k--) {
		const start = tail.length - k;
		let same = true;
		for (let i = 0; i < k && same; i++) same = keys[i] === tail[start + i];
		if (same) return fresh.slice(k);
	}
	return [...fresh];
}
