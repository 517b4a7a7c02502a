import { goto } from '$app/navigation';
import { page } from '$app/state';
import { tick, untrack } from 'svelte';
import { SvelteSet } from 'svelte/reactivity';
import type { FileObject } from '$lib/api/files';
import { NOTIFICATION_TYPE, progressDataSchema } from '$lib/api/schemas/frames';
import { DriveOrBackupFollow } from '$lib/drives/follow.svelte';
import { UrlSearch } from '$lib/list/url-search.svelte';
import { live } from '$lib/live/live.svelte';
import { m } from '$lib/paraglide/messages';
import { DATA, PageData, refresh, type Settled } from '$lib/page-data/page-data.svelte';
import { arrange } from './arrange';
import { FileActions, type ActOn } from './file-actions.svelte';
import {
	numberingOf,
	placeOf,
	readState,
	rulesOf,
	type FileAction,
	type StateRead,
	type Target
} from './file-words';
import { ViewChanges } from '$lib/list/view-changes';
import { filesViewHref, parseFilesView, type FilesView } from './files-view';
import type { DriveFolder } from './folder-read';

/**
 * The file browser's page as its parts read it: the folder the load read (followed with
 * `PageData`), each file's state kept live from `/statechange`, the view in the URL (sort,
 * filters, search), the selection, the dialog open, and the actions. Create it while the page
 * initialises (it follows the read with effects); `start()` once it is mounted.
 */

/** What the page's load returns. */
export type FolderData = { id: string; path: string; folder: Promise<Settled<DriveFolder>> };

export type Dialog =
	| { kind: 'menu'; entry: FileObject }
	| { kind: 'details'; entry: FileObject }
	| { kind: 'share'; entry: FileObject }
	| { kind: 'new-folder' };

/** Folders up to this many entries are read again a moment after frames about them. */
export const LIVE_REREAD_MAX = 2000;

export class FileBrowserPage {
	readonly read: PageData<DriveFolder>;
	readonly follow: DriveOrBackupFollow;
	readonly actions: FileActions;
	readonly search: UrlSearch;
	/** Paths of the entries selected: the selection belongs to a folder. */
	readonly selected = new SvelteSet<string>();
	/** The folder just made, said until another folder is opened. */
	made = $state<string | null>(null);
	dialog = $state.raw<Dialog | null>(null);
	readonly #data: () => FolderData;
	/** Whether a confirmed action came from the selection, so it is cleared after. */
	#onSelection = false;

	constructor(data: () => FolderData) {
		this.#data = data;
		this.read = new PageData(
			() => data().folder,
			DATA.folder,
			() => [data().id, data().path]
		);
		// Live: each file's newest state from the frames, and a calm read again after them.
		this.follow = new DriveOrBackupFollow(
			() => this.folderPath,
			() => {
				if (this.entries.length <= LIVE_REREAD_MAX) void refresh(DATA.folder);
			}
		);
		this.actions = new FileActions(
			() => ({ rules: this.rules!, folderPath: this.folderPath!, entries: this.entries }),
			() => refresh(DATA.folder)
		);
		this.search = new UrlSearch(
			() => this.view.q,
			(q, replace) => void this.show({ q }, replace)
		);
		$effect(() => {
			if (this.read.value) untrack(() => this.follow.filesRead());
		});
		$effect(() => {
			void this.folderRel;
			untrack(() => this.#opened());
		});
	}

	get id(): string {
		return this.#data().id;
	}
	/**
	 * The folder's path under the drive's own, as a value: a new read of the same folder (a new
	 * load's data) is not a new folder, and keeps its selection and what was said.
	 */
	readonly folderRel = $derived.by(() => this.#data().path);

	// In a closure: `read` is made in the constructor, after the fields.
	readonly answer = $derived.by(() => this.read.value);
	readonly drive = $derived(this.answer?.drive ?? null);
	readonly rules = $derived(this.drive ? rulesOf(this.drive) : null);
	/** The drive's own folder on this computer. */
	readonly root = $derived(this.drive?.localPath?.trim() || null);
	readonly folderPath = $derived(
		this.answer && 'folder' in this.answer ? this.answer.folderPath : null
	);
	readonly folder = $derived(this.answer && 'folder' in this.answer ? this.answer.folder : null);
	/** Why the folder could not be read (it is not there), in the agent's words. */
	readonly missing = $derived(this.answer && 'folder' in this.answer ? this.answer.missing : null);
	readonly entries = $derived<readonly FileObject[]>(this.folder?.entries ?? []);
	readonly numbering = $derived(
		this.answer && 'folder' in this.answer ? this.answer.numbering : numberingOf(this.entries)
	);
	readonly view = $derived<FilesView>({
		...parseFilesView(page.url.searchParams),
		path: this.folderRel
	});
	readonly parts = $derived(this.folderRel ? this.folderRel.split('/') : []);
	readonly driveName = $derived(this.drive?.name?.trim() || m.files_this_drive());

	/** A file's state as shown: a frame's since the last read, else the folder's answer. */
	stateOf = (e: FileObject): StateRead | null => {
		const live = this.follow.stateOf(e.path);
		// A folder's own state says nothing of its files: shown only when it is not in sync.
		if (e.folder && live === undefined && e.state === 0) return null;
		return readState(e.state, this.numbering, live);
	};
	targetOf = (e: FileObject): Target => ({ entry: e, group: this.stateOf(e)?.group ?? null });

	/** The entries shown, as indexes into `entries`, sorted and filtered by the view. */
	readonly order = $derived(
		arrange(this.entries, this.view, {
			group: (i) => this.stateOf(this.entries[i]!)?.group ?? null,
			place: (i) => placeOf(this.entries[i]!)?.key ?? null
		})
	);

	/** Folders and files, their size and what of it is on this computer (null: not said). */
	readonly totals = $derived.by(() => {
		let folders = 0;
		let files = 0;
		let size: number | null = 0;
		let here: number | null = 0;
		for (const e of this.entries) {
			if (e.folder) folders++;
			else files++;
			size = size === null || e.size === null ? null : size + e.size;
			here = here === null || e.cachedSize === null ? null : here + e.cachedSize;
		}
		return { folders, files, size, here };
	});
	/** Whether the agent says which entries are on this computer. */
	readonly presenceKnown = $derived(
		this.entries.length === 0 ||
			this.entries.some((e) => e.cachedSize !== null || e.offline !== null)
	);
	/** Some states read two ways, and the folder does not say which numbering it uses. */
	readonly readTwoWays = $derived(
		this.numbering === 'unsure' &&
			this.entries.some((e) => e.state === 1 || e.state === 4 || e.state === 8)
	);

	readonly selection = $derived(
		this.entries.filter((e) => this.selected.has(e.path)).map(this.targetOf)
	);
	readonly allShown = $derived(
		this.order.length > 0 && this.order.every((i) => this.selected.has(this.entries[i]!.path))
	);

	toggleAll(on: boolean) {
		if (!on) return this.selected.clear();
		for (const i of this.order) this.selected.add(this.entries[i]!.path);
	}

	/** Shows the view changed: a navigation that keeps focus and scroll. */
	show(change: Partial<FilesView>, replaceState = false) {
		return this.#changes.change(change, (view) =>
			goto(filesViewHref(this.id, view), { keepFocus: true, noScroll: true, replaceState })
		);
	}
	readonly #changes = new ViewChanges(() => this.view);
	/** A folder of this one, in the same view without its search. */
	childHref = (e: FileObject) =>
		filesViewHref(this.id, { ...this.view, q: '', path: [...this.parts, e.name].join('/') });
	/** The folder this many steps below the drive's own, in the same view without its search. */
	crumbHref = (depth: number) =>
		filesViewHref(this.id, { ...this.view, q: '', path: this.parts.slice(0, depth).join('/') });
	/** Everything in the folder, in its order. */
	get everythingHref(): string {
		return filesViewHref(this.id, {
			path: this.folderRel,
			sort: this.view.sort,
			desc: this.view.desc
		});
	}

	/** An item's menu chose: a dialog of its own, or the action said first. */
	async choose(entry: FileObject, action: FileAction | 'details') {
		if (action === 'details' || action === 'share') {
			this.dialog = { kind: action, entry };
			return;
		}
		this.dialog = null;
		// The menu gives the focus back to its opener first; the confirmation then takes it.
		await tick();
		// Not the selection's, even after an action asked on it was cancelled.
		this.#onSelection = false;
		this.actions.ask(action, [this.targetOf(entry)]);
	}

	askSelection(action: ActOn) {
		this.#onSelection = true;
		this.actions.ask(action, this.selection);
	}

	async confirm() {
		await this.actions.confirm();
		if (this.#onSelection) this.selected.clear();
		this.#onSelection = false;
	}

	/** A folder was made here: said, and the folder read again. */
	folderMade(name: string) {
		this.dialog = null;
		this.made = name;
		void refresh(DATA.folder);
	}

	/** Follows the live channels until the returned function is called (the page is gone). */
	start(): () => void {
		const offState = live.statechange.onFrame((frame) => this.follow.stateFrame(frame));
		const offNote = live.notification.onFrame(
			(frame) => {
				this.follow.notificationFrame(frame);
				if (frame.Type !== NOTIFICATION_TYPE.Progress) return;
				const parsed = progressDataSchema.safeParse(frame.Data);
				if (parsed.success) this.actions.progressFrame(parsed.data);
			},
			['progress']
		);
		return () => {
			offState();
			offNote();
			this.follow.stop();
			this.actions.stop();
		};
	}

	/** Another folder is open: it starts without a selection, and what was said of the last goes. */
	#opened() {
		this.selected.clear();
		this.made = null;
		if (!this.actions.busy) this.actions.dismiss();
	}
}
