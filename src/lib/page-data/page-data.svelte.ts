import { untrack } from 'svelte';
import { invalidate } from '$app/navigation';
import { navigating, page } from '$app/state';
import { AgentError, isAbort } from '$lib/api/errors';
import { session } from '$lib/state/session.svelte';
import { AnswerCache } from './answer-cache.ts';

/**
 * Page data: how a page reads from the agent.
 *
 * - A `+page.ts` load returns `readAgent(depends, DATA.x, (signal) => read({ signal }))` without
 *   awaiting it, so the navigation never waits for the agent.
 * - The page wraps that promise in `PageData`, which keeps the last answer on screen while a
 *   newer one loads (no flash, no empty table), drops answers that arrive after a newer one, and
 *   keeps an error beside the last good value.
 * - After a change, `refresh(DATA.x)` reads it again; `retry()` does the same for one page.
 * - A page opened again starts with the last good answer of the same read (the same key, path
 *   and inputs), shown as pending until the fresh one comes: kept in memory for the signed-in
 *   user of this agent only, and forgotten when the session ends.
 *
 * Example: `src/routes/(app)/+page.ts` with `src/routes/(app)/+page.svelte`.
 */

/** Names of what loads read from the agent, for `depends()` and `invalidate()`. */
export const DATA = {
	/** Every agent read depends on it: the address changed, read everything again. */
	agent: 'agent:address',
	update: 'agent:update',
	/** The drives and backups, listed together as the agent lists them. */
	drivesAndBackups: 'agent:drives-and-backups',
	profile: 'agent:profile',
	users: 'agent:users',
	seats: 'agent:seats',
	/** One drive's or backup's dashboard (summary, sync health, file distribution). */
	report: 'agent:report',
	/** Its trends, read apart from its dashboard. */
	trends: 'agent:trends',
	/** A page of one drive's or backup's files, listed by their sync state. */
	filesByState: 'agent:files-by-state',
	/** One drive's or backup's transfers, shown on its page. */
	activity: 'agent:activity',
	history: 'agent:history',
	/** The SMB and NFS shares the agent mounts. */
	shares: 'agent:shares',
	/** The agent's current transfers. */
	transfers: 'agent:transfers',
	/** A folder of a drive, listed in the file browser. */
	folder: 'agent:folder'
} as const;
type DataKey = (typeof DATA)[keyof typeof DATA];

/** What the agent answered: its value, or the reason it failed (shown in words). */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: AgentError };

/** Each read: how to abort it once the page following it moves on, its number, whose it is. */
const reads = new WeakMap<
	Promise<unknown>,
	{ controller: AbortController; read: number; owner: string | null }
>();
let readCount = 0;

/** The last good answer of each read; emptied when a session ends (see `AnswerCache`). */
const answers = new AnswerCache();
session.onEnd(() => answers.clear());

/**
 * Starts an agent read for a load: declares it (so `refresh(key)` and an address change run it
 * again), and settles as a value or an agent error in words. Anything else (a bug) rejects and
 * reaches the error page. The page following it aborts it when a newer read replaces it; an
 * aborted read never settles, as nobody waits for it. (A newer read does not abort older ones
 * itself: links preload their page's data on hover, and that read is not yet the page's.)
 */
export function readAgent<T>(
	depends: (...deps: `${string}:${string}`[]) => void,
	key: DataKey,
	read: (signal: AbortSignal) => Promise<T>
): Promise<Settled<T>> {
	depends(DATA.agent, key);
	const controller = new AbortController();
	const settled = read(controller.signal).then(
		(value): Settled<T> => ({ ok: true, value }),
		(error: unknown): Promise<Settled<T>> | Settled<T> => {
			if (controller.signal.aborted || isAbort(error)) return new Promise(() => undefined);
			if (error instanceof AgentError) return { ok: false, error };
			throw error;
		}
	);
	reads.set(settled, { controller, read: ++readCount, owner: session.timelineOwner });
	return settled;
}

/**
 * Reads these again everywhere they are shown (after a change, or a Retry), in one go. SvelteKit
 * gives an invalidation the navigation's token, which would abort a navigation under way (a
 * user's click, dropped): while one is, the read waits until it has ended.
 */
export async function refresh(...keys: DataKey[]): Promise<void> {
	// Untracked: an effect that refreshes must not run again at every navigation.
	for (let under = untrack(() => navigating.complete); under;) {
		await under.catch(() => undefined);
		const next = untrack(() => navigating.complete);
		// The same navigation still named (a superseded one): waiting again would spin.
		under = next === under ? null : next;
	}
	return invalidate((url) => (keys as string[]).includes(url.href));
}

/**
 * Reads these again on a timer (`clock.repeat`: every 30 s, while a wait lasts), unless a
 * navigation is under way: the page is going, or reads anew where it lands. A timed re-read that
 * waited for the navigation instead would only read the next page's data twice.
 */
export function reread(...keys: DataKey[]): Promise<void> {
	if (untrack(() => navigating.to)) return Promise.resolve();
	return refresh(...keys);
}

/**
 * One agent read on a page, followed across loads. Create it in a component's script with a
 * function that returns the load's promise (`() => data.users`) and, when the read depends on
 * more than the page's path and query (or on less: a list's parsed view, not its open row),
 * a function that returns what it depends on (`() => data.query`): the answer kept for the same
 * key, path and inputs shows at once.
 */
export class PageData<T> {
	/** The newest good answer, kept while a newer read is under way or after it fails. */
	value = $state.raw<T | undefined>(undefined);
	/** Why the newest read failed; null once one succeeds. */
	error = $state.raw<AgentError | null>(null);
	/** A read is under way. */
	pending = $state(true);
	/** Whether any read has succeeded yet. */
	loaded = $state(false);
	/**
	 * The value shown is the last answer kept from an earlier visit, not yet this visit's: a view
	 * that reads more for each new answer (a drive's health) waits for the fresh one.
	 */
	kept = $state(false);
	readonly #key: DataKey;
	readonly #inputs: () => unknown;
	/** The path whose answers are shown: another path is another item (a drive, a user). */
	#path: string;
	#run = 0;
	#current: Promise<Settled<T>> | null = null;

	constructor(
		source: () => Promise<Settled<T>>,
		key: DataKey,
		inputs: () => unknown = () => page.url.search
	) {
		this.#key = key;
		this.#inputs = inputs;
		this.#path = untrack(() => page.url.pathname);
		this.#showKept();
		$effect(() => this.follow(source()));
		$effect(() => () => this.stop());
	}

	/**
	 * Shows what this read settles as, unless a newer one comes first: then it is aborted and
	 * its answer dropped. The constructor's effect calls it with each load's promise.
	 */
	follow(promise: Promise<Settled<T>>) {
		if (promise === this.#current) return;
		this.#abortCurrent();
		this.#current = promise;
		const run = ++this.#run;
		const cacheKey = this.#cacheKey();
		// The same component followed to another item (one drive's page to another's): what the
		// last item answered is not this one's, and would hide that this one is not found.
		const path = untrack(() => page.url.pathname);
		if (path !== this.#path) {
			this.#path = path;
			this.value = undefined;
			this.loaded = false;
			this.kept = false;
			this.error = null;
			this.#showKept();
		}
		this.pending = true;
		void promise.then((settled) => {
			if (run !== this.#run) return;
			if (settled.ok) {
				const read = reads.get(promise);
				if (read && read.owner === session.timelineOwner)
					answers.put(read.owner, cacheKey, read.read, settled.value);
				this.value = settled.value;
				this.loaded = true;
				this.kept = false;
				this.error = null;
			} else {
				this.error = settled.error;
			}
			this.pending = false;
		});
	}

	/** Shows the answer kept from an earlier visit to the same read, if any. */
	#showKept() {
		const kept = untrack(() => answers.get(session.timelineOwner, this.#cacheKey()));
		if (!kept) return;
		this.value = kept.value as T;
		this.loaded = true;
		this.kept = true;
	}

	/** The page is gone: the read under way is aborted and its answer dropped. */
	stop() {
		this.#run++;
		this.#abortCurrent();
		this.#current = null;
	}

	#abortCurrent() {
		if (this.#current) reads.get(this.#current)?.controller.abort();
	}

	/** Which read this is, for the answers kept: its key, the page's path, and its inputs. */
	#cacheKey(): string {
		return untrack(
			() => `${this.#key} ${page.url.pathname} ${JSON.stringify(this.#inputs()) ?? ''}`
		);
	}

	/** Reads it again. */
	retry = (): Promise<void> => refresh(this.#key);
}
