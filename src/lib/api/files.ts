import { request, type RequestOptions } from './client.ts';
import { AgentHttpError } from './errors.ts';
import { listFilesAndFolders } from './folders.ts';
import { emptySchema } from './schemas/agent.ts';
import {
	objectInfoSchema,
	objectListSchema,
	objectStatusSchema,
	presignedSchema,
	type ObjectInfoSent
} from './schemas/files.ts';

/**
 * Files and folders inside a drive (`/management/object_*`), by their full local path on the
 * agent's machine (`G:\\Projects\\a.mov`). The reads change nothing. Of the calls that act, two
 * are GETs that start work (`object_download`, `object_make_offline`): only ever from a button
 * the user pressed, never preloaded or tried again on their own.
 */

type Options = Pick<RequestOptions, 'signal' | 'agentUrl' | 'timeoutMs'>;

/** One file or folder as the console reads it; `raw` is what the agent sent (masked). */
export type FileObject = {
	name: string;
	path: string;
	/** Null when the agent did not say which it is. */
	folder: boolean | null;
	size: number | null;
	modified: string | null;
	/** As sent, when a number: which numbering it is in is decided over a whole folder. */
	state: number | null;
	/** Kept on this computer; null when the agent does not say. */
	offline: boolean | null;
	/** Bytes on this computer; null when the agent does not say. */
	cachedSize: number | null;
	raw: Record<string, unknown>;
};

export type Folder = {
	entries: FileObject[];
	/** Elements of the answer the console could not read, left out. */
	unreadable: number;
	/** `objects_info`, or `list_files_directories` for an agent without it (names only). */
	source: 'objects' | 'names';
};

const sepOf = (path: string) => (/^[A-Za-z]:|\\/.test(path) ? '\\' : '/');
const trimEnd = (path: string) => path.replace(/[\\/]+$/, '');
const lastPart = (path: string) => trimEnd(path).split(/[\\/]/).pop() || path;
const comparable = (path: string) => trimEnd(path.replace(/\\/g, '/')).toLowerCase();

/** `name` in `folder`, with the folder's own separator. */
export function childPath(folder: string, name: string): string {
	return `${trimEnd(folder)}${sepOf(folder)}${name}`;
}

/**
 * The full local path of what the agent sent in `folder`: its `path` when that lies in the folder
 * (a full local path); otherwise the path may be the object's key in the bucket, and its last
 * part, the name, is put in the folder.
 */
function placed(sent: ObjectInfoSent, folder: string | null): { name: string; path: string } {
	const name = sent.fileName?.trim() || sent.name?.trim() || lastPart(sent.path);
	if (folder === null) return { name, path: sent.path };
	const inside = comparable(sent.path).startsWith(`${comparable(folder)}/`);
	return { name, path: inside ? sent.path : childPath(folder, name) };
}

function kindOf(sent: ObjectInfoSent): boolean | null {
	if (typeof sent.isDirectory === 'boolean') return sent.isDirectory;
	const type = sent.objectType;
	if (type === 1 || (typeof type === 'string' && /^file$/i.test(type.trim()))) return false;
	if (type === 2 || (typeof type === 'string' && /^(folder|directory|dir)$/i.test(type.trim())))
		return true;
	return null;
}

function objectOf(sent: ObjectInfoSent, folder: string | null): FileObject {
	const state =
		typeof sent.state === 'number'
			? sent.state
			: typeof sent.state === 'string' && /^\d+$/.test(sent.state.trim())
				? Number(sent.state)
				: null;
	return {
		...placed(sent, folder),
		folder: kindOf(sent),
		size: typeof sent.size === 'number' && sent.size >= 0 ? sent.size : null,
		modified: sent.lastModifiedDate ?? null,
		state,
		offline: typeof sent.isOffline === 'boolean' ? sent.isOffline : null,
		cachedSize:
			typeof sent.cachedSize === 'number' && sent.cachedSize >= 0 ? sent.cachedSize : null,
		raw: sent
	};
}

/** The agent has no such call (an older agent): a 404 without its NOT_FOUND code, or 405. */
const notOffered = (error: unknown) =>
	error instanceof AgentHttpError &&
	(error.status === 405 || (error.status === 404 && error.code === null));

/**
 * How long a folder's listing may take, against 10 s for other calls: the agent reads the folder
 * from disk, and one of 50,000 entries is a 13 MB answer, which a busy machine took over 10 s to
 * list and send (the development agent, with the end-to-end tests beside it).
 */
const FOLDER_TIMEOUT_MS = 30_000;

/**
 * A folder's children (`objects_info`). An agent without that call is asked for the names
 * (`list_files_directories`): sizes, dates and states are then unknown.
 */
export async function readFolder(path: string, given: Options = {}): Promise<Folder> {
	const options = { timeoutMs: FOLDER_TIMEOUT_MS, ...given };
	let list: unknown[];
	try {
		list = await request(objectListSchema, '/management/objects_info', {
			...options,
			query: { path }
		});
	} catch (error) {
		if (!notOffered(error)) throw error;
		const names = await listFilesAndFolders(path, options);
		return {
			entries: names.entries.map((e) => ({
				name: e.name,
				path: e.path,
				folder: e.kind === 'unknown' ? null : e.kind === 'folder',
				size: null,
				modified: null,
				state: null,
				offline: null,
				cachedSize: null,
				raw: e.sent
			})),
			unreadable: names.unreadable,
			source: 'names'
		};
	}
	const entries: FileObject[] = [];
	let unreadable = 0;
	for (const item of list) {
		const parsed = objectInfoSchema.safeParse(item);
		if (parsed.success) entries.push(objectOf(parsed.data, path));
		else unreadable++;
	}
	return { entries, unreadable, source: 'objects' };
}

export async function readObject(path: string, options: Options = {}): Promise<FileObject> {
	const sent = await request(objectInfoSchema, '/management/object_info', {
		...options,
		query: { path }
	});
	const read = objectOf(sent, null);
	// The path asked for is the one to act on, whatever form the answer's path takes.
	return comparable(read.path) === comparable(path) ? read : { ...read, path };
}

/** `object_status`: the number in its own (sequential) numbering, or the answer as sent. */
export async function readObjectStatus(
	path: string,
	options: Options = {}
): Promise<{ value: number | null; sent: unknown }> {
	const sent = await request(objectStatusSchema, '/management/object_status', {
		...options,
		query: { path }
	});
	const value =
		typeof sent === 'number' && Number.isInteger(sent)
			? sent
			: typeof sent === 'string' && /^\d+$/.test(sent.trim())
				? Number(sent)
				: null;
	return { value, sent };
}

/** Fetch now (a GET that starts work): what is only in the cloud comes down. */
export function downloadObject(path: string, options: Options = {}) {
	return request(emptySchema, '/management/object_download', { ...options, query: { path } });
}

/** Keep on this computer (a GET that starts work): pinned, and fetched if it is not here. */
export function makeOffline(path: string, options: Options = {}) {
	return request(emptySchema, '/management/object_make_offline', { ...options, query: { path } });
}

/** Stop keeping on this computer (recursive for folders); nothing is removed now. */
export function removeOffline(path: string, options: Options = {}) {
	return request(emptySchema, '/management/object_remove_offline', {
		...options,
		method: 'POST',
		query: { path }
	});
}

/** Free up space: the local copy goes, the cloud copy stays. */
export function removeFromCache(path: string, options: Options = {}) {
	return request(emptySchema, '/management/object_remove_from_cache', {
		...options,
		method: 'POST',
		query: { path }
	});
}

/** Delete on this computer and in the cloud: 403 unless the drive allows it; uploads are skipped. */
export function deleteObject(path: string, options: Options = {}) {
	return request(emptySchema, '/management/object_delete', {
		...options,
		method: 'POST',
		query: { path }
	});
}

/**
 * A download link to one file (`generate_presigned_urls`): `driveName` is the drive's display
 * name, not its letter. The link is a credential for 24 hours, so this is the one answer that is
 * not masked (`keepCredentials`): it goes to the caller alone, who shows it only to the user who
 * asked. The upload link is not asked for, and dropped if sent.
 */
export async function presignedLink(
	driveName: string,
	relativePath: string,
	options: Options = {}
): Promise<string | null> {
	const answer = await request(presignedSchema, '/management/generate_presigned_urls', {
		...options,
		method: 'POST',
		body: { driveName, relativePath, uploadKey: '' },
		keepCredentials: true
	});
	const url = answer.downloadUrl?.trim();
	return url && /^https?:\/\//i.test(url) ? url : null;
}
