import {
	AGENT_STATUS,
	TRANSFER_DIRECTION,
	TRANSFER_STATUS,
	allFlags
} from '../../src/lib/contract.ts';
import { fullPath, owns, reportTally, type SimStorage } from '../model/drives.ts';
import { fileDistribution, fileStates, summary, syncHealth } from '../reports/drives.ts';
import { historicalTrends, transferActivity } from '../reports/transfers.ts';
import { fail, intParam, ok, pageParams } from '../reply.ts';
import { requireUser, route, type AgentContext, type Handler, type Route } from '../routing.ts';

/**
 * The agent's drives and backups (/management/clouddrive, /management/cloudbackup, no token) and
 * their reports (/drivereport, /backupreport: PascalCase, enums as strings, `pageSize`).
 */

type Kind = 'drive' | 'backup';

/** The model as the agent's /management answers it: everything but the files. */
export function driveModel(d: SimStorage): Record<string, unknown> {
	const model: Record<string, unknown> = { ...d };
	delete model.kind;
	delete model.files;
	delete model.version;
	delete model.quirks;
	return model;
}

const drives: Handler = (req, ctx) => {
	const path = req.query.get('path');
	const list = ctx.state.drives.drives.filter((d) => path === null || owns(d, path));
	return ok(list.map(driveModel));
};

const backups: Handler = (_req, ctx) => ok(ctx.state.drives.backups.map(driveModel));

/** A path segment as the agent's routing reads it: percent-escapes decoded, when well formed. */
function decoded(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

function find(kind: Kind, segment: string, ctx: AgentContext): SimStorage {
	const list: SimStorage[] = kind === 'drive' ? ctx.state.drives.drives : ctx.state.drives.backups;
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
		build: (d: SimStorage, req: Parameters<Handler>[0], ctx: AgentContext) => unknown
	): Handler =>
	(req, ctx) =>
		ok(build(find(kind, req.params[0]!, ctx), req, ctx));

const distribution = (d: SimStorage, q: URLSearchParams) =>
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

export function driveRoutes(): Route[] {
	return [
		route('GET', '/management/clouddrive', drives),
		route('GET', '/management/cloudbackup', backups),
		route('GET', '/management/clouddrive/sync/([^/]+)', syncNow),
		route('POST', '/management/clouddrive_open/([^/]+)', open('drive'), false),
		route('POST', '/management/cloudbackup_open/([^/]+)', open('backup'), false),
		route('POST', '/management/sync_shareddrive', syncShared, false),
		...reports('drive'),
		...reports('backup')
	];
}
