import { request, type RequestOptions } from './client.ts';
import { emptySchema } from './schemas/agent.ts';
import { folderEntrySchema, pathListSchema, type FolderEntrySent } from './schemas/folders.ts';

/**
 * Folders of the machine the agent runs on (the console user's own desktop), for the pickers.
 * Paths stay in that machine's form: backslashes and drive letters on Windows, slashes elsewhere.
 * The reads change nothing; `makeDirectory` does, and names the console in X-App-Origin.
 */

type Options = Pick<RequestOptions, 'signal' | 'agentUrl' | 'timeoutMs'>;

/** A list of strings as sent, without the elements that are not (non-empty) strings, or repeated. */
function strings(list: unknown[]): string[] {
	const seen = new Set<string>();
	for (const item of list) if (typeof item === 'string' && item.trim()) seen.add(item);
	return [...seen];
}

/** The machine's drives or mount points: `["C:\\", "D:\\"]`. */
export async function listMachineDrives(options: Options = {}): Promise<string[]> {
	return strings(await request(pathListSchema, '/management/list_drives', options));
}

/**
 * Drive letters a virtual drive may take, upper case, in the agent's order. "g", "G:" and "G:\"
 * read as "G"; anything that is not one letter is left out.
 */
export async function listFreeLetters(options: Options = {}): Promise<string[]> {
	const list = await request(pathListSchema, '/management/list_available_drives', options);
	const letters = list.flatMap((item) => {
		const match = typeof item === 'string' ? /^\s*([A-Za-z]):?\\?\s*$/.exec(item) : null;
		return match?.[1] ? [match[1].toUpperCase()] : [];
	});
	return [...new Set(letters)];
}

/** Full paths of the folders in `path`; an empty path is the user's home folder. */
export async function listDirectories(path: string, options: Options = {}): Promise<string[]> {
	return strings(
		await request(pathListSchema, '/management/list_directories', { ...options, query: { path } })
	);
}

export type EntryKind = 'file' | 'folder' | 'unknown';

export type FolderEntry = {
	name: string;
	path: string;
	/** By the contract's reading (1 file, 2 folder), or a name; "unknown" keeps `sent`. */
	kind: EntryKind;
	sent: FolderEntrySent;
};

function kindOf(entry: FolderEntrySent): EntryKind {
	if (typeof entry.isDirectory === 'boolean') return entry.isDirectory ? 'folder' : 'file';
	const type = entry.objectType;
	if (type === 1 || (typeof type === 'string' && /^file$/i.test(type.trim()))) return 'file';
	if (type === 2 || (typeof type === 'string' && /^(folder|directory|dir)$/i.test(type.trim())))
		return 'folder';
	return 'unknown';
}

/** The last part of a path in either form: "C:\\Users\\ana" -> "ana". */
const lastPart = (path: string) =>
	path
		.replace(/[\\/]+$/, '')
		.split(/[\\/]/)
		.pop() || path;

/** Files and folders in `path`; entries without a `fullPath` are left out and counted. */
export async function listFilesAndFolders(
	path: string,
	options: Options = {}
): Promise<{ entries: FolderEntry[]; unreadable: number }> {
	const list = await request(pathListSchema, '/management/list_files_directories', {
		...options,
		query: { path }
	});
	const entries: FolderEntry[] = [];
	let unreadable = 0;
	for (const item of list) {
		const parsed = folderEntrySchema.safeParse(item);
		if (!parsed.success) {
			unreadable++;
			continue;
		}
		const sent = parsed.data;
		entries.push({
			name: sent.fileName?.trim() || lastPart(sent.fullPath),
			path: sent.fullPath,
			kind: kindOf(sent),
			sent
		});
	}
	return { entries, unreadable };
}

/**
 * Makes the folder `name` in `path`. The contract gives no answer shape: a string is taken as the
 * new folder's path, else null (the caller joins the two). A name with traversal characters gets
 * 499 SECURITY.
 */
export async function makeDirectory(
	path: string,
	name: string,
	options: Options = {}
): Promise<string | null> {
	const answer = await request(emptySchema, '/management/make_directory', {
		...options,
		method: 'POST',
		body: { path, directoryName: name }
	});
	return typeof answer === 'string' && answer.trim() ? answer : null;
}
