import { SvelteMap } from 'svelte/reactivity';
import { AgentAction, type ActionWords } from '$lib/actions/action.svelte';
import {
	deleteObject,
	downloadObject,
	makeOffline,
	removeFromCache,
	removeOffline,
	type FileObject
} from '$lib/api/files';
import type { ProgressData } from '$lib/api/schemas/frames';
import { underPath } from '$lib/drives/follow.svelte';
import { formatCount } from '$lib/format/cells';
import { BulkRun, type BulkItem } from '$lib/list/bulk.svelte';
import { outcomeOf } from '$lib/live/live-records';
import { words } from '$lib/i18n/words';
import { m } from '$lib/paraglide/messages';
import {
	asClause,
	confirmWords,
	whatWords,
	whyNot,
	type DriveRules,
	type Target
} from './file-words';
import {
	leftInside,
	listed,
	pathKey,
	readAgain,
	reportOf,
	type ActOn,
	type Report
} from './file-outcome';

export type { ActOn, Report };

/**
 * The file browser's actions, each run the one way (`AgentAction` for one item, `BulkRun` for a
 * selection): what it will do is said first, then the calls, one at a time, then the item is
 * read again and what happened is said from that reading, never from the call alone: space freed
 * is the bytes that left this computer, a delete lists what was skipped, and nothing done is
 * said as nothing done.
 */

export type Asking = {
	action: ActOn;
	list: Target[];
	/** Items of the selection the action cannot take, and why. */
	leftOut: { target: Target; why: string }[];
	words: ActionWords;
};

/** What the browser stands on: the drive's rules, the folder listed and its entries. */
export type Place = { rules: DriveRules; folderPath: string; entries: readonly FileObject[] };

const CALLS: Record<ActOn, (path: string) => Promise<unknown>> = {
	keep: makeOffline,
	unkeep: removeOffline,
	free: removeFromCache,
	fetch: downloadObject,
	delete: deleteObject
};

const FAILED: Readonly<Record<ActOn, string>> = words({
	keep: m.files_failed_keep,
	unkeep: m.files_failed_unkeep,
	free: m.files_failed_free,
	fetch: m.files_failed_fetch,
	delete: m.files_failed_delete
});

/** A fetch under way: its transfers from the Progress frames, and when everything has come. */
export class FetchWatch {
	readonly what: string;
	readonly paths: string[];
	/** Bytes to bring down, when the agent says what is on this computer. */
	readonly total: number | null;
	readonly transfers = new SvelteMap<string, { bytes: number; size: number; outcome: string }>();
	done = $state(false);
	failed = $state<string | null>(null);

	constructor(list: Target[]) {
		this.what = whatWords(list);
		this.paths = list.map((t) => t.entry.path);
		const away = list.map((t) =>
			t.entry.size !== null && t.entry.cachedSize !== null
				? Math.max(0, t.entry.size - t.entry.cachedSize)
				: null
		);
		this.total = away.some((a) => a === null) ? null : away.reduce<number>((s, a) => s + a!, 0);
	}

	/** Whether a frame is about what is being fetched. */
	mine(path: string | null | undefined): boolean {
		return !!path && this.paths.some((p) => underPath(p, path));
	}

	progress(data: ProgressData) {
		if (!this.mine(data.Path)) return;
		const outcome = outcomeOf(data.Status, data.Error);
		this.transfers.set(String(data.TransferId), {
			bytes: data.Bytes ?? 0,
			size: data.Size ?? 0,
			outcome
		});
		if (outcome === 'failed')
			this.failed = data.Error ?? m.files_fetch_failed({ name: data.Name ?? m.files_a_file() });
	}

	get bytes(): number {
		let sum = 0;
		for (const t of this.transfers.values()) sum += t.outcome === 'completed' ? t.size : t.bytes;
		return sum;
	}

	get active(): number {
		let n = 0;
		for (const t of this.transfers.values()) if (t.outcome === 'active') n++;
		return n;
	}

	get finished(): number {
		let n = 0;
		for (const t of this.transfers.values()) if (t.outcome === 'completed') n++;
		return n;
	}
}

export class FileActions {
	readonly one = new AgentAction<ActOn>();
	readonly bulk = new BulkRun<Target>();
	asking = $state.raw<Asking | null>(null);
	report = $state.raw<Report | null>(null);
	fetching = $state.raw<FetchWatch | null>(null);
	/** The action of the bulk run under way or last shown. */
	bulkAction = $state<ActOn | null>(null);
	readonly #place: () => Place;
	readonly #reload: () => Promise<void>;
	#fetchCheck: ReturnType<typeof setTimeout> | null = null;

	/**
	 * @param place what the browser shows now
	 * @param reload reads the folder again for the page
	 */
	constructor(place: () => Place, reload: () => Promise<void>) {
		this.#place = place;
		this.#reload = reload;
	}

	get busy(): boolean {
		return this.one.busy !== null || this.bulk.running;
	}

	/** Says what the action will do to the items it can take, and which it leaves out. */
	ask(action: ActOn, list: Target[]) {
		const { rules } = this.#place();
		const leftOut: Asking['leftOut'] = [];
		const doable: Target[] = [];
		for (const target of list) {
			const why = whyNot(action, target, rules);
			if (why) leftOut.push({ target, why });
			else doable.push(target);
		}
		if (doable.length === 0) return;
		const words = confirmWords(action, doable, rules);
		if (leftOut.length)
			words.consequences = [
				...words.consequences,
				m.files_left_out({
					count: leftOut.length,
					shown: formatCount(leftOut.length),
					names: listed(
						leftOut.map((l) =>
							m.files_left_out_item({ name: l.target.entry.name, why: asClause(l.why, true) })
						)
					)
				})
			];
		this.asking = { action, list: doable, leftOut, words };
	}

	cancel() {
		this.asking = null;
	}

	dismiss() {
		this.report = null;
		this.bulk.clear();
		this.bulkAction = null;
		this.one.dismiss();
	}

	/** Runs what was asked: one call per item, then the reading that says what happened. */
	async confirm(): Promise<void> {
		const asking = this.asking;
		if (!asking || this.busy) return;
		this.asking = null;
		this.report = null;
		const { action, list } = asking;
		const watch = action === 'fetch' ? new FetchWatch(list) : null;
		if (watch) this.fetching = watch;
		let failed: { target: Target; error: string }[] = [];
		let refused: string | null = null;
		if (list.length === 1) {
			const target = list[0]!;
			const ok = await this.one.run({
				key: action,
				call: () => CALLS[action](target.entry.path),
				done: null,
				failed: m.files_failed_item({ failed: FAILED[action], name: target.entry.name })
			});
			if (!ok) {
				refused = this.one.outcome?.text ?? FAILED[action];
				failed = [{ target, error: refused }];
				this.one.dismiss();
			}
		} else {
			this.bulkAction = action;
			const items: BulkItem<Target>[] = list.map((t) => ({
				key: t.entry.path,
				label: t.entry.name,
				value: t
			}));
			await this.bulk.run(items, (t) => CALLS[action](t.entry.path));
			failed = this.bulk.results
				.filter((r) => !r.ok)
				.map((r) => ({ target: r.item.value, error: r.error ?? m.files_refused() }));
		}
		const done = list.filter((t) => !failed.some((f) => f.target === t));
		if (watch && done.length === 0) this.fetching = null;
		const after = await readAgain(done, this.#place().folderPath);
		const kept =
			action === 'delete'
				? await leftInside(done.filter((t) => t.entry.folder && after.get(pathKey(t.entry.path))))
				: undefined;
		const report = reportOf(action, list, done, after, failed, refused, kept);
		// A fetch under way says its own progress; its report only says what went wrong.
		this.report = watch && this.fetching === watch && report.ok ? null : report;
		if (watch && done.length) this.#checkFetched(watch, after);
		await this.#reload();
	}

	/** Tries the refused items of the last report again (its confirmation was given). */
	async retryFailed(): Promise<void> {
		const report = this.report;
		if (!report?.failed.length) return;
		this.asking = {
			action: report.action,
			list: report.failed,
			leftOut: [],
			words: confirmWords(report.action, report.failed, this.#place().rules)
		};
		await this.confirm();
	}

	/** A Progress frame: the fetch under way counts it, and checks once nothing moves. */
	progressFrame(data: ProgressData) {
		const watch = this.fetching;
		if (!watch || watch.done || !watch.mine(data.Path)) return;
		watch.progress(data);
		if (watch.active === 0) this.#checkFetched(watch);
	}

	/** Reads the fetched items again a moment after the last transfer ended: all here is done. */
	#checkFetched(watch: FetchWatch, read?: Map<string, FileObject | null>) {
		const here = (found: Map<string, FileObject | null>) =>
			watch.paths.every((p) => {
				const a = found.get(pathKey(p));
				return !a || a.size === null || a.cachedSize === null || a.cachedSize >= a.size;
			});
		if (read && read.size && here(read) && watch.transfers.size === 0) {
			watch.done = true;
			return;
		}
		if (this.#fetchCheck !== null) clearTimeout(this.#fetchCheck);
		this.#fetchCheck = setTimeout(() => {
			this.#fetchCheck = null;
			if (watch.active > 0 || watch.done) return;
			const targets = watch.paths.map((path) => ({ entry: { path } as FileObject, group: null }));
			void readAgain(targets, this.#place().folderPath).then((found) => {
				if (found.size && here(found) && watch.active === 0) {
					watch.done = true;
					void this.#reload();
				}
			});
		}, 300);
	}

	/** The page is gone. */
	stop() {
		if (this.#fetchCheck !== null) clearTimeout(this.#fetchCheck);
	}
}
