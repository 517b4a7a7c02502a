import { randomUUID } from 'node:crypto';
import {
	DRIVE_CONFIG,
	TRANSFER_STATUS,
	TRANSFER_TYPE,
	allFlags,
	isAdministrator
} from '../../src/lib/contract.ts';
import { knownAccounts } from '../model/configuration.ts';
import {
	bucketPath,
	cloudName,
	existsAt,
	insideSource,
	jobName,
	percentOf,
	regionOf,
	seedOf,
	sourceObjects,
	type SimTransfer
} from '../model/transfers.ts';
import type { SimUser } from '../model/users.ts';
import {
	AgentFailure,
	Fields,
	fail,
	intParam,
	invalid,
	listPage,
	listParams,
	ok,
	sortList
} from '../reply.ts';
import { requireUser, route, type AgentContext, type Handler, type Route } from '../routing.ts';

/**
 * The agent's /transfer controller (token, camelCase, `pagesize`): the current transfers, a copy
 * between two buckets, and cancel. Administrators and the owner see every transfer of the
 * account, others their own, as in the history.
 */

const SORT_FIELDS: Record<string, (t: SimTransfer) => string | number> = {
	requestdate: (t) => t.item.requestDate,
	startdate: (t) => t.item.startDate ?? '',
	enddate: (t) => t.item.endDate ?? '',
	totalsize: (t) => t.item.totalSize,
	transferredsize: (t) => t.item.transferredSize,
	percent: (t) => t.item.percent,
	averagespeed: (t) => t.item.averageSpeed,
	transferstatus: (t) => t.item.transferStatus,
	transfertype: (t) => t.item.transferType
};

const seesAll = (user: SimUser) => isAdministrator(user.userType) || user.owner;
const visible = (user: SimUser, t: SimTransfer) => seesAll(user) || t.item.userId === user.id;

const getAll: Handler = async (req, ctx) => {
	const user = await requireUser(req, ctx);
	const q = req.query;
	const { page, pageSize, sortKey, descending } = listParams(q, SORT_FIELDS, 'RequestDate');
	// 0 is read as every kind, like the default.
	const type = intParam(q, 'type', 0, 0, allFlags(TRANSFER_TYPE)) || allFlags(TRANSFER_TYPE);
	const all = ctx.transfers.all;
	const order = new Map(all.map((t, n) => [t, n]));
	const list = all.filter((t) => visible(user, t) && (t.item.transferType & type) !== 0);
	sortList(list, sortKey, descending, (a, b, dir) => (order.get(a)! - order.get(b)!) * dir);
	return listPage(list, { page, pageSize }, (t) => ({ ...t.item }));
};

/** A path in a bucket: folder names joined by `/`, no `..`, no backslash or control character. */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses.
const PATH_SHAPE = /^(?!(?:.*\/)?\.\.?(?:\/|$))[^\\\u0000-\u001f]*$/;
const PATH_MAX = 1024;

/** `transfer/transfer`: checks the body, then queues a ManualTransfer (Created until its first step). */
const start: Handler = async (req, ctx) => {
	const user = await requireUser(req, ctx);
	const f = new Fields(req.body);
	const body = req.body as Record<string, unknown>;
	const side = (which: 'source' | 'destination', label: string) => {
		const account = f.string(`${which}CloudAccountId`, `${label} account`, { max: 200 });
		const bucket = f.string(`${which}Bucket`, `${label} bucket`);
		if (bucket)
			f.check(
				`${which}Bucket`,
				DRIVE_CONFIG.bucketShape.test(bucket),
				`${label} bucket must be 3 to 63 lower-case letters, digits, dots and dashes, starting and ending with a letter or digit.`
			);
		const path = f.string(`${which}Path`, `${label} path`, { max: PATH_MAX });
		if (path)
			f.check(
				`${which}Path`,
				PATH_SHAPE.test(path),
				`${label} path must be folder names joined by /, without .., backslashes or control characters ("/" is the whole bucket).`
			);
		for (const id of ['BucketId', 'Id'])
			f.string(`${which}${id}`, `${label} ${id === 'Id' ? 'object' : 'bucket'} id`, {
				optional: true,
				max: 200
			});
		return { account, bucket, path };
	};
	const source = side('source', 'Source');
	const destination = side('destination', 'Destination');
	const flag = (name: string, label: string) => {
		const v = body[name];
		if (v === undefined || v === null) return false;
		f.check(name, typeof v === 'boolean', `${label} must be true or false.`);
		return v === true;
	};
	const allowSkip = flag('allowSkip', 'Skip existing');
	const keepSourceTree = flag('keepSourceTree', 'Keep the folder tree');
	f.done();

	const clouds = knownAccounts({ drives: ctx.state.drives, history: ctx.state.history });
	const unknown: Record<string, string[]> = {};
	for (const [which, s] of [
		['source', source],
		['destination', destination]
	] as const)
		if (!clouds.has(s.account))
			unknown[`${which}CloudAccountId`] = [
				`The agent uses no cloud account ${s.account}: set it up in the web app first.`
			];
	if (Object.keys(unknown).length) throw new AgentFailure(499, 'NOT_FOUND', unknown);
	if (insideSource(source, destination))
		throw invalid({
			destinationPath: ['The destination is inside the source: the copy would copy itself.']
		});
	const objects = sourceObjects(
		[...ctx.state.drives.drives, ...ctx.state.drives.backups],
		source.account,
		source.bucket,
		source.path
	);
	if (!objects.length)
		throw new AgentFailure(499, 'NOT_FOUND', {
			sourcePath: [`Nothing at ${source.path} in ${source.bucket}.`]
		});
	ctx.transfers.add(job(ctx, user, { source, destination, allowSkip, keepSourceTree, objects }));
	return ok();
};

type Asked = {
	source: { account: string; bucket: string; path: string };
	destination: { account: string; bucket: string; path: string };
	allowSkip: boolean;
	keepSourceTree: boolean;
	objects: { key: string; size: number }[];
};

function job(ctx: AgentContext, user: SimUser, a: Asked): SimTransfer {
	const there = a.allowSkip
		? a.objects.filter((o) => existsAt(o.key, a.destination.bucket, a.destination.path))
		: [];
	const totalSize = a.objects.reduce((sum, o) => sum + o.size, 0);
	const now = ctx.state.clock.date().toISOString();
	const id = randomUUID();
	const speed = 20_000_000 + (seedOf(id) % 40) * 1_000_000;
	const clouds = knownAccounts({ drives: ctx.state.drives, history: ctx.state.history });
	const t: SimTransfer = {
		item: {
			id,
			userId: user.id,
			syncCycleId: null,
			sourceCloudAccountId: a.source.account,
			sourceBucket: a.source.bucket,
			sourceRegion: regionOf(a.source.account),
			sourcePath: bucketPath(a.source.path),
			destinationCloudAccountId: a.destination.account,
			destinationBucket: a.destination.bucket,
			destinationRegion: regionOf(a.destination.account),
			destinationPath: bucketPath(a.destination.path),
			requestDate: now,
			startDate: null,
			endDate: null,
			transferStatus: TRANSFER_STATUS.Created,
			transferType: TRANSFER_TYPE.ManualTransfer,
			allowSkip: a.allowSkip,
			allowDelete: false,
			total: a.objects.length,
			failed: 0,
			deleted: 0,
			skipped: 0,
			skippedSize: 0,
			transferred: 0,
			totalSize,
			transferredSize: 0,
			percent: 0,
			averageSpeed: 0,
			transferredCost: 0,
			keepSourceTree: a.keepSourceTree
		},
		name: jobName(a.source.bucket, a.source.path),
		mode: 'Upload',
		storageType: cloudName(clouds.get(a.destination.account)),
		framePath: `${a.source.bucket}/${bucketPath(a.source.path)}`,
		storageName: a.destination.bucket,
		speed,
		background: false,
		failing: 0,
		willSkip: { count: there.length, size: there.reduce((sum, o) => sum + o.size, 0) },
		who: {
			id: user.id,
			email: user.email,
			name: `${user.firstName} ${user.lastName}`,
			accountId: ctx.state.account.id
		}
	};
	t.item.percent = percentOf(t.item);
	return t;
}

const FINISHED_WORDS: Record<number, string> = {
	[TRANSFER_STATUS.Completed]: 'completed',
	[TRANSFER_STATUS.Error]: 'failed',
	[TRANSFER_STATUS.Canceled]: 'been canceled'
};

const cancel: Handler = async (req, ctx) => {
	const user = await requireUser(req, ctx);
	const body = req.body;
	const id =
		body !== null && typeof body === 'object' && !Array.isArray(body)
			? (body as Record<string, unknown>).id
			: undefined;
	if ((typeof id !== 'string' || id.trim() === '') && typeof id !== 'number')
		throw invalid({ id: ['id is required: the transfer to cancel.'] });
	const t = ctx.transfers.find(String(id));
	if (!t || !visible(user, t))
		throw fail('NOT_FOUND', `No current transfer with the id ${String(id)}.`, 404);
	if (!ctx.transfers.cancel(t))
		throw fail(
			'STATUS',
			`The transfer has already ${FINISHED_WORDS[t.item.transferStatus] ?? 'ended'}: there is nothing to cancel.`
		);
	return ok();
};

export function transferRoutes(): Route[] {
	return [
		route('GET', '/transfer/get_all', getAll),
		route('POST', '/transfer/transfer', start),
		route('POST', '/transfer/cancel_transfer', cancel)
	];
}
