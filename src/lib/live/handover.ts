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
 *
 * The agent's frames carry no id, sequence or time of their own (docs: agent-api.md, real-time
 * channels), so the two hubs' reads are lined up by their text, as runs, not one frame: see
 * `afterOverlap`.
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
	/**
	 * The older hub closed its socket at `url`; `tail`: what it kept last (`entryKey`), in order;
	 * `ats`: when it read each (an older build's hub sends none).
	 */
	| { type: 'handed'; version: string; url: string; tail: string[]; ats?: number[] };

const isString = (value: unknown): value is string => typeof value === 'string';
const isStrings = (value: unknown): value is string[] =>
	Array.isArray(value) && value.every(isString);
const isNumbers = (value: unknown): value is number[] =>
	Array.isArray(value) && value.every((n) => typeof n === 'number');

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
		case 'handed': {
			if (!isString(m.url) || !isStrings(m.tail)) return null;
			const handed = { type: 'handed', version: m.version, url: m.url, tail: m.tail } as const;
			// Times that do not go with the tail one for one tell nothing: matched without them.
			return isNumbers(m.ats) && m.ats.length === m.tail.length
				? { ...handed, ats: m.ats }
				: handed;
		}
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
 * How much earlier than the newer hub's socket began to connect the older hub may have read an
 * event both read: none, as both read the same clock, but a browser may coarsen `Date.now()`.
 */
const CLOCK_SLACK_MS = 1000;

/**
 * Where in the older hub's tail an event the newer hub read may be: not before the first event
 * the older one read after the newer socket began to connect (`since`), since the agent sends a
 * socket only what comes after it connected. Without times (an older build), anywhere.
 */
export function overlapFrom(ats: readonly number[] | undefined, since: number): number {
	if (!ats) return 0;
	const from = ats.findIndex((at) => at >= since - CLOCK_SLACK_MS);
	return from === -1 ? ats.length : from;
}

/**
 * The events the newer hub read (`fresh`, from its socket's first frame) that the older one had not
 * kept: both sockets were open for a moment, so `fresh` starts with a run of `tail` (from `from`
 * on) that goes on to its end. The two sockets are read apart, so when the older hub's tail comes
 * the newer may not have read the end of that run yet: while `fresh` is all a run inside the tail,
 * the answer is null (read on, and ask again), unless `final`. The longest overlap that fits is
 * taken, so two identical frames are told apart by where they fall; where none fits (the older hub
 * closed before this socket opened), every fresh event is kept.
 */
export function afterOverlap(
	tail: readonly string[],
	fresh: readonly NewEntry[],
	from = 0,
	final = false
): NewEntry[] | null {
	const keys = fresh.slice(0, tail.length - from).map(entryKey);
	for (let start = Math.max(0, from); start < tail.length; start++) {
		const overlap = tail.length - start;
		let same = true;
		for (let i = 0; i < Math.min(overlap, keys.length) && same; i++)
			same = keys[i] === tail[start + i];
		if (!same) continue;
		if (keys.length >= overlap) return fresh.slice(overlap);
		// The rest of the run is still on its way to the newer socket; once it is too late for
		// that (its socket dropped them), what it read is the older hub's all the same.
		return final ? [] : null;
	}
	return [...fresh];
}
