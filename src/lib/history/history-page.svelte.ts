import { m } from '$lib/paraglide/messages';
import { deleteHistoryEntry } from '$lib/api/history';
import { driveOwning, syncFile } from '$lib/api/drives';
import type { Drive } from '$lib/api/schemas/drives';
import type { Row } from '$lib/api/rows';
import type { HistoryItem } from '$lib/api/schemas/history';
import type { AgentError } from '$lib/api/errors';
import { AgentAction, type ActionWords } from '$lib/actions/action.svelte';
import { download } from '$lib/list/csv';
import { ListPage } from '$lib/list/list-page.svelte';
import { DATA, PageData, refresh, type Settled } from '$lib/page-data/page-data.svelte';
import { recordFields } from '$lib/record/record-fields';
import { route } from '$lib/routes';
import { historyCsv } from './history-export';
import type { HistoryResult } from './history-list';
import {
	ERROR_STATUS,
	OPEN_ENTRY_PARAM,
	historyList,
	type HistoryQuery,
	type HistoryScope
} from './history-query';
import { HISTORY_FIELDS, statusText } from './history-words';
import { rerunPath } from './rerun';

/** What the history route's load gives the page. */
export type HistoryData = {
	query: HistoryQuery;
	scope: HistoryScope;
	history: Promise<Settled<HistoryResult>>;
	scopeName: Promise<Settled<string | null>> | null;
};

/** Where a failed transfer's path is synced again: the drive that holds it, or none. */
export type RerunOwner = { id: HistoryItem['id']; path: string; drive: Drive | null };

const idOf = (r: Row<HistoryItem>) => (r.value ? String(r.value.id) : null);

/** The list's URL state, for the view `query` and the drive or backup it is narrowed to. */
const listPage = (query: () => HistoryQuery, scope: () => HistoryScope) =>
	new ListPage(historyList, {
		query,
		params: () => {
			const narrowed = scope();
			return narrowed ? { [narrowed.kind]: narrowed.id } : {};
		},
		openParam: OPEN_ENTRY_PARAM
	});

/** The words of the confirmation to delete an entry. */
export function deleteWordsOf(entry: HistoryItem): ActionWords {
	return {
		label: m.history_delete(),
		title: m.history_delete_title(),
		consequences: [
			m.history_delete_removed({
				name: entry.name || m.history_unnamed(),
				status: statusText(entry.transferStatus)
			}),
			m.history_delete_files()
		],
		confirm: m.history_delete_confirm(),
		danger: true,
		done: m.history_deleted()
	};
}

/** The words of the confirmation to run a failed transfer again, as a sync pass of its drive. */
export function rerunWordsOf(owner: RerunOwner & { drive: Drive }): ActionWords {
	return {
		label: m.history_run_again(),
		title: m.history_rerun_title(),
		consequences: [
			m.history_rerun_pass({ drive: owner.drive.name || m.history_the_drive(), path: owner.path }),
			m.history_rerun_stays()
		],
		confirm: m.history_rerun_confirm(),
		danger: false,
		done: m.history_asked()
	};
}

/** The page a scoped history came from (a drive's or a backup's), to go back to. */
export function scopeLinkOf(scope: HistoryScope): string | null {
	return scope ? (scope.kind === 'drive' ? route.drive(scope.id) : route.backup(scope.id)) : null;
}

/**
 * The transfer history page's state and wiring: the page read from the agent, the list's URL
 * state, the entry open in the panel, delete and run again with their confirmations, the export.
 * The page lays it out. Create it while the page initialises (it uses effects).
 */
export class HistoryPage {
	readonly list: ReturnType<typeof listPage>;
	readonly history: PageData<HistoryResult>;
	readonly scopeName: PageData<string | null>;
	readonly removal = new AgentAction<'delete'>();
	readonly rerun = new AgentAction<'rerun'>();
	/** The entry asked to be deleted, while its confirmation is open. */
	deleting = $state<Row<HistoryItem> | null>(null);
	/** Run again asked for, while its confirmation is open. */
	confirmingRerun = $state(false);
	/** The drive holding the open entry's path, asked when the panel opens (a read, not the action). */
	owner = $state<RerunOwner | null>(null);
	readonly #data: () => HistoryData;

	constructor(data: () => HistoryData) {
		this.#data = data;
		this.list = listPage(
			() => this.query,
			() => this.scope
		);
		this.history = new PageData(
			() => this.#data().history,
			DATA.history,
			() => [this.#data().query, this.#data().scope]
		);
		this.scopeName = new PageData(
			() => this.#data().scopeName ?? Promise.resolve({ ok: true as const, value: null }),
			DATA.drivesAndBackups,
			() => this.#data().scope
		);
		$effect(() => {
			const entry = this.opened?.value;
			const path = entry ? rerunPath(entry) : null;
			this.owner = null;
			if (!entry || !path) return;
			const controller = new AbortController();
			driveOwning(path, { signal: controller.signal }).then(
				(drive) => (this.owner = { id: entry.id, path, drive }),
				() => {
					if (!controller.signal.aborted) this.owner = { id: entry.id, path, drive: null };
				}
			);
			return () => controller.abort();
		});
	}

	get query(): HistoryQuery {
		return this.#data().query;
	}

	get scope(): HistoryScope {
		return this.#data().scope;
	}

	get result() {
		return this.history.value;
	}

	get loading() {
		return this.history.pending;
	}

	get error(): AgentError | null {
		return this.history.error;
	}

	get errorsOnly() {
		return this.query.status === ERROR_STATUS;
	}

	get filtered() {
		return this.query.status !== 0 || this.query.direction !== 0 || this.query.origin !== 0;
	}

	get statusChoices() {
		return this.list.filterChoices('status', m.history_all_statuses());
	}

	get directionChoices() {
		return this.list.filterChoices('direction', m.history_all_directions());
	}

	get originChoices() {
		return this.list.filterChoices('origin', m.history_all_origins());
	}

	get sortChoices() {
		return this.list.sortChoices({
			started: [m.history_sort_started_asc(), m.history_sort_started_desc()],
			ended: [m.history_sort_ended_asc(), m.history_sort_ended_desc()],
			name: [m.history_sort_name_asc(), m.history_sort_name_desc()],
			size: [m.history_sort_size_asc(), m.history_sort_size_desc()],
			speed: [m.history_sort_speed_asc(), m.history_sort_speed_desc()],
			status: [m.history_sort_status_asc(), m.history_sort_status_desc()]
		});
	}

	/** The entry open in the panel: its id in the URL, so a reload or a link reopens it. */
	get opened() {
		return this.list.opened(this.result?.rows, idOf);
	}

	get openedFields() {
		return this.opened ? recordFields(this.opened.raw, this.opened.value, HISTORY_FIELDS) : [];
	}

	get deleteWords() {
		return this.deleting?.value ? deleteWordsOf(this.deleting.value) : null;
	}

	get rerunWords() {
		return this.confirmingRerun && this.owner?.drive
			? rerunWordsOf({ ...this.owner, drive: this.owner.drive })
			: null;
	}

	get name() {
		return this.scopeName.value ?? null;
	}

	get scopeLink() {
		return scopeLinkOf(this.scope);
	}

	/** Opens a row's panel. */
	open(row: Row<HistoryItem>) {
		this.list.open(row.key, idOf(row));
	}

	async confirmDelete() {
		const entry = this.deleting?.value;
		if (!entry) return;
		const done = await this.removal.run({
			key: 'delete',
			call: () => deleteHistoryEntry(entry.id),
			done: m.history_deleted_entry({ name: entry.name || String(entry.id) }),
			failed: m.history_delete_failed()
		});
		this.deleting = null;
		if (!done) return;
		this.list.drop();
		await refresh(DATA.history);
	}

	// Run again: a failed transfer a drive made is a sync pass for its path, when a drive still
	// holds that path.
	async confirmRerun() {
		const target = this.owner;
		if (!target?.drive) return;
		const drive = target.drive;
		await this.rerun.run({
			key: 'rerun',
			call: () => syncFile(drive.id, target.path),
			done: m.history_rerun_done({ path: target.path, drive: drive.name || m.history_its_drive() }),
			failed: m.history_rerun_failed()
		});
		this.confirmingRerun = false;
	}

	/** The page of the history shown, as CSV. */
	exportShown() {
		const result = this.result;
		if (!result) return;
		// eslint-disable-next-line svelte/prefer-svelte-reactivity -- a file name's stamp, not state
		const stamp = new Date().toISOString().replace(/[:]/g, '-').replace(/\..*/, '');
		download(
			historyCsv(result.rows),
			'text/csv;charset=utf-8',
			`transfer-history-page-${result.query.page}-${stamp}.csv`
		);
	}
}
