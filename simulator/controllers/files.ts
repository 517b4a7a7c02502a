import { AGENT_STATUS, OBJECT_STATUS, PERMISSION_TYPE, SYNC_TYPE } from '../../src/lib/contract.ts';
import { owns, type SimDrive, type SimFile } from '../model/drives.ts';
import {
	childrenOf,
	changed,
	evict,
	fileInfo,
	filesUnder,
	findFolder,
	findItem,
	folderInfo,
	forgetFolders,
	isPinned,
	localPathOf,
	makeFolder,
	nameOf,
	onComputer,
	pin,
	waitsToUpload,
	type Folder,
	type Item
} from '../model/files.ts';
import { presignedUrl } from '../model/links.ts';
import { AgentFailure, Fields, fail, invalid, ok, type Reply } from '../reply.ts';
import { route, type AgentContext, type Handler, type Route } from '../routing.ts';

/**
 * Files inside a drive (`/management/object_*`, `objects_info`, `generate_presigned_urls`, no
 * token): read one item or a folder's children, fetch it now, keep it on this computer or stop,
 * free up its space, delete it, share a link. Paths are full local paths (`G:\Projects\a.mov`),
 * matched in any case and with either slash; `.` or `..` in one is 499 SECURITY, a path no drive
 * holds 404 NOT_FOUND. Backups hold no objects here: their paths are 404 too.
 */

/** A path split into its parts; `traversal` when a part is `.` or `..`. */
function partsOf(path: string): string[] | 'traversal' {
	const parts = path.trim().replace(/\//g, '\\').split('\\').filter(Boolean);
	return parts.some((p) => p === '.' || p === '..') ? 'traversal' : parts;
}

/** The drive that holds a full local path (the deepest, should two nest) and the parts inside it. */
export function driveAt(
	ctx: AgentContext,
	path: string
): { drive: SimDrive; segments: string[] } | undefined {
	const parts = partsOf(path);
	if (parts === 'traversal')
		throw fail('SECURITY', 'A path may not hold . or .. as a name: it would leave the drive.');
	let best: SimDrive | undefined;
	for (const d of ctx.state.drives.drives)
		if (owns(d, path) && (!best || d.localPath.length > best.localPath.length)) best = d;
	if (!best) return undefined;
	const root = partsOf(best.localPath) as string[];
	return { drive: best, segments: parts.slice(root.length) };
}

/** The `path` query of an object call, required. */
function pathParam(q: URLSearchParams): string {
	const path = q.get('path');
	if (!path?.trim())
		throw invalid({ path: ['path is required: the full local path of a file or folder.'] });
	return path;
}

type Found = { drive: SimDrive; item: Item; segments: string[]; path: string };

/** The drive and the item a call's `path` names; 404 NOT_FOUND when there is none. */
function located(ctx: AgentContext, q: URLSearchParams): Found {
	const path = pathParam(q);
	const at = driveAt(ctx, path);
	if (!at) throw fail('NOT_FOUND', `No drive holds ${path}.`, 404);
	const item = findItem(at.drive, at.segments);
	if (!item) throw fail('NOT_FOUND', `${path} is not in ${at.drive.name}.`, 404);
	return { ...at, item, path };
}

const now = (ctx: AgentContext) => ctx.state.clock.now();
const infoOf = (ctx: AgentContext, d: SimDrive, item: Item) =>
	item.file ? fileInfo(d, item.file, now(ctx)) : folderInfo(d, item.folder, now(ctx));
const filesOf = (item: Item): SimFile[] => (item.file ? [item.file] : filesUnder(item.folder));
/** The sequential numbering `object_status` answers in (not the statechange flags). */
const STATUS_NUMBER: Record<SimFile['state'], number> = {
	normal: OBJECT_STATUS.Normal,
	pendingUpload: OBJECT_STATUS.Uploading,
	uploading: OBJECT_STATUS.Uploading,
	pendingDownload: OBJECT_STATUS.Downloading,
	downloading: OBJECT_STATUS.Downloading,
	deleting: OBJECT_STATUS.Deleting,
	temporary: OBJECT_STATUS.Normal,
	error: OBJECT_STATUS.Error
};

const refuseInactive = (d: SimDrive) => {
	if (!d.active) throw fail('INACTIVE', `${d.name} is not active: activate it in the agent first.`);
};

/** A Final Cut Pro library is a folder that is one project: asked for a file in it, the agent fetches it whole. */
function bundleOf(d: SimDrive, segments: string[]): Folder | undefined {
	const at = segments.findIndex((s) => /\.(fcpbundle|fcpxbundle|fcpproject)$/i.test(s));
	return at < 0 ? undefined : findFolder(d, segments.slice(0, at + 1));
}

// Fetching: a few files at a time per drive, each with its transfer's frames, like a sync pass.
const FETCH_TICK_MS = 40;
const FETCH_AT_ONCE = 4;
type Queue = { waiting: SimFile[]; active: SimFile[]; timer: NodeJS.Timeout | null };
const queues = new WeakMap<SimDrive, Queue>();
const coming = (f: SimFile) => f.state === 'pendingDownload' || f.state === 'downloading';

/** Fetches these files of a drive now: queued, then downloaded a few at a time. */
function fetchNow(ctx: AgentContext, d: SimDrive, files: SimFile[]) {
	let q = queues.get(d);
	if (!q) queues.set(d, (q = { waiting: [], active: [], timer: null }));
	const queue = q;
	const known = new Set([...queue.waiting, ...queue.active]);
	for (const f of files) if (!known.has(f)) queue.waiting.push(f);
	const tick = () => {
		if (!ctx.state.drives.drives.includes(d)) return stop();
		if (ctx.state.status === AGENT_STATUS.Paused) return;
		queue.active = queue.active.filter(coming);
		const present = new Set(d.files);
		while (queue.active.length < FETCH_AT_ONCE && queue.waiting.length) {
			const f = queue.waiting.shift()!;
			if (!present.has(f) || onComputer(d, f, now(ctx)) || f.state !== 'normal') continue;
			ctx.work.fetchFile(d, f);
			queue.active.push(f);
		}
		if (!queue.active.length && !queue.waiting.length) stop();
	};
	const stop = () => {
		if (queue.timer) clearInterval(queue.timer);
		queue.timer = null;
	};
	tick();
	if (!queue.timer && (queue.active.length || queue.waiting.length)) {
		queue.timer = setInterval(tick, FETCH_TICK_MS);
		queue.timer.unref();
	}
}

/** GET objects_info: a folder's children, folders first, each by name. */
const objectsInfo: Handler = (req, ctx) => {
	const { drive, item, path } = located(ctx, req.query);
	if (!item.folder) throw fail('NOT_FOUND', `${path} is a file, not a folder.`, 404);
	const { folders, files } = childrenOf(item.folder);
	const at = now(ctx);
	return ok([
		...folders.map((f) => folderInfo(drive, f, at)),
		...files.map((f) => fileInfo(drive, f, at))
	]);
};

/** GET object_status: one item's state in the sequential numbering (0 Normal ... 10 Error). */
const objectStatus: Handler = (req, ctx) => {
	const { item } = located(ctx, req.query);
	if (!item.file) return ok(0);
	return ok(STATUS_NUMBER[item.file.state]);
};

/**
 * GET object_download: a GET that starts work. What is only in the cloud comes down now (a folder:
 * every such file in it; a file in a Final Cut Pro library: the whole library). What is already on
 * this computer is left as it is. 200 once queued.
 */
const download: Handler = (req, ctx) => {
	const { drive, item, segments } = located(ctx, req.query);
	refuseInactive(drive);
	const bundle = item.file ? bundleOf(drive, segments) : undefined;
	const files = bundle ? filesUnder(bundle) : filesOf(item);
	fetchNow(
		ctx,
		drive,
		files.filter((f) => !onComputer(drive, f, now(ctx)))
	);
	return ok();
};

/** GET object_make_offline: kept on this computer from now on; what is not here yet comes down. */
const makeOffline: Handler = (req, ctx) => {
	const { drive, item } = located(ctx, req.query);
	refuseInactive(drive);
	const files = filesOf(item);
	for (const f of files) pin(f, true);
	changed(drive);
	fetchNow(
		ctx,
		drive,
		files.filter((f) => !onComputer(drive, f, now(ctx)))
	);
	return ok();
};

/** POST object_remove_offline: no longer kept on this computer (folders: everything in them). Nothing is removed now. */
const removeOffline: Handler = (req, ctx) => {
	const { drive, item } = located(ctx, req.query);
	for (const f of filesOf(item)) pin(f, false);
	changed(drive);
	return ok();
};

/**
 * POST object_remove_from_cache: frees the local copy; the cloud copy stays. A Mirror drive keeps
 * everything here (499 STATUS). One file kept on this computer, or waiting to upload (its only
 * copy), is refused with 499 STATUS; one not on this computer is left alone (200, nothing freed).
 * A folder frees what it can and leaves those.
 */
const removeFromCache: Handler = (req, ctx) => {
	const { drive, item } = located(ctx, req.query);
	if (drive.syncType === SYNC_TYPE.Mirror)
		throw fail(
			'STATUS',
			`${drive.name} is a mirror drive: it keeps every file on this computer. Change it to Stream to free space.`
		);
	const at = now(ctx);
	if (item.file) {
		const f = item.file;
		if (isPinned(drive, f))
			throw fail(
				'STATUS',
				`${nameOf(f)} is kept on this computer: stop keeping it on this computer first.`
			);
		if (waitsToUpload(f))
			throw fail('STATUS', `${nameOf(f)} waits to upload: its only copy is on this computer.`);
	}
	for (const f of filesOf(item))
		if (onComputer(drive, f, at) && !isPinned(drive, f) && !waitsToUpload(f)) evict(f);
	changed(drive);
	return ok();
};

/**
 * POST object_delete: deletes on this computer and in the cloud. 403 ACCESS unless the drive
 * allows deleting and has ReadWrite permission. Files still uploading (waiting or going up) are
 * skipped and stay, with the folders that lead to them; the answer is 200 all the same.
 */
const remove: Handler = (req, ctx) => {
	const { drive, item } = located(ctx, req.query);
	if (!drive.allowDelete || drive.permissionType !== PERMISSION_TYPE.ReadWrite)
		throw new AgentFailure(403, 'ACCESS', {
			ACCESS: [
				drive.permissionType !== PERMISSION_TYPE.ReadWrite
					? `${drive.name} is read-only: nothing can be deleted in it.`
					: `${drive.name} does not allow deleting.`
			]
		});
	const skipped: SimFile[] = [];
	const gone = new Set<SimFile>();
	for (const f of filesOf(item)) {
		if (waitsToUpload(f)) skipped.push(f);
		else gone.add(f);
	}
	if (gone.size) {
		drive.files = drive.files.filter((f) => !gone.has(f));
		for (const f of gone) ctx.work.deleted(drive, f);
	}
	if (item.folder) forgetFolders(drive, item.folder.rel, skipped);
	else changed(drive);
	return ok();
};

/** GET object_info: one file or folder. */
const objectInfo: Handler = (req, ctx) => {
	const { drive, item } = located(ctx, req.query);
	return ok(infoOf(ctx, drive, item));
};

/** GET get_directory_rename_status: no rename is ever under way here, so a folder has finished. */
const renameStatus: Handler = (req, ctx) => {
	located(ctx, req.query);
	return ok(true);
};

/** The largest range get_object_stream answers at once. */
const MAX_STREAM_BYTES = 1024 * 1024;

/** GET get_object_stream: bytes of a file, both ends inclusive (made up: the name, repeated). */
const stream: Handler = (req, ctx) => {
	const { item, path } = located(ctx, req.query);
	if (!item.file) throw fail('NOT_FOUND', `${path} is a folder.`, 404);
	const size = item.file.size;
	const number = (name: string, fallback: number) => {
		const raw = req.query.get(name);
		const n = raw === null || raw === '' ? fallback : Number(raw);
		if (!Number.isInteger(n) || n < 0)
			throw invalid({ [name]: [`${name} must be a whole number of bytes.`] });
		return n;
	};
	const start = number('start', 0);
	const end = Math.min(number('end', size - 1), size - 1, start + MAX_STREAM_BYTES - 1);
	if (start > end) throw invalid({ start: [`start must be at most end, and below ${size}.`] });
	const pattern = `${nameOf(item.file)} `;
	const text = Array.from(
		{ length: end - start + 1 },
		(_, i) => pattern[(start + i) % pattern.length]
	).join('');
	return { status: 200, text, contentType: 'application/octet-stream' } satisfies Reply;
};

/**
 * POST generate_presigned_urls `{driveName, relativePath, uploadKey}`: `driveName` is the drive's
 * display name (any case), not its letter. A download link to the file, and an upload link when
 * `uploadKey` names a key (relative to the drive, as `relativePath`); else `uploadUrl` is null.
 */
const presigned: Handler = (req, ctx) => {
	const f = new Fields(req.body);
	const name = f.string('driveName', 'The drive name');
	const relative = f.string('relativePath', 'The path in the drive');
	const uploadKey = f.string('uploadKey', 'The upload key', { optional: true });
	f.done();
	const drive = ctx.state.drives.drives.find((d) => d.name.toLowerCase() === name.toLowerCase());
	if (!drive) throw fail('NOT_FOUND', `No drive is named ${name}.`, 404);
	const parts = partsOf(relative);
	const keyParts = partsOf(uploadKey);
	if (parts === 'traversal' || keyParts === 'traversal')
		throw fail('SECURITY', 'A path may not hold . or .. as a name: it would leave the drive.');
	const item = findItem(drive, parts);
	if (!item) throw fail('NOT_FOUND', `${relative} is not in ${drive.name}.`, 404);
	if (item.folder)
		throw invalid({ relativePath: ['A link is for one file: a folder cannot be shared by link.'] });
	const at = ctx.state.clock.date();
	return ok({
		downloadUrl: presignedUrl(drive, item.file.path, at, 'r'),
		uploadUrl: keyParts.length ? presignedUrl(drive, keyParts.join('\\'), at, 'w') : null
	});
};

/** list_files_directories inside a drive: its folders (objectType 2), then files (1); undefined outside drives. */
export function driveEntries(ctx: AgentContext, path: string) {
	const at = driveAt(ctx, path);
	if (!at) return undefined;
	const item = findItem(at.drive, at.segments);
	if (!item?.folder) throw fail('NOT_FOUND', `No folder ${path} on this computer.`, 404);
	const { folders, files } = childrenOf(item.folder);
	return [
		...folders.map((f) => ({
			fileName: f.name,
			fullPath: localPathOf(at.drive, f.rel),
			objectType: 2
		})),
		...files.map((f) => ({
			fileName: nameOf(f),
			fullPath: localPathOf(at.drive, f.path),
			objectType: 1
		}))
	];
}

/**
 * make_directory inside a drive (the name already checked): 403 ACCESS on a read-only drive,
 * 404 for a parent that is not a folder of it, 499 DUPLICATE for a name taken. Undefined outside drives.
 */
export function makeDriveFolder(ctx: AgentContext, path: string, name: string): string | undefined {
	const at = driveAt(ctx, path);
	if (!at) return undefined;
	const d = at.drive;
	if (d.permissionType !== PERMISSION_TYPE.ReadWrite)
		throw new AgentFailure(403, 'ACCESS', {
			directoryName: [`${d.name} is read-only: folders cannot be made in it.`]
		});
	const parent = findItem(d, at.segments);
	if (!parent?.folder) throw fail('NOT_FOUND', `No folder ${path} in ${d.name}.`, 404);
	const folder = makeFolder(d, parent.folder, name);
	if (!folder)
		throw new AgentFailure(499, 'DUPLICATE', {
			directoryName: [
				`${localPathOf(d, parent.folder.rel ? `${parent.folder.rel}\\${name}` : name)} already exists.`
			]
		});
	return localPathOf(d, folder.rel);
}

export function fileRoutes(): Route[] {
	return [
		route('GET', '/management/object_info', objectInfo),
		route('GET', '/management/objects_info', objectsInfo),
		route('GET', '/management/object_status', objectStatus),
		route('GET', '/management/object_download', download),
		route('GET', '/management/object_make_offline', makeOffline),
		route('POST', '/management/object_remove_offline', removeOffline, false),
		route('POST', '/management/object_remove_from_cache', removeFromCache, false),
		route('POST', '/management/object_delete', remove, false),
		route('POST', '/management/generate_presigned_urls', presigned),
		route('GET', '/management/get_directory_rename_status', renameStatus),
		route('GET', '/management/get_object_stream', stream)
	];
}
