import { SvelteMap } from 'svelte/reactivity';
import { AgentAction } from '$lib/actions/action.svelte';
import { NOTIFICATION_TYPE, progressDataSchema } from '$lib/api/schemas/frames';
import type { NotificationFrame, StateChangeFrame } from '$lib/api/schemas/frames';
import { outcomeOf } from '$lib/live/live-records';
import { m } from '$lib/paraglide/messages';
import { clock } from '$lib/ui/clock.svelte';

/**
 * A drive's page following the live channels: the newest state of each of its files that a frame
 * reported (rows change while you watch), a calm re-read of the reports after frames about the
 * drive, and the progress of a sync the user started.
 */

/** A path in one form: lower case, forward slashes, no trailing slash. */
function normalize(path: string): string {
	return path.replace(/\\/g, '/').replace(/\/+$/, '').toLowerCase();
}

/** Whether `path` lies in the folder `root` (case-insensitive, either slash). */
export function underPath(root: string, path: string): boolean {
	const r = normalize(root);
	if (!r) return false;
	const p = normalize(path);
	return p === r || p.startsWith(`${r}/`);
}

/** Waits this long after a frame about the drive before reading the reports again. */
export const SETTLE_MS = 1500;
/** While a sync runs, the reports are read this often to see when nothing is left. */
export const SYNC_POLL_MS = 2000;

export type SyncRun =
	| { phase: 'idle' }
	| {
			phase: 'running';
			startedAt: number;
			/** Files finished and failed since the start, from the frames. */
			done: number;
			failed: number;
			/** Files waiting or moving, from the newest report. */
			left: number | null;
	  }
	| { phase: 'done'; startedAt: number; endedAt: number; done: number; failed: number };

export class DriveOrBackupFollow {
	/** The newest state a frame reported per file (by normalized path), since the last read. */
	readonly states = new SvelteMap<string, number>();
	/** Frames about this drive since the page opened. */
	seen = $state(0);
	sync = $state.raw<SyncRun>({ phase: 'idle' });
	/** Asking the agent to start the sync: busy meanwhile, and why it did not start. */
	readonly start = new AgentAction<'sync'>();

	readonly #root: () => string | null;
	readonly #refresh: () => void;
	#settle: ReturnType<typeof setTimeout> | null = null;
	/** Stops the reads of a sync under way. */
	#poll: (() => void) | null = null;
	/** Reports read after this time count for the end of a sync. */
	#checkAfter = 0;

	/**
	 * @param root the drive's local path, once known
	 * @param refresh reads the drive's reports and files again
	 */
	constructor(root: () => string | null, refresh: () => void) {
		this.#root = root;
		this.#refresh = refresh;
	}

	#mine(path: string | null | undefined): path is string {
		const root = this.#root();
		return !!root && !!path && underPath(root, path);
	}

	/** The folder followed (the drive's own, on its page), once known. */
	get root(): string | null {
		return this.#root();
	}

	/** The newest state a frame gave this file, if one came since the last read. */
	stateOf(path: string): number | undefined {
		return this.states.get(normalize(path));
	}

	stateFrame(frame: StateChangeFrame) {
		if (!this.#mine(frame.Path)) return;
		this.states.set(normalize(frame.Path), frame.State);
		this.#changed();
	}

	notificationFrame(frame: NotificationFrame) {
		if (frame.Type !== NOTIFICATION_TYPE.Progress) return;
		const parsed = progressDataSchema.safeParse(frame.Data);
		if (!parsed.success || !this.#mine(parsed.data.Path)) return;
		const outcome = outcomeOf(parsed.data.Status, parsed.data.Error);
		const run = this.sync;
		if (run.phase === 'running' && outcome !== 'active') {
			this.sync = {
				...run,
				done: run.done + (outcome === 'completed' ? 1 : 0),
				failed: run.failed + (outcome === 'failed' ? 1 : 0)
			};
		}
		this.#changed();
	}

	#changed() {
		this.seen++;
		// Calm: one read a little after a burst of frames, not one per frame.
		this.#settle ??= setTimeout(() => {
			this.#settle = null;
			this.#refresh();
		}, SETTLE_MS);
	}

	/** A new read of the files arrived: what it says replaces what frames said before it. */
	filesRead() {
		this.states.clear();
	}

	/**
	 * A new read of sync health arrived. While a sync runs, `left` (files waiting or moving) of a
	 * read made after the start ends it at 0.
	 */
	healthRead(left: number | null, now = Date.now()) {
		const run = this.sync;
		if (run.phase !== 'running') return;
		if (left === 0 && now >= this.#checkAfter) {
			this.#stopPolling();
			this.sync = {
				phase: 'done',
				startedAt: run.startedAt,
				endedAt: now,
				done: run.done,
				failed: run.failed
			};
		} else {
			this.sync = { ...run, left };
		}
	}

	/** Runs the sync the user confirmed: the call, then progress until nothing is left. */
	async startSync(call: () => Promise<unknown>, left: number | null): Promise<void> {
		if (this.start.busy || this.sync.phase === 'running') return;
		this.sync = { phase: 'idle' };
		// Once started, the progress below says what follows.
		const started = await this.start.run({
			key: 'sync',
			call,
			done: null,
			failed: m.drives_sync_not_started()
		});
		if (!started) return;
		const now = Date.now();
		// A read that started before the call could still say "nothing left": wait for a newer one.
		this.#checkAfter = now + SYNC_POLL_MS / 2;
		this.sync = { phase: 'running', startedAt: now, done: 0, failed: 0, left };
		this.#stopPolling();
		this.#poll = clock.repeat(SYNC_POLL_MS, this.#refresh);
		this.#refresh();
	}

	dismissSync() {
		if (this.sync.phase === 'done') this.sync = { phase: 'idle' };
		this.start.dismiss();
	}

	#stopPolling() {
		this.#poll?.();
		this.#poll = null;
	}

	/** The page is gone: no more reads. */
	stop() {
		this.#stopPolling();
		if (this.#settle !== null) clearTimeout(this.#settle);
		this.#settle = null;
	}
}
