import { AGENT_STATUS } from '../../src/lib/contract.ts';
import {
	driveModel,
	fileDistribution,
	fileStates,
	owns,
	summary,
	syncHealth,
	type SimStorage
} from '../drives.ts';
import { belongsTo, trends } from '../history.ts';
import { fail, intParam, ok } from '../reply.ts';
import { requireUser, route, type AgentContext, type Handler, type Route } from '../routing.ts';
import { MAX_PAGE_SIZE } from './user.ts';

/**
 * The agent's drives and backups (/management/clouddrive, /management/cloudbackup, no token) and
 * their reports (/drivereport, /backupreport: PascalCase, enums as strings, `pageSize`).
 */

type Kind = 'drive' | 'backup';

const drives: Handler = (req, ctx) => {
	const path = req.query.get('path');
	const list = ctx.state.drives.drives.filter((d) => path === null || owns(d, path));
	return ok(list.map(driveModel));
};

const backups: Handler = (_req, ctx) => ok(ctx.state.drives.backups.map(driveModel));

function find(kind: Kind, id: string, ctx: AgentContext): SimStorage {
	const list: SimStorage[] = kind === 'drive' ? ctx.state.drives.drives : ctx.state.drives.backups;
	const found = list.find((d) => d.id.toLowerCase() === id.toLowerCase());
	// Unknown ids are open in the contract; the development agent answers 404 NOT_FOUND.
	if (!found) throw fail('NOT_FOUND', `No ${kind} with the id ${id}.`, 404);
	return found;
}

const paused = (ctx: AgentContext) => ctx.state.status === AGENT_STATUS.Paused;

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
	const idKey = kind === 'drive' ? 'DriveId' : 'BackupId';
	return [
		route(
			'GET',
			`${base}/summary/([^/]+)`,
			report(kind, (d, _req, ctx) => summary(d, paused(ctx), ctx.state.clock.now()))
		),
		route(
			'GET',
			`${base}/sync_health/([^/]+)`,
			report(kind, (d, _req, ctx) => syncHealth(d, paused(ctx)))
		),
		route(
			'GET',
			`${base}/file_states/([^/]+)`,
			report(kind, (d, req) =>
				fileStates(
					d,
					intParam(req.query, 'state', 0, 0, 65_535),
					intParam(req.query, 'page', 1, 1, 1_000_000),
					Math.min(intParam(req.query, 'pageSize', 50, 1, 1_000_000), MAX_PAGE_SIZE)
				)
			)
		),
		route(
			'GET',
			`${base}/file_distribution/([^/]+)`,
			report(kind, (d, req) => distribution(d, req.query))
		),
		route(
			'GET',
			`${base}/dashboard/([^/]+)`,
			report(kind, (d, req, ctx) => ({
				Summary: summary(d, paused(ctx), ctx.state.clock.now()),
				SyncHealth: syncHealth(d, paused(ctx)),
				FileDistribution: distribution(d, req.query)
			}))
		),
		route('GET', `${base}/transfer_activity/([^/]+)`, async (req, ctx) => {
			await requireUser(req, ctx);
			const d = find(kind, req.params[0]!, ctx);
			const q = req.query;
			const direction = intParam(q, 'direction', 0, 0, 2);
			const status = intParam(q, 'status', 0, 0, 255);
			const page = intParam(q, 'page', 1, 1, 1_000_000);
			const pageSize = Math.min(intParam(q, 'pageSize', 50, 1, 1_000_000), MAX_PAGE_SIZE);
			// Newest first. The agent pages the drive's entries, then filters the page: a filtered
			// page can come back short, and Total counts the entries before the filter.
			const mine = ctx.state.history.filter((e) => belongsTo(d, e)).reverse();
			const start = (page - 1) * pageSize;
			const data = mine
				.slice(start, start + pageSize)
				.filter(
					(e) =>
						(direction === 0 || e.direction === direction) &&
						(status === 0 || (e.transferStatus & status) !== 0)
				);
			return ok({
				[idKey]: d.id,
				...(kind === 'drive'
					? { Direction: direction === 1 ? 'Upload' : direction === 2 ? 'Download' : 'All' }
					: {}),
				Data: data,
				Total: mine.length,
				Page: page,
				PageSize: pageSize
			});
		}),
		route('GET', `${base}/historical_trends/([^/]+)`, async (req, ctx) => {
			await requireUser(req, ctx);
			const d = find(kind, req.params[0]!, ctx);
			const days = intParam(req.query, 'days', 30, 1, 365);
			return ok(trends(d, ctx.state.history, days, ctx.state.clock.now()));
		})
	];
}

/** GET clouddrive/sync/{id}: a GET that starts work. It answers at once; the pass runs after. */
const syncNow: Handler = (req, ctx) => {
	const d = find('drive', req.params[0]!, ctx);
	if (!d.active) throw fail('INACTIVE', `${d.name} is not active: activate it in the agent first.`);
	ctx.work.sync(d);
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
