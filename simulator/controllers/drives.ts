import { AGENT_STATUS } from '../../src/lib/contract.ts';
import { driveModel, syncHealth } from '../drives.ts';
import { fail, ok } from '../reply.ts';
import { route, type Handler, type Route } from '../routing.ts';

/**
 * The agent's drives and backups (/management/clouddrive, /management/cloudbackup, no token) and
 * their reports (/drivereport, /backupreport: PascalCase).
 */

const drives: Handler = (req, ctx) => {
	const path = req.query.get('path');
	const list = ctx.state.drives.drives.filter(
		(d) => path === null || path.toLowerCase().startsWith(d.localPath.toLowerCase())
	);
	return ok(list.map(driveModel));
};

const backups: Handler = (_req, ctx) => ok(ctx.state.drives.backups.map(driveModel));

function find(kind: 'drive' | 'backup', id: string, ctx: Parameters<Handler>[1]) {
	const list = kind === 'drive' ? ctx.state.drives.drives : ctx.state.drives.backups;
	const found = list.find((d) => d.id.toLowerCase() === id.toLowerCase());
	// Unknown ids are open in the contract; the development agent answers 404 NOT_FOUND.
	if (!found) throw fail('NOT_FOUND', `No ${kind} with the id ${id}.`, 404);
	return found;
}

const health =
	(kind: 'drive' | 'backup'): Handler =>
	(req, ctx) =>
		ok(syncHealth(find(kind, req.params[0]!, ctx), ctx.state.status === AGENT_STATUS.Paused));

export function driveRoutes(): Route[] {
	return [
		route('GET', '/management/clouddrive', drives),
		route('GET', '/management/cloudbackup', backups),
		route('GET', '/drivereport/sync_health/([^/]+)', health('drive')),
		route('GET', '/backupreport/sync_health/([^/]+)', health('backup'))
	];
}
