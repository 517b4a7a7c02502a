import { FILE_STATE_WORDS, fileStateWords } from '$lib/names/enums';
import type { FullHealth, StateCount } from '$lib/api/schemas/drives';
import { FILE_STATE } from '$lib/contract';
import { formatCount } from '$lib/format/cells';
import { defineList, type ListQuery } from '$lib/list/list-query';
import type { Tone } from '$lib/ui/tone';
import { words } from '$lib/i18n/words';
import { m } from '$lib/paraglide/messages';
import { language } from '$lib/state/language.svelte';

/**
 * A drive's (or backup's) files by state, paged on the agent: the view in the URL of the drive's
 * page (`?state=4&page=2`), so Back, refresh and bookmarks return to it. The agent filters with
 * one FileState number and keeps the files whose state is exactly that (0: all files).
 */
export const filesByStateList = defineList({
	name: 'files',
	// The list is part of the drive's own page: its links keep the path and change the query.
	route: (params) => {
		const query = new URLSearchParams();
		for (const [k, v] of Object.entries(params)) if (v) query.set(k, v);
		return `?${query}`;
	},
	sorts: words({ path: m.files_sort_path }),
	defaultSort: 'path',
	filters: { state: 'number' },
	pageSizes: [25, 50, 100, 200],
	defaultPageSize: 50
});
export type FilesByStateQuery = ListQuery<'path', 'state'>;

const NAME_TO_FLAG = new Map(
	Object.entries(FILE_STATE).map(([name, flag]) => [name.toLowerCase(), flag as number])
);

/**
 * The FileState number of a state as reports name it ("Uploading, Reading" is 132, "Normal" 0),
 * or null when a part of the name is not a state the console knows.
 */
export function stateNumber(state: string | number): number | null {
	if (typeof state === 'number') return Number.isInteger(state) && state >= 0 ? state : null;
	const trimmed = state.trim();
	if (/^\d+$/.test(trimmed)) return Number(trimmed);
	let flags = 0;
	for (const part of trimmed.split(/[,|]/)) {
		const flag = NAME_TO_FLAG.get(
			part
				.trim()
				.toLowerCase()
				.replace(/[\s_-]/g, '')
		);
		if (flag === undefined) return null;
		flags |= flag;
	}
	return flags;
}

/** A state in words: "Uploading now", "In sync"; unknown names as the agent sent them. */
export function stateWords(state: string | number | null | undefined): string {
	if (state === null || state === undefined || state === '') return m.files_state_not_given();
	const flags = stateNumber(state);
	if (flags === null) return String(state);
	return fileStateWords(flags);
}

/** A choice of the state filter: what it filters by, in words, and whether the agent can. */
export type StateChoice = { value: number; label: string; can: boolean };

/**
 * The state filter's choices: the agent's own count per state, all files first. A state the
 * agent counts twice (under two spellings, or simply twice) is one choice with both counts. The
 * state filtered by now is a choice even when the agent counts none.
 */
export function stateChoices(counts: readonly StateCount[], current: number): StateChoice[] {
	const total = counts.reduce((sum, c) => sum + c.Count, 0);
	const list: StateChoice[] = [
		{
			value: 0,
			label: counts.length
				? m.files_all_files_count({ shown: formatCount(total) })
				: m.files_all_files(),
			can: true
		}
	];
	// Merged in the agent's order: the first spelling of a state names it.
	const states: { state: string | number; n: number | null; count: number }[] = [];
	const byNumber = new Map<number, (typeof states)[number]>();
	for (const c of counts) {
		const n = stateNumber(c.State);
		const seen = n !== null && n !== 0 ? byNumber.get(n) : undefined;
		if (seen) seen.count += c.Count;
		else {
			const entry = { state: c.State, n, count: c.Count };
			states.push(entry);
			if (n !== null && n !== 0) byNumber.set(n, entry);
		}
	}
	for (const { state, n, count } of states) {
		list.push({
			// Choices the agent cannot filter by get a value no filter has.
			value: n === null || n === 0 ? -1 - list.length : n,
			label: (n === 0
				? m.files_choice_only_all
				: n === null
					? m.files_choice_cannot
					: m.files_choice)({ state: stateWords(state), shown: formatCount(count) }),
			can: n !== null && n !== 0
		});
	}
	if (!list.some((c) => c.value === current))
		list.push({
			value: current,
			label: m.files_choice_none({ state: stateWords(current) }),
			can: true
		});
	return list;
}

/** The agent's breakdown labels ("PendingUpload", "Normal") by the FileState the tiles give them. */
const BREAKDOWN_STATES: Readonly<Record<string, number>> = {
	normal: FILE_STATE.Normal,
	synced: FILE_STATE.Normal,
	pendingupload: FILE_STATE.Uploading,
	uploading: FILE_STATE.Uploading | FILE_STATE.Reading,
	pendingdownload: FILE_STATE.Downloading,
	downloading: FILE_STATE.Downloading | FILE_STATE.Reading,
	deleting: FILE_STATE.Deleting,
	temporary: FILE_STATE.Temporary,
	error: FILE_STATE.Error,
	errors: FILE_STATE.Error
};

/** A label of the sync state breakdown in the tiles' words; an unknown one as sent. */
export function breakdownWords(label: string): string {
	const key = label.toLowerCase().replace(/[\s_-]/g, '');
	return Object.hasOwn(BREAKDOWN_STATES, key) ? fileStateWords(BREAKDOWN_STATES[key]!) : label;
}

/** A tile's words under its count: lower case in English, as written in German and Japanese. */
const tile = (state: number) => {
	const said = FILE_STATE_WORDS[state]!;
	return language.current === 'en' ? said.toLowerCase() : said;
};

export type HealthCount = {
	key: keyof FullHealth & string;
	label: string;
	/** The file list that shows these files: a FileState number, or null when the agent has none. */
	state: number | null;
	/** The colour of a count above zero; null: plain, like every count at zero. */
	tone: Tone | null;
	/** Only drives have it (downloads). */
	driveOnly?: boolean;
};

/**
 * The counts of sync health, each with the file list it links to. Which FileState the agent gives
 * the files of each count is not in the contract: this is the console's reading (waiting files
 * carry Uploading or Downloading, moving ones add Reading). The file list says its own total, so
 * a different reading by the agent shows as a different number, not as a wrong one.
 */
export const HEALTH_COUNTS: readonly HealthCount[] = [
	{
		key: 'FilesWithErrors',
		get label() {
			return tile(FILE_STATE.Error);
		},
		state: FILE_STATE.Error,
		tone: 'bad'
	},
	{
		key: 'FilesPendingUpload',
		get label() {
			return tile(FILE_STATE.Uploading);
		},
		state: FILE_STATE.Uploading,
		tone: 'busy'
	},
	{
		key: 'FilesUploading',
		get label() {
			return tile(FILE_STATE.Uploading | FILE_STATE.Reading);
		},
		state: FILE_STATE.Uploading | FILE_STATE.Reading,
		tone: 'busy'
	},
	{
		key: 'FilesPendingDownload',
		get label() {
			return tile(FILE_STATE.Downloading);
		},
		state: FILE_STATE.Downloading,
		tone: 'busy',
		driveOnly: true
	},
	{
		key: 'FilesDownloading',
		get label() {
			return tile(FILE_STATE.Downloading | FILE_STATE.Reading);
		},
		state: FILE_STATE.Downloading | FILE_STATE.Reading,
		tone: 'busy',
		driveOnly: true
	},
	{
		key: 'FilesDeleting',
		get label() {
			return tile(FILE_STATE.Deleting);
		},
		state: FILE_STATE.Deleting,
		tone: null
	},
	{
		key: 'FilesTemporary',
		get label() {
			return m.files_health_temporary();
		},
		state: FILE_STATE.Temporary,
		tone: null,
		driveOnly: true
	},
	// Normal is 0, which the agent's filter reads as "all files": in-sync files cannot be listed alone.
	{
		key: 'FilesNormal',
		get label() {
			return tile(FILE_STATE.Normal);
		},
		state: null,
		tone: null
	},
	{
		key: 'TotalTrackedFiles',
		get label() {
			return m.files_health_tracked();
		},
		state: 0,
		tone: null
	}
];
