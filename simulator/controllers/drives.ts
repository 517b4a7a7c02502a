import { randomUUID } from 'node:crypto';
import {
	AGENT_STATUS,
	DRIVE_CONFIG,
	DRIVE_TYPE,
	NOTIFICATION_TYPE,
	PERMISSION_TYPE,
	SYNC_TYPE,
	TRANSFER_DIRECTION,
	TRANSFER_STATUS,
	allFlags
} from '../../src/lib/contract.ts';
import {
	Locks,
	agentCacheFolder,
	cacheProblem,
	checkPlace,
	readCache,
	readDriveOrBackupInput,
	refuse
} from '../model/configuration.ts';
import {
	formatBytes,
	fullPath,
	owns,
	reportTally,
	type SimBackup,
	type SimDrive,
	type SimFile,
	type SimDriveOrBackup
} from '../model/drives.ts';
import { comparable, diskOf, ensureFolder, filesBelow, findFolder } from '../model/folders.ts';
import {
	cacheBytes,
	fileDistribution,
	fileStates,
	summary,
	syncHealth
} from '../reports/drives.ts';
import { historicalTrends, transferActivity } from '../reports/transfers.ts';
import { bucketFiles } from '../seed/drives.ts';
import { fail, intParam, invalid, ok, pageParams } from '../reply.ts';
import { requireUser, route, type AgentContext, type Handler, type Route } from '../routing.ts';
import type { SimulatorOptions } from '../options.ts';

/**
 * The agent's drives and backups (/management/clouddrive, /management/cloudbackup, no token) and
 * their reports (/drivereport, /backupreport: PascalCase, enums as strings, `pageSize`).
 */

type Kind = 'drive' | 'backup';

/** The model as the agent's /management answers it: everything but the files. */
/**
 * A drive or backup as the agent answers it. A cache on the move shows as `cacheMove` only when
 * this agent tells moves in its model (`cacheMoveNews: 'model'`); the contract answers "the stored
 * model", and an agent may tell a move only by its summary's status.
 */
export function driveModel(
	d: SimDriveOrBackup,
	news: SimulatorOptions['cacheMoveNews'] = 'model'
): Record<string, unknown> {
	const model: Record<string, unknown> = { ...d };
	delete model.kind;
	delete model.files;
	delete model.version;
	delete model.quirks;
	if (news !== 'model') delete model.cacheMove;
	return model;
}

const drives: Handler = (req, ctx) => {
	const path = req.query.get('path');
	const list = ctx.state.drives.drives.filter((d) => path === null || owns(d, path));
	return ok(list.map((d) => driveModel(d, ctx.options.cacheMoveNews)));
};

const backups: Handler = (_req, ctx) =>
	ok(ctx.state.drives.backups.map((d) => driveModel(d, ctx.options.cacheMoveNews)));

/** A path segment as the agent's routing reads it: percent-escapes decoded, when well formed. */
function decoded(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

function find(kind: Kind, segment: string, ctx: AgentContext): SimDriveOrBackup {
	const list: SimDriveOrBackup[] =
		kind === 'drive' ? ctx.state.drives.drives : ctx.state.drives.backups;
	// The server lower-cases paths (routes are case-insensitive), escapes included.
	const id = decoded(segment).toLowerCase();
	const found = list.find((d) => d.id.toLowerCase() === id);
	// Unknown ids are open in the contract; the development agent answers 404 NOT_FOUND.
	if (!found) throw fail('NOT_FOUND', `No ${kind} with the id ${id}.`, 404);
	return found;
}

const paused = (ctx: AgentContext) => ctx.state.status === AGENT_STATUS.Paused;

/** A report route that counts its calls (by path without the id) for the control surface. */
function counted(method: string, path: string, handler: Handler): Route {
	const name = path.slice(1).replace('/([^/]+)', '');
	return route(method, path, (req, ctx) => {
		const reads = reportTally(ctx.state.drives).reads;
		reads[name] = (reads[name] ?? 0) + 1;
		return handler(req, ctx);
	});
}

/** A report handler: finds the drive or backup of the last path segment, then builds the answer. */
const report =
	(
		kind: Kind,
		build: (d: SimDriveOrBackup, req: Parameters<Handler>[0], ctx: AgentContext) => unknown
	): Handler =>
	(req, ctx) =>
		ok(build(find(kind, req.params[0]!, ctx), req, ctx));

const distribution = (d: SimDriveOrBackup, q: URLSearchParams) =>
	fileDistribution(
		d,
		intParam(q, 'topFiles', 20, 1, 100),
		intParam(q, 'topDirectories', 20, 1, 100)
	);

function reports(kind: Kind): Route[] {
	const base = kind === 'drive' ? '/drivereport' : '/backupreport';
	return [
		counted(
			'GET',
			`${base}/summary/([^/]+)`,
			report(kind, (d, _req, ctx) => summary(d, paused(ctx), ctx.state.clock.now()))
		),
		counted('GET', `${base}/sync_health/([^/]+)`, async (req, ctx) => {
			const delay = reportTally(ctx.state.drives).healthDelayMs;
			if (delay) await ctx.state.clock.delay(delay);
			return ok(syncHealth(find(kind, req.params[0]!, ctx), paused(ctx)));
		}),
		counted(
			'GET',
			`${base}/file_states/([^/]+)`,
			report(kind, (d, req) =>
				fileStates(d, intParam(req.query, 'state', 0, 0, 65_535), pageParams(req.query, 'pageSize'))
			)
		),
		counted(
			'GET',
			`${base}/file_distribution/([^/]+)`,
			report(kind, (d, req) => distribution(d, req.query))
		),
		counted(
			'GET',
			`${base}/dashboard/([^/]+)`,
			report(kind, (d, req, ctx) => ({
				Summary: summary(d, paused(ctx), ctx.state.clock.now()),
				SyncHealth: syncHealth(d, paused(ctx)),
				FileDistribution: distribution(d, req.query)
			}))
		),
		counted('GET', `${base}/transfer_activity/([^/]+)`, async (req, ctx) => {
			await requireUser(req, ctx);
			const d = find(kind, req.params[0]!, ctx);
			const q = req.query;
			return ok(
				transferActivity(d, ctx.state.history, {
					direction: intParam(q, 'direction', 0, 0, TRANSFER_DIRECTION.Download),
					status: intParam(q, 'status', 0, 0, allFlags(TRANSFER_STATUS)),
					...pageParams(q, 'pageSize')
				})
			);
		}),
		counted('GET', `${base}/historical_trends/([^/]+)`, async (req, ctx) => {
			await requireUser(req, ctx);
			const d = find(kind, req.params[0]!, ctx);
			const days = intParam(req.query, 'days', 30, 1, 365);
			return ok(historicalTrends(d, ctx.state.history, days, ctx.state.clock.now()));
		})
	];
}

/**
 * GET clouddrive/sync/{id}?path=: a GET that starts work. It answers at once; the pass runs after.
 * `path` "/" (or none) syncs the whole drive; a file's full path syncs that file (a failed one is
 * tried again); a path outside the drive is 499 SECURITY, one inside it that names no file 404.
 */
const syncNow: Handler = (req, ctx) => {
	const d = find('drive', req.params[0]!, ctx);
	if (!d.active) throw fail('INACTIVE', `${d.name} is not active: activate it in the agent first.`);
	const path = req.query.get('path');
	if (path === null || path === '' || path === '/') {
		ctx.work.sync(d);
		return ok();
	}
	if (!owns(d, path)) throw fail('SECURITY', 'The path is outside the drive.');
	const wanted = path.replace(/\//g, '\\').toLowerCase();
	const file = d.files.find((f) => fullPath(d, f).toLowerCase() === wanted);
	if (!file) throw fail('NOT_FOUND', `No file ${path} in ${d.name}.`, 404);
	ctx.work.syncFile(d, file);
	return ok();
};

const open =
	(kind: Kind): Handler =>
	(req, ctx) => {
		const d = find(kind, req.params[0]!, ctx);
		ctx.state.opened.push({
			kind,
			id: d.id,
			path: d.localPath,
			at: ctx.state.clock.date().toISOString()
		});
		if (ctx.state.opened.length > 100) ctx.state.opened.shift();
		return ok();
	};

/** POST sync_shareddrive: fetches the shared drives assigned to the user (none new here). */
const syncShared: Handler = (_req, ctx) => {
	ctx.state.sharedDriveSyncs++;
	return ok();
};

/** A new drive's or backup's first sync finds its files in batches this far apart. */
const FILL_STEP_MS = 2000;
const FILL_BATCHES = 3;
/** A cache move takes this long on the agent's clock, said in this many steps. */
const CACHE_MOVE_MS = 5000;
const CACHE_MOVE_STEPS = 5;

const listOf = (kind: Kind, ctx: AgentContext): SimDriveOrBackup[] =>
	kind === 'drive' ? ctx.state.drives.drives : ctx.state.drives.backups;

const listed = (d: SimDriveOrBackup, ctx: AgentContext) => listOf(d.kind, ctx).includes(d);

/** A number from an id, so the same id finds the same files in its bucket. */
const seedOf = (id: string) => [...id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

/**
 * A new drive's or backup's first sync: the files of its folder wait to upload (not on a
 * read-only drive), a drive's bucket lists a few files (in the cloud on a Stream drive, to come
 * down on a Mirror one). They appear in three batches on the agent's clock; each batch starts a
 * sync pass, so the reports, the file states and the history fill together.
 */
function fill(d: SimDriveOrBackup, ctx: AgentContext) {
	if (!d.active) return;
	const now = ctx.state.clock.date().toISOString();
	const found: SimFile[] = [];
	const uploads = d.kind === 'backup' || d.permissionType === PERMISSION_TYPE.ReadWrite;
	const own =
		d.kind === 'backup' || d.driveType === DRIVE_TYPE.LocalPath
			? findFolder(ctx.state.folders, d.localPath)
			: undefined;
	if (own && uploads)
		for (const e of filesBelow(own.folder, 40))
			found.push({ path: e.name, size: e.size, state: 'pendingUpload', modified: now });
	if (d.kind === 'drive') {
		const state = d.syncType === SYNC_TYPE.Mirror ? 'pendingDownload' : 'normal';
		const taken = new Set(found.map((f) => f.path.toLowerCase()));
		for (const f of bucketFiles(seedOf(d.id), 9))
			if (!taken.has(f.path.toLowerCase())) found.push({ ...f, state });
	}
	const size = Math.ceil(found.length / FILL_BATCHES);
	for (let i = 0; i < FILL_BATCHES; i++) {
		const batch = found.slice(i * size, (i + 1) * size);
		if (!batch.length) break;
		ctx.state.clock.setTimeout(
			() => {
				if (listed(d, ctx)) ctx.work.discover(d, batch);
			},
			(i + 1) * FILL_STEP_MS
		);
	}
}

/** Makes a cache folder (and its parents) on the machine, or refuses as the agent would. */
function cacheFolderMade(ctx: AgentContext, path: string): string {
	const made = ensureFolder(ctx.state.folders, path);
	if (!made)
		throw refuse(
			'VALIDATION',
			'permanentLocalPath',
			`${path} cannot be made: a file is in the way.`
		);
	return made;
}

const moving = (d: SimDriveOrBackup) =>
	d.kind === 'drive' && d.cacheMove
		? fail('STATUS', `The cache of ${d.name} is moving: wait until it is done.`)
		: undefined;

/**
 * POST clouddrive, cloudbackup: checked against the limits and the machine, then stored with the
 * agent's own values (id, folders, the standard transfer profile, keepFileAfterUpload).
 */
const create =
	(kind: Kind): Handler =>
	(req, ctx) => {
		const input = readDriveOrBackupInput(kind, req.body);
		const place = checkPlace(ctx.state, kind, input);
		const id = randomUUID();
		const common = {
			id,
			active: input.active,
			name: input.name,
			localPath: place.localPath,
			prefix: input.prefix,
			storageName: input.storageName,
			syncIntervalSeconds: input.syncIntervalSeconds,
			maximumCacheSize: input.maximumCacheSize,
			localCacheEncrypted: input.localCacheEncrypted,
			cloudObjectsEncrypted: input.cloudObjectsEncrypted,
			keepFileAfterUpload: true,
			sharedDrive: false,
			rotationalCache: input.rotationalCache,
			transferOptions: { ...DRIVE_CONFIG.standardTransfer },
			account: { id: input.accountId, cloudType: place.cloudType },
			files: [] as SimFile[],
			version: 0
		};
		let made: SimDriveOrBackup;
		if (kind === 'backup') {
			made = {
				...common,
				kind,
				storageId: input.accountId,
				permissionType: PERMISSION_TYPE.ReadWrite
			} satisfies SimBackup;
			ctx.state.drives.backups.push(made);
		} else {
			let cache = place.permanentLocalPath;
			if (input.driveType === DRIVE_TYPE.VirtualDrive) {
				if (cache === DRIVE_CONFIG.agentChoosesCache) cache = agentCacheFolder(id);
				else {
					const problem = cacheProblem(ctx.state, cache);
					if (problem) throw problem;
				}
				cache = cacheFolderMade(ctx, cache);
			}
			made = {
				...common,
				kind,
				sharedDriveId: null,
				permanentLocalPath: cache,
				driveName: input.driveName,
				objectsPerFolder: input.objectsPerFolder,
				allowDelete: input.allowDelete,
				driveType: input.driveType,
				syncType: input.syncType,
				permissionType: input.permissionType
			} satisfies SimDrive;
			ctx.state.drives.drives.push(made);
		}
		fill(made, ctx);
		return ok(driveModel(made, ctx.options.cacheMoveNews));
	};

const SAID_AT_CREATE =
	'is chosen when it is added and cannot change: add a new one, then remove this one.';

/**
 * PUT clouddrive/{id}, cloudbackup/{id}: the whole model. Locked on a live one (499 LOCKED, keyed
 * by each field): the drive type, a synced folder's or backup's folder, cloud encryption, and
 * local cache encryption and the cache folder (those move with clouddrive_change_cache). A
 * virtual drive's letter may change to a free one. The agent keeps its own transfer profile.
 */
const change =
	(kind: Kind): Handler =>
	(req, ctx) => {
		const d = find(kind, req.params[0]!, ctx);
		const busy = moving(d);
		if (busy) throw busy;
		const input = readDriveOrBackupInput(kind, req.body, d);
		const locks = new Locks();
		const what = kind === 'drive' ? 'drive' : 'backup';
		locks.check(
			'cloudObjectsEncrypted',
			input.cloudObjectsEncrypted !== d.cloudObjectsEncrypted,
			`Encryption of the cloud copy ${SAID_AT_CREATE}`
		);
		locks.check(
			'localCacheEncrypted',
			input.localCacheEncrypted !== d.localCacheEncrypted,
			d.kind === 'drive' && d.driveType === DRIVE_TYPE.VirtualDrive
				? 'Encryption of the local cache changes with a cache move (clouddrive_change_cache).'
				: `Encryption of the local cache ${SAID_AT_CREATE}`
		);
		const pathLocked = `The ${what}'s folder ${SAID_AT_CREATE}`;
		if (d.kind === 'backup') {
			locks.check('localPath', comparable(input.localPath) !== comparable(d.localPath), pathLocked);
		} else {
			locks.check('driveType', input.driveType !== d.driveType, `The drive type ${SAID_AT_CREATE}`);
			if (d.driveType === DRIVE_TYPE.LocalPath && input.driveType === d.driveType)
				locks.check(
					'localPath',
					comparable(input.localPath) !== comparable(d.localPath),
					pathLocked
				);
			const cache = input.permanentLocalPath;
			if (d.driveType === DRIVE_TYPE.VirtualDrive && input.driveType === d.driveType)
				locks.check(
					'permanentLocalPath',
					cache !== DRIVE_CONFIG.agentChoosesCache &&
						comparable(cache) !== comparable(d.permanentLocalPath),
					'The cache folder moves with clouddrive_change_cache, not with a change of the drive.'
				);
		}
		locks.done();
		const place = checkPlace(ctx.state, kind, input, d);
		Object.assign(d, {
			active: input.active,
			name: input.name,
			prefix: input.prefix,
			storageName: input.storageName,
			syncIntervalSeconds: input.syncIntervalSeconds,
			maximumCacheSize: input.maximumCacheSize,
			rotationalCache: input.rotationalCache,
			account: { id: input.accountId, cloudType: place.cloudType }
		});
		if (d.kind === 'backup') d.storageId = input.accountId;
		else {
			Object.assign(d, {
				syncType: input.syncType,
				permissionType: input.permissionType,
				allowDelete: input.allowDelete,
				objectsPerFolder: input.objectsPerFolder
			});
			if (d.driveType === DRIVE_TYPE.VirtualDrive) {
				d.driveName = input.driveName;
				d.localPath = place.localPath;
			}
			// Stored as sent, as an agent would: a console that sends `***` back corrupts it.
			const passphrase = (req.body as Record<string, unknown> | null)?.encryptionPassphrase;
			if (typeof passphrase === 'string') d.encryptionPassphrase = passphrase;
		}
		d.version++;
		return ok(driveModel(d, ctx.options.cacheMoveNews));
	};

/**
 * DELETE clouddrive/{id}, cloudbackup/{id}: unregistered at once. Files still to upload are not
 * uploaded: they stay in the cache folder (a backup's own folder), which the agent leaves on disk;
 * the cloud copy stays. `GET /__sim/drives` lists what each removal left.
 */
const remove =
	(kind: Kind): Handler =>
	(req, ctx) => {
		const d = find(kind, req.params[0]!, ctx);
		const busy = moving(d);
		if (busy) throw busy;
		const list = listOf(kind, ctx);
		list.splice(list.indexOf(d), 1);
		ctx.work.forget(d);
		(ctx.state.drives.removed ??= []).push({
			kind,
			id: d.id,
			name: d.name,
			pendingUploads: d.files.filter((f) => f.state === 'pendingUpload' || f.state === 'uploading')
				.length,
			folder: d.kind === 'drive' ? d.permanentLocalPath : d.localPath
		});
		return ok();
	};

/**
 * PUT clouddrive_change_cache/{id}: a new cache size or rotation applies at once; a new folder or
 * cache encryption moves the cache, which takes CACHE_MOVE_MS on the agent's clock. Meanwhile
 * the summary says MovingCache and, unless the option `cacheMoveNews` is 'summary', the model
 * carries `cacheMove {destination, percent}` and UserNotification frames tell the progress
 * (`DriveId`, `Operation: "CacheMove"`, `Percent`).
 */
const changeCache: Handler = (req, ctx) => {
	const d = find('drive', req.params[0]!, ctx) as SimDrive;
	const busy = moving(d);
	if (busy) throw busy;
	const wanted = readCache(req.body, d);
	const destination =
		wanted.permanentLocalPath === DRIVE_CONFIG.agentChoosesCache
			? agentCacheFolder(d.id)
			: wanted.permanentLocalPath;
	const moves = comparable(destination) !== comparable(d.permanentLocalPath);
	const reencrypts = wanted.localCacheEncrypted !== d.localCacheEncrypted;
	if (d.driveType === DRIVE_TYPE.LocalPath) {
		const locks = new Locks();
		const own =
			'A synced folder keeps its files in its own folder: its cache cannot move or be encrypted anew.';
		locks.check('permanentLocalPath', moves, own);
		locks.check('localCacheEncrypted', reencrypts, own);
		locks.done();
	}
	const bytes = cacheBytes(d, ctx.state.clock.now());
	let target = d.permanentLocalPath;
	if (moves) {
		const problem = cacheProblem(ctx.state, destination, d);
		if (problem) throw problem;
		const to = diskOf(ctx.state.folders, destination)!;
		if (to !== diskOf(ctx.state.folders, d.permanentLocalPath) && bytes > to.freeBytes)
			throw refuse(
				'LIMIT',
				'permanentLocalPath',
				`${to.name}\\ has ${formatBytes(to.freeBytes)} free; the cache holds ${formatBytes(bytes)}.`
			);
		target = cacheFolderMade(ctx, destination);
	}
	d.maximumCacheSize = wanted.maximumCacheSize;
	d.rotationalCache = wanted.rotationalCache;
	d.version++;
	if (moves || reencrypts) moveCache(d, target, wanted.localCacheEncrypted, bytes, ctx);
	return ok(driveModel(d, ctx.options.cacheMoveNews));
};

function moveCache(
	d: SimDrive,
	destination: string,
	encrypted: boolean,
	bytes: number,
	ctx: AgentContext
) {
	d.cacheMove = { destination, percent: 0 };
	const say = (percent: number) => {
		if (ctx.options.cacheMoveNews !== 'model') return;
		ctx.notify(NOTIFICATION_TYPE.UserNotification, {
			Title: percent < 100 ? `Moving the cache of ${d.name}` : `The cache of ${d.name} moved`,
			Message:
				percent < 100
					? `${percent}% of ${formatBytes(bytes)} moved to ${destination}.`
					: `The cache of ${d.name} is now in ${destination}.`,
			Severity: 'Information',
			TimeUtc: ctx.state.clock.date().toISOString(),
			Operation: 'CacheMove',
			DriveId: d.id,
			Destination: destination,
			Percent: percent
		});
	};
	say(0);
	for (let step = 1; step <= CACHE_MOVE_STEPS; step++) {
		ctx.state.clock.setTimeout(
			() => {
				if (!d.cacheMove || !listed(d, ctx)) return;
				const percent = Math.round((step / CACHE_MOVE_STEPS) * 100);
				d.cacheMove.percent = percent;
				if (step === CACHE_MOVE_STEPS) {
					const from = diskOf(ctx.state.folders, d.permanentLocalPath);
					const to = diskOf(ctx.state.folders, destination);
					if (from && to && from !== to) {
						from.freeBytes += bytes;
						to.freeBytes = Math.max(0, to.freeBytes - bytes);
					}
					d.permanentLocalPath = destination;
					d.localCacheEncrypted = encrypted;
					delete d.cacheMove;
					d.version++;
				}
				say(percent);
			},
			(step * CACHE_MOVE_MS) / CACHE_MOVE_STEPS
		);
	}
}

/** GET exist_clouddrive?path=: the string "1" when a drive's folder holds the path, else "0". */
const existDrive: Handler = (req, ctx) => {
	const path = req.query.get('path');
	if (!path) throw invalid({ path: ['path is required.'] });
	return ok(ctx.state.drives.drives.some((d) => owns(d, path)) ? '1' : '0');
};

export function driveRoutes(): Route[] {
	return [
		route('GET', '/management/clouddrive', drives),
		route('GET', '/management/cloudbackup', backups),
		route('POST', '/management/clouddrive', create('drive')),
		route('POST', '/management/cloudbackup', create('backup')),
		route('PUT', '/management/clouddrive/([^/]+)', change('drive')),
		route('PUT', '/management/cloudbackup/([^/]+)', change('backup')),
		route('DELETE', '/management/clouddrive/([^/]+)', remove('drive'), false),
		route('DELETE', '/management/cloudbackup/([^/]+)', remove('backup'), false),
		route('PUT', '/management/clouddrive_change_cache/([^/]+)', changeCache),
		route('GET', '/management/exist_clouddrive', existDrive),
		route('GET', '/management/clouddrive/sync/([^/]+)', syncNow),
		route('POST', '/management/clouddrive_open/([^/]+)', open('drive'), false),
		route('POST', '/management/cloudbackup_open/([^/]+)', open('backup'), false),
		route('POST', '/management/sync_shareddrive', syncShared, false),
		...reports('drive'),
		...reports('backup')
	];
}
