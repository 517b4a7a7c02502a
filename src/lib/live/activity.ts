import { AGENT_STATUS } from '$lib/contract';
import type { StatusReading } from '$lib/state/agent-status.svelte';
import type { Expected } from '$lib/state/agent-status-words';
import type { Transfer } from './live-records';
import { words } from '$lib/i18n/words';
import { m } from '$lib/paraglide/messages';

/**
 * What the agent is doing now, from the live transfers: never invented. Speeds are the agent's
 * own figures; a transfer with no progress for STALE_MS no longer counts towards them. Bytes and
 * time left are estimates, and only over transfers whose size is known.
 */

export const STALE_MS = 60_000;

export type Activity = {
	active: number;
	/** Bytes per second, summed; null while no active transfer has reported a speed yet. */
	upload: number | null;
	download: number | null;
	/** Over active transfers whose size is known. */
	bytesLeft: number;
	/** Active transfers whose size or progress the agent has not said. */
	unknownSize: number;
	/** bytesLeft at the current total speed; null when there is no speed to go by. */
	secondsLeft: number | null;
	/** How long since the newest figure of an active transfer; null when none is active. */
	quietMs: number | null;
};

/** Active transfers with no figure for this long: their speeds are said to be missing. */
export const QUIET_MS = 30_000;

const isUpload = (mode: string) => /up/i.test(mode) || mode === '1';
const isDownload = (mode: string) => /down/i.test(mode) || mode === '2';

export function activityOf(transfers: Transfer[], now: number): Activity {
	let active = 0;
	let upload: number | null = null;
	let download: number | null = null;
	let uploads = 0;
	let downloads = 0;
	let bytesLeft = 0;
	let unknownSize = 0;
	let newest = -Infinity;
	for (const t of transfers) {
		if (t.outcome !== 'active') continue;
		active++;
		newest = Math.max(newest, t.updatedAt);
		if (t.size !== null && t.bytes !== null) bytesLeft += Math.max(0, t.size - t.bytes);
		else unknownSize++;
		if (isUpload(t.mode)) uploads++;
		else if (isDownload(t.mode)) downloads++;
		const speed = t.speed;
		if (speed === null || !Number.isFinite(speed) || speed < 0 || now - t.updatedAt > STALE_MS)
			continue;
		if (isUpload(t.mode)) upload = (upload ?? 0) + speed;
		else if (isDownload(t.mode)) download = (download ?? 0) + speed;
	}
	// Nothing in flight one way: nothing moves that way, and that is a real zero.
	if (uploads === 0) upload = 0;
	if (downloads === 0) download = 0;
	const total = (upload ?? 0) + (download ?? 0);
	return {
		active,
		upload,
		download,
		bytesLeft,
		unknownSize,
		secondsLeft: total > 0 && bytesLeft > 0 ? bytesLeft / total : null,
		quietMs: active > 0 ? Math.max(0, now - newest) : null
	};
}

/** Null speeds: no figures then (the agent paused, stopped, away, or silent), a break in the chart. */
export type ThroughputSample = {
	at: number;
	upload: number | null;
	download: number | null;
	/** A break from here to the next sample: the tab was hidden, and the page took no samples. */
	hidden?: true;
};

export const SAMPLE_MS = 5_000;
const KEEP_SAMPLES = 180;

/** Upload and download speed every 5 s, the last 15 minutes, for the overview's chart. */
/** Samples that say what the last one said are drawn this often, not every 5 s. */
export const FLAT_DRAW_MS = 60_000;

export class Throughput {
	#samples: ThroughputSample[] = [];
	#listeners = new Set<() => void>();
	#toldAt = -Infinity;

	/**
	 * A sample of the speeds now; null when there are no figures to go by, 'hidden' for a break
	 * from `at` to the next sample while the tab was hidden (the speeds it did not see are not
	 * charted, neither the last ones seen nor zeros). Listeners hear of it at once when it differs
	 * from the last one (and of the first two), else once a minute: an idle agent's chart is not
	 * drawn again every 5 s to say nothing moved.
	 */
	add(at: number, activity: Activity | null | 'hidden') {
		const known =
			activity !== null &&
			activity !== 'hidden' &&
			!(activity.quietMs !== null && activity.quietMs >= QUIET_MS);
		const sample: ThroughputSample = known
			? { at, upload: activity.upload ?? 0, download: activity.download ?? 0 }
			: { at, upload: null, download: null, ...(activity === 'hidden' ? { hidden: true } : {}) };
		const last = this.#samples.at(-1);
		const same =
			last &&
			!last.hidden &&
			!sample.hidden &&
			last.upload === sample.upload &&
			last.download === sample.download;
		this.#samples.push(sample);
		if (this.#samples.length > KEEP_SAMPLES) this.#samples.shift();
		// A line needs two points: the first two are told whatever they say.
		if (same && this.#samples.length > 2 && at - this.#toldAt < FLAT_DRAW_MS) return;
		this.#toldAt = at;
		for (const listener of this.#listeners) listener();
	}

	get samples(): readonly ThroughputSample[] {
		return this.#samples;
	}

	onSample(listener: () => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	clear() {
		this.#samples = [];
		for (const listener of this.#listeners) listener();
	}
}

/** Why nothing moves now: the agent is paused, stopped, on its way, or out of reach. */
export type Halt = 'paused' | 'stopping' | 'stopped' | 'restarting' | 'unreachable';

/**
 * Whether the agent's figures of the moment mean anything: null while it runs and answers;
 * otherwise why they do not (paused or stopped figures are old ones, not zeros to draw).
 */
export function haltOf(reading: StatusReading, expected: Expected = null): Halt | null {
	if (expected === 'stop') return reading.state === 'error' ? 'stopped' : 'stopping';
	if (expected === 'restart') return 'restarting';
	if (reading.state === 'error') return 'unreachable';
	if (reading.state !== 'ok') return null;
	if (reading.value === AGENT_STATUS.Paused) return 'paused';
	if (reading.value === AGENT_STATUS.Stopped || reading.value === AGENT_STATUS.Disposed)
		return 'stopped';
	return null;
}

/** What the Now card says instead of figures, per halt. */
export const HALT_WORDS: Record<Halt, string> = words({
	paused: m.words_halt_paused,
	stopping: m.words_halt_stopping,
	stopped: m.words_halt_stopped,
	restarting: m.words_halt_restarting,
	unreachable: m.words_halt_unreachable
});
