import {
	TRANSFER_DIRECTION,
	TRANSFER_ORIGIN,
	TRANSFER_STATUS,
	allFlags,
	isAdministrator
} from '../../src/lib/contract.ts';
import type { HistoryEntry } from '../model/history.ts';
import { fail, intParam, listPage, listParams, ok, sortList } from '../reply.ts';
import { requireUser, route, type Handler, type Route } from '../routing.ts';

/**
 * The agent's /transferhistory controller (token, camelCase, `pagesize`). Administrators see the
 * whole account's history, other users their own transfers.
 */

const SORT_FIELDS: Record<string, (e: HistoryEntry) => string | number> = {
	startdate: (e) => e.startDate,
	enddate: (e) => e.endDate,
	name: (e) => e.name.toLowerCase(),
	totalsize: (e) => e.totalSize,
	transferredsize: (e) => e.transferredSize,
	averagespeed: (e) => e.averageSpeed,
	transferstatus: (e) => e.transferStatus,
	direction: (e) => e.direction,
	origin: (e) => e.origin,
	username: (e) => e.userName.toLowerCase()
};

const getAll: Handler = async (req, ctx) => {
	const user = await requireUser(req, ctx);
	const q = req.query;
	const { page, pageSize, sortKey, descending } = listParams(q, SORT_FIELDS, 'StartDate');
	const origin = intParam(q, 'origin', 0, 0, allFlags(TRANSFER_ORIGIN));
	const status = intParam(q, 'status', 0, 0, allFlags(TRANSFER_STATUS));
	const direction = intParam(q, 'direction', 0, 0, TRANSFER_DIRECTION.Download);
	const everyone = isAdministrator(user.userType) || user.owner;
	const list = ctx.state.history.filter(
		(e) =>
			(everyone || e.userId === user.id) &&
			(origin === 0 || (e.origin & origin) !== 0) &&
			(status === 0 || (e.transferStatus & status) !== 0) &&
			(direction === 0 || e.direction === direction)
	);
	sortList(list, sortKey, descending, (a, b, dir) => (a.id - b.id) * dir);
	return listPage(list, { page, pageSize });
};

const remove: Handler = async (req, ctx) => {
	const user = await requireUser(req, ctx);
	const id = Number(req.query.get('id'));
	const index = ctx.state.history.findIndex((e) => e.id === id);
	const entry = ctx.state.history[index];
	if (!entry || !(isAdministrator(user.userType) || user.owner || entry.userId === user.id)) {
		throw fail('NOT_FOUND', `No history entry with the id ${req.query.get('id') ?? ''}.`, 404);
	}
	ctx.state.history.splice(index, 1);
	return ok();
};

export function historyRoutes(): Route[] {
	return [
		route('GET', '/transferhistory/get_all', getAll),
		route('DELETE', '/transferhistory/delete', remove, false)
	];
}
