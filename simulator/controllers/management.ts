import { AGENT_STATUS } from '../../src/lib/contract.ts';
import { AgentFailure, ok } from '../reply.ts';
import { route, requireUser, type Handler, type Route } from '../routing.ts';

/** The agent's /management controller: status, update check, commands. */

export const COMMAND = { Start: 0, Dispose: 1, Pause: 2, Resume: 4, Exit: 8 } as const;

const agentStatus: Handler = (_req, ctx) => ok(ctx.state.status);

const checkUpdate: Handler = (_req, ctx) => ok({ ...ctx.state.update });

const command: Handler = async (req, ctx) => {
	const cmd = Number(req.params[0]);
	switch (cmd) {
		case COMMAND.Start: {
			await requireUser(req, ctx);
			ctx.state.status = AGENT_STATUS.Started;
			return ok();
		}
		case COMMAND.Dispose:
			ctx.state.status = AGENT_STATUS.Disposed;
			ctx.tokens.revokeAll();
			return ok();
		case COMMAND.Pause:
			ctx.state.status = AGENT_STATUS.Paused;
			return ok();
		case COMMAND.Resume:
			ctx.state.status = AGENT_STATUS.Started;
			return ok();
		case COMMAND.Exit:
			ctx.exit();
			return ok();
		default:
			throw new AgentFailure(400, 'VALIDATION', {
				cmd: [`Unknown command ${req.params[0]}. Use 0, 1, 2, 4 or 8.`]
			});
	}
};

export function managementRoutes(): Route[] {
	return [
		route('GET', '/management/agent_status', agentStatus),
		route('GET', '/management/check_update', checkUpdate),
		route('POST', '/management/command/(-?\\d+)', command, false)
	];
}
