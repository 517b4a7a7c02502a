/**
 * The folders of the machine the agent runs on, as its pickers browse them (`list_drives`,
 * `list_directories`, `make_directory`): a Windows desktop's disks, each a tree of folders and
 * files. Paths are matched without regard to case and either slash, as Windows does, and answered
 * in the tree's own spelling with backslashes.
 */

export type SimEntry = { name: string; size: number };

export type SimFolder = { name: string; folders: SimFolder[]; files: SimEntry[] };

/** A disk: its root folder is named by its letter and colon ("C:"), with the space left on it. */
export type SimDisk = SimFolder & { freeBytes: number };

export type FolderTree = { disks: SimDisk[]; home: string };

/** A path split into its disk and folder names, or why it cannot be read. */
export type ParsedPath = { segments: string[] } | { problem: 'invalid' | 'traversal' };

/** `C:\Users\ann`, `c:/users/ann/`, `C:`: the disk letter and names; `..` and `.` are traversal. */
export function parsePath(path: string): ParsedPath {
	const parts = path.trim().replace(/\//g, '\\').split('\\').filter(Boolean);
	const disk = parts[0];
	if (!disk || !/^[A-Za-z]:$/.test(disk)) return { problem: 'invalid' };
	if (parts.some((p) => p === '..' || p === '.')) return { problem: 'traversal' };
	return { segments: [disk.toUpperCase(), ...parts.slice(1)] };
}

/** A path as the agent writes it: `C:\` for a disk, `C:\Users\ann` below it. */
export const pathOf = (segments: string[]) =>
	segments.length === 1 ? `${segments[0]}\\` : segments.join('\\');

/** The same path in a form to compare: lower case, backslashes, no trailing one. */
export function comparable(path: string): string {
	return path.trim().replace(/\//g, '\\').replace(/\\+$/, '').toLowerCase();
}

/** Whether `path` is `root` or lies below it (both full paths, any case or slash). */
export function within(path: string, root: string): boolean {
	const p = comparable(path);
	const r = comparable(root);
	return p === r || p.startsWith(`${r}\\`);
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function diskOf(tree: FolderTree, path: string): SimDisk | undefined {
	const parsed = parsePath(path);
	if (!('segments' in parsed)) return undefined;
	return tree.disks.find((d) => same(d.name, parsed.segments[0]!));
}

/** The folder at a full path with its path in the tree's spelling, or undefined. */
export function findFolder(
	tree: FolderTree,
	path: string
): { folder: SimFolder; path: string } | undefined {
	const parsed = parsePath(path);
	if (!('segments' in parsed)) return undefined;
	let folder: SimFolder | undefined = diskOf(tree, path);
	const spelled: string[] = [];
	for (const name of parsed.segments) {
		if (!folder) return undefined;
		if (spelled.length) folder = folder.folders.find((f) => same(f.name, name));
		if (!folder) return undefined;
		spelled.push(folder.name);
	}
	return folder && { folder, path: pathOf(spelled) };
}

/** A folder's own subfolders and files, by name, each sorted as Explorer shows them. */
export function childrenOf(folder: SimFolder) {
	const byName = (a: { name: string }, b: { name: string }) =>
		a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true });
	return { folders: [...folder.folders].sort(byName), files: [...folder.files].sort(byName) };
}

/** Makes a folder in `parent`; false when a folder or file of that name is already there. */
export function addFolder(parent: SimFolder, name: string): boolean {
	if ([...parent.folders, ...parent.files].some((x) => same(x.name, name))) return false;
	parent.folders.push({ name, folders: [], files: [] });
	return true;
}

/**
 * Makes every missing folder of a full path (a cache folder the agent creates); its path in the
 * tree's spelling, or undefined when the disk does not exist or a file is in the way.
 */
export function ensureFolder(tree: FolderTree, path: string): string | undefined {
	const parsed = parsePath(path);
	if (!('segments' in parsed)) return undefined;
	let folder: SimFolder | undefined = diskOf(tree, path);
	if (!folder) return undefined;
	const spelled = [folder.name];
	for (const name of parsed.segments.slice(1)) {
		if (folder.files.some((f) => same(f.name, name))) return undefined;
		let next: SimFolder | undefined = folder.folders.find((f) => same(f.name, name));
		if (!next) {
			next = { name, folders: [], files: [] };
			folder.folders.push(next);
		}
		folder = next;
		spelled.push(folder.name);
	}
	return pathOf(spelled);
}

/** The files below a folder, their paths relative to it (backslashes), at most `max`. */
export function filesBelow(folder: SimFolder, max: number, prefix = ''): SimEntry[] {
	const list: SimEntry[] = folder.files.map((f) => ({ name: prefix + f.name, size: f.size }));
	for (const child of folder.folders) {
		if (list.length >= max) break;
		list.push(...filesBelow(child, max - list.length, `${prefix}${child.name}\\`));
	}
	return list.slice(0, max);
}
