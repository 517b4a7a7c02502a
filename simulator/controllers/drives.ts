import {
	AGENT_STATUS,
	TRANSFER_DIRECTION,
	TRANSFER_STATUS,
	allFlags,
	enumName
} from '../../src/lib/contract.ts';
import {
	ODD_CHARACTERS_ID,
	driveModel,
	fileDistribution,
	fileStates,
	generateStorages,
	hostileStorages,
	owns,
	summary,
	syncHealth,
	type GenerateOptions,
	type ReportTally,
	type SimStorage
} from '../drives.ts';
import { belongsTo, fileEntry, trends } from '../history.ts';
import type { SimState } from '../state.ts';
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

/** The control surface's settings and counts for the reports, made on first use. */
export const tally = (state: SimState): ReportTally =>
	(state.drives.tally ??= { healthDelayMs: 0, reads: {} });

/** A report route that counts its calls (by path without the id) for the control surface. */
function counted(method: string, path: string, handler: Handler): Route {
	const name = path.slice(1).replace('/([^/]+)', '');
	return route(method, path, (req, ctx) => {
		const reads = tally(ctx.state).reads;
		reads[name] = (reads[name] ?? 0) + 1;
		return handler(req, ctx);
	});
}

type Point = { Date: string; Value: number };

/**
 * A sloppy agent's trends: the busiest day listed twice, its transfers and volume split between
 * the two entries (so they still add up to the day's) and its average speed in both.
 */
export function repeatTrendDay(answer: Record<string, unknown>): Record<string, unknown> {
	const transfers = answer.TransfersPerDay as Point[];
	const volume = answer.DataVolumePerDay as Point[];
	const speed = answer.AverageSpeedPerDay as Point[];
	const i = transfers.reduce((best, p, j) => (p.Value > transfers[best]!.Value ? j : best), 0);
	const day = transfers[i];
	if (!day) return answer;
	const first = Math.ceil(day.Value / 2);
	const bytes = volume[i]!.Value;
	const firstBytes = day.Value ? Math.round((bytes * first) / day.Value) : bytes;
	const twice = (list: Point[], a: number, b: number) => [
		...list.slice(0, i),
		{ Date: day.Date, Value: a },
		{ Date: day.Date, Value: b },
		...list.slice(i + 1)
	];
	return {
		...answer,
		TransfersPerDay: twice(transfers, first, day.Value - first),
		DataVolumePerDay: twice(volume, firstBytes, bytes - firstBytes),
		AverageSpeedPerDay: twice(speed, speed[i]!.Value, speed[i]!.Value)
	};
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
	const idKey = kind === 'drive' ? 'DriveId' : 'BackupId';
	return [
		counted(
			'GET',
			`${base}/summary/([^/]+)`,
			report(kind, (d, _req, ctx) => summary(d, paused(ctx), ctx.state.clock.now()))
		),
		counted('GET', `${base}/sync_health/([^/]+)`, async (req, ctx) => {
			const delay = tally(ctx.state).healthDelayMs;
			if (delay) await ctx.state.clock.delay(delay);
			return ok(syncHealth(find(kind, req.params[0]!, ctx), paused(ctx)));
		}),
		counted(
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
			const direction = intParam(q, 'direction', 0, 0, TRANSFER_DIRECTION.Download);
			const status = intParam(q, 'status', 0, 0, allFlags(TRANSFER_STATUS));
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
					? { Direction: enumName(TRANSFER_DIRECTION, direction) ?? 'All' }
					: {}),
				Data: data,
				Total: mine.length,
				Page: page,
				PageSize: pageSize
			});
		}),
		counted('GET', `${base}/historical_trends/([^/]+)`, async (req, ctx) => {
			await requireUser(req, ctx);
			const d = find(kind, req.params[0]!, ctx);
			const days = intParam(req.query, 'days', 30, 1, 365);
			const answer = trends(d, ctx.state.history, days, ctx.state.clock.now());
			return ok(d.quirks?.repeatTrendDay ? repeatTrendDay(answer) : answer);
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

/** Many drives and backups after the seeded ones (the control surface), with a slow health. */
export function generate(state: SimState, options: GenerateOptions & { healthDelayMs: number }) {
	const made = generateStorages(options);
	state.drives.drives.push(...made.drives);
	state.drives.backups.push(...made.backups);
	tally(state).healthDelayMs = options.healthDelayMs;
}

/**
 * The odd drives and backups after the seeded ones (the control surface). The one with odd
 * characters has three uploads of today in the history, so its trends have a busy day to repeat.
 */
export function injectHostile(state: SimState) {
	const made = hostileStorages();
	state.drives.drives.push(...made.drives);
	state.drives.backups.push(...made.backups);
	const odd = made.drives.find((d) => d.id === ODD_CHARACTERS_ID)!;
	const now = state.clock.now();
	odd.files
		.filter((f) => f.state === 'normal')
		.slice(0, 3)
		.forEach((file, i) => {
			const started = now - (3 - i) * 60_000;
			const ended = started + 20_000;
			const outcome = { status: TRANSFER_STATUS.Completed, error: null, transferred: file.size };
			state.recordHistory((id) =>
				fileEntry(
					id,
					odd,
					file,
					TRANSFER_DIRECTION.Upload,
					started,
					ended,
					outcome,
					state.agentUser()
				)
			);
		});
}
