import { PERMISSION_TYPE, SYNC_TYPE } from '../../src/lib/contract.ts';
import { STATE_FLAGS, type SimDrive, type SimFile, type SimDriveOrBackup } from './drives.ts';

/**
 * A drive's files as folders (`objects_info`, `list_files_directories` inside a drive) and what
 * the agent knows of each file beyond its sync state: whether it is on this computer (a Stream
 * drive keeps most files in the cloud only) and whether the user asked to keep it here. The
 * folders are derived from the files' paths (plus folders made empty with `make_directory`), so
 * the reports, the frames and the browser always agree.
 *
 * The contract has no field for "on this computer" or "kept on this computer": the development
 * agent answers `isOffline` and `cachedSize` beside the contract's fields, as agents add fields.
 */

const DAY_MS = 86_400_000;

/** What the user or the agent did to a file's local copy; unset values follow the defaults below. */
type Local = { cached?: boolean; pinned?: boolean };
const locals = new WeakMap<SimFile, Local>();

const local = (f: SimFile): Local => {
	let l = locals.get(f);
	if (!l) locals.set(f, (l = {}));
	return l;
};

const mirrored = (d: SimDriveOrBackup) => d.kind === 'backup' || d.syncType === SYNC_TYPE.Mirror;

/**
 * Kept on this computer ("always available"): what the user pinned; on a Stream drive the seeded
 * contracts (`Docs\Contracts`) are, so a demo has some.
 */
export function isPinned(d: SimDriveOrBackup, f: SimFile): boolean {
	return locals.get(f)?.pinned ?? seededPin(d, f);
}

const seededPin = (d: SimDriveOrBackup, f: SimFile) =>
	d.kind === 'drive' && d.syncType === SYNC_TYPE.Stream && /^Docs\\Contracts\\/i.test(f.path);

/**
 * Whether the file's bytes are on this computer now. Everything on a Mirror drive or a backup
 * but what still comes down; on a Stream drive what waits to go up, what was fetched or kept, and
 * (until something says otherwise) what was used in the last two weeks.
 */
export function onComputer(d: SimDriveOrBackup, f: SimFile, now: number): boolean {
	if (f.state === 'pendingDownload' || f.state === 'downloading') return false;
	if (mirrored(d)) return true;
	if (f.state === 'pendingUpload' || f.state === 'uploading') return true;
	const cached = locals.get(f)?.cached;
	if (cached !== undefined) return cached;
	// A failed file failed to go up (its copy is here) or, on a read-only drive, to come down.
	if (f.state === 'error') return d.permissionType === PERMISSION_TYPE.ReadWrite;
	return seededPin(d, f) || now - Date.parse(f.modified) < 14 * DAY_MS;
}

/** A transfer of the file ended well: its bytes are on this computer. */
export function landed(f: SimFile) {
	local(f).cached = true;
}

export function pin(f: SimFile, on: boolean) {
	local(f).pinned = on;
}

/** Frees the file's local copy; the cloud copy stays. */
export function evict(f: SimFile) {
	local(f).cached = false;
}

/** A file waits to go up: its only copy is on this computer. */
export const waitsToUpload = (f: SimFile) => f.state === 'pendingUpload' || f.state === 'uploading';

export type Folder = {
	name: string;
	/** Relative to the drive's root, with backslashes; '' for the root. */
	rel: string;
	/** By lower-case name. */
	folders: Map<string, Folder>;
	files: SimFile[];
};

/** Folders made with make_directory (they may hold nothing), by drive, relative and spelled. */
const made = new WeakMap<SimDriveOrBackup, string[]>();
/** Bumped when folders are made or files deleted, so a drive's tree is built again. */
const changes = new WeakMap<SimDriveOrBackup, number>();
const trees = new WeakMap<SimDriveOrBackup, { key: string; root: Folder }>();

export function changed(d: SimDriveOrBackup) {
	changes.set(d, (changes.get(d) ?? 0) + 1);
	d.version++;
}

/** The drive's folders, built from its files' paths (again only when they changed). */
export function treeOf(d: SimDriveOrBackup): Folder {
	const key = `${d.files.length}|${changes.get(d) ?? 0}`;
	const kept = trees.get(d);
	if (kept?.key === key) return kept.root;
	const root: Folder = { name: '', rel: '', folders: new Map(), files: [] };
	const at = (segments: string[]) => {
		let folder = root;
		for (const name of segments) {
			const lower = name.toLowerCase();
			let next = folder.folders.get(lower);
			if (!next) {
				next = {
					name,
					rel: folder.rel ? `${folder.rel}\\${name}` : name,
					folders: new Map(),
					files: []
				};
				folder.folders.set(lower, next);
			}
			folder = next;
		}
		return folder;
	};
	for (const rel of made.get(d) ?? []) at(rel.split('\\'));
	for (const file of d.files) {
		const parts = file.path.split('\\');
		parts.pop();
		at(parts).files.push(file);
	}
	trees.set(d, { key, root });
	return root;
}

/** Every file below a folder, at any depth. */
export function filesUnder(folder: Folder, out: SimFile[] = []): SimFile[] {
	for (const f of folder.files) out.push(f);
	for (const child of folder.folders.values()) filesUnder(child, out);
	return out;
}

/** A file's name: the last part of its path. */
export const nameOf = (f: SimFile) => f.path.slice(f.path.lastIndexOf('\\') + 1);

/** Makes a folder in `parent`; false when a folder or file of that name is there already. */
export function makeFolder(d: SimDriveOrBackup, parent: Folder, name: string): Folder | false {
	const lower = name.toLowerCase();
	if (parent.folders.has(lower) || parent.files.some((f) => nameOf(f).toLowerCase() === lower))
		return false;
	const rel = parent.rel ? `${parent.rel}\\${name}` : name;
	const list = made.get(d) ?? [];
	list.push(rel);
	made.set(d, list);
	changed(d);
	return findFolder(d, rel.split('\\'))!;
}

/** The folder at these names below the root (any case), or undefined. */
export function findFolder(d: SimDriveOrBackup, segments: string[]): Folder | undefined {
	let folder: Folder | undefined = treeOf(d);
	for (const name of segments) {
		folder = folder.folders.get(name.toLowerCase());
		if (!folder) return undefined;
	}
	return folder;
}

/** What a path inside a drive names: a folder, a file, or nothing. */
export type Item = { folder: Folder; file?: undefined } | { file: SimFile; folder?: undefined };

export function findItem(d: SimDriveOrBackup, segments: string[]): Item | undefined {
	if (segments.length === 0) return { folder: treeOf(d) };
	const parent = findFolder(d, segments.slice(0, -1));
	if (!parent) return undefined;
	const last = segments.at(-1)!.toLowerCase();
	const folder = parent.folders.get(last);
	if (folder) return { folder };
	const file = parent.files.find((f) => nameOf(f).toLowerCase() === last);
	return file ? { file } : undefined;
}

/**
 * Forgets made folders at or below `rel` (a folder deleted), keeping those that still lead to a
 * file that was skipped.
 */
export function forgetFolders(d: SimDriveOrBackup, rel: string, keep: SimFile[]) {
	const lower = rel.toLowerCase();
	const under = (p: string) =>
		lower === '' || p.toLowerCase() === lower || p.toLowerCase().startsWith(`${lower}\\`);
	const kept = new Set(
		keep.flatMap((f) => {
			const parts = f.path.split('\\').slice(0, -1);
			return parts.map((_, i) =>
				parts
					.slice(0, i + 1)
					.join('\\')
					.toLowerCase()
			);
		})
	);
	made.set(
		d,
		(made.get(d) ?? []).filter((p) => !under(p) || kept.has(p.toLowerCase()))
	);
	changed(d);
}

/** A stable id for a file or folder of a drive: the agent's objects have one. */
export function objectId(d: SimDriveOrBackup, rel: string): string {
	const text = `${d.id}|${rel.toLowerCase()}`;
	let h1 = 0x811c9dc5;
	let h2 = 0x01000193;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		h1 = Math.imul(h1 ^ c, 0x01000193);
		h2 = Math.imul(h2 ^ c, 0x5bd1e995);
	}
	const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
	const h = hex(h1) + hex(h2) + hex(h1 ^ h2) + hex(Math.imul(h1, 31) ^ h2);
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Each file's id, made once: a folder of 50,000 lists quickly. */
const fileIds = new WeakMap<SimFile, string>();
const fileId = (d: SimDriveOrBackup, f: SimFile) => {
	let id = fileIds.get(f);
	if (id === undefined) fileIds.set(f, (id = objectId(d, f.path)));
	return id;
};

/** The full local path of something at `rel` in a drive ('' is the drive's own folder). */
export function localPathOf(d: SimDriveOrBackup, rel: string): string {
	if (!rel) return d.localPath;
	return `${d.localPath.replace(/\\+$/, '')}\\${rel}`;
}

/** `object_info` of a file: the contract's fields, then what this agent adds. */
export function fileInfo(d: SimDrive, f: SimFile, now: number) {
	return {
		driveName: d.driveName,
		bucketName: d.storageName,
		path: localPathOf(d, f.path),
		size: f.size,
		lastModifiedDate: f.modified,
		// The statechange frames' flags, so a row and a frame about it say the same.
		state: STATE_FLAGS[f.state],
		isDirectory: false,
		id: fileId(d, f),
		isOffline: isPinned(d, f),
		cachedSize: onComputer(d, f, now) ? f.size : 0
	};
}

/**
 * `object_info` of a folder: its size is what it holds at any depth, its date the newest of its
 * files, `cachedSize` what of it is on this computer, `isOffline` when it holds files and every
 * one is kept on this computer. A folder's own state is Normal.
 */
export function folderInfo(d: SimDrive, folder: Folder, now: number) {
	let size = 0;
	let cached = 0;
	let newest = '';
	let files = 0;
	let pinned = 0;
	for (const f of filesUnder(folder)) {
		files++;
		size += f.size;
		if (onComputer(d, f, now)) cached += f.size;
		if (isPinned(d, f)) pinned++;
		if (f.modified > newest) newest = f.modified;
	}
	return {
		driveName: d.driveName,
		bucketName: d.storageName,
		path: localPathOf(d, folder.rel),
		size,
		lastModifiedDate: newest || null,
		state: 0,
		isDirectory: true,
		id: objectId(d, folder.rel),
		isOffline: files > 0 && pinned === files,
		cachedSize: cached
	};
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare;

/** A folder's children as the agent lists them: folders, then files, each by name. */
export function childrenOf(folder: Folder): { folders: Folder[]; files: SimFile[] } {
	return {
		folders: [...folder.folders.values()].sort((a, b) => byName(a.name, b.name)),
		files: [...folder.files].sort((a, b) => byName(nameOf(a), nameOf(b)))
	};
}
