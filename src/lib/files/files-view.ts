import { resolve } from '$app/paths';
import { words } from '$lib/i18n/words';
import { m } from '$lib/paraglide/messages';
import { idProblem, route } from '$lib/routes';
import { namesWithin } from '$lib/folders/paths';

/**
 * What the file browser shows, kept in the URL so Back, a reload and a bookmark return to it: the
 * folder (`?path=Projects/Brand 2027`, relative to the drive's own folder, with slashes whatever
 * the machine writes), the sort, and the filters. The folder is read from the agent; sorting and
 * filtering happen in the browser, over the folder as read.
 */

export const FILE_SORTS = words({
	name: m.files_sort_name,
	size: m.files_sort_size,
	modified: m.files_sort_modified,
	state: m.files_sort_state
});
export type FileSort = keyof typeof FILE_SORTS;

/** The state filter's groups: the tiles' words, waiting and moving together where one numbering cannot tell them apart. */
export const STATE_GROUPS = words({
	all: m.files_group_all,
	insync: m.files_group_insync,
	upload: m.files_group_upload,
	download: m.files_group_download,
	errors: m.files_group_errors,
	other: m.files_group_other
});
export type StateFilter = keyof typeof STATE_GROUPS;
export type StateGroup = Exclude<StateFilter, 'all'>;

/** Where a file's bytes are. */
export const PLACES = words({
	anywhere: m.files_place_anywhere,
	here: m.files_place_here,
	kept: m.files_place_kept,
	cloud: m.files_place_cloud
});
export type Place = keyof typeof PLACES;

export type FilesView = {
	/** Relative to the drive's folder, parts joined by `/`; '' is the drive's own folder. */
	path: string;
	sort: FileSort;
	desc: boolean;
	state: StateFilter;
	place: Place;
	/** Names holding this text (any case). */
	q: string;
};

export const DEFAULT_VIEW: FilesView = {
	path: '',
	sort: 'name',
	desc: false,
	state: 'all',
	place: 'anywhere',
	q: ''
};

const MAX_PATH = 2000;

/**
 * The parts of a folder path as typed in a URL: either slash, no empty part, and `.` and `..` in
 * any spelling Windows reads as them (`.. `, `...`) resolved within the drive, never above it.
 */
export function pathParts(path: string | null): string[] {
	return namesWithin((path ?? '').slice(0, MAX_PATH));
}

const pick = <T extends string>(table: Record<T, string>, value: string | null, fallback: T): T =>
	value !== null && Object.hasOwn(table, value) ? (value as T) : fallback;

export function parseFilesView(params: URLSearchParams): FilesView {
	return {
		path: pathParts(params.get('path')).join('/'),
		sort: pick(FILE_SORTS, params.get('sort'), 'name'),
		desc: params.get('desc') === '1',
		state: pick(STATE_GROUPS, params.get('state'), 'all'),
		place: pick(PLACES, params.get('place'), 'anywhere'),
		q: (params.get('q') ?? '').slice(0, 200)
	};
}

/**
 * The link to a view of a drive's files, defaults left out; an id that cannot be a link gives the
 * list of drives. Here rather than in `routes.ts`: every page's first load carries that module,
 * and only the signed-in pages link here.
 */
export function filesViewHref(id: string, view: Partial<FilesView> = {}): string {
	if (idProblem(id) !== null) return route.drives();
	const v = { ...DEFAULT_VIEW, ...view };
	const query = new URLSearchParams();
	const set = (key: string, value: string | null) => value && query.set(key, value);
	set('path', v.path || null);
	set('sort', v.sort === 'name' ? null : v.sort);
	set('desc', v.desc ? '1' : null);
	set('state', v.state === 'all' ? null : v.state);
	set('place', v.place === 'anywhere' ? null : v.place);
	set('q', v.q || null);
	const path = resolve('/(app)/drives/[id]/files', { id: encodeURIComponent(id) });
	const text = query.toString();
	return text ? `${path}?${text}` : path;
}

/** A folder's path relative to the drive's folder (`/`-joined), or null when it is not inside it. */
export function relativeTo(root: string, path: string): string | null {
	const norm = (p: string) => p.replace(/\\/g, '/').replace(/\/+$/, '');
	const r = norm(root).toLowerCase();
	const p = norm(path);
	if (p.toLowerCase() === r) return '';
	if (!p.toLowerCase().startsWith(`${r}/`)) return null;
	return pathParts(p.slice(r.length + 1)).join('/');
}
