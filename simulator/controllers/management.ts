import {
	AGENT_COMMAND as COMMAND,
	AGENT_STATUS,
	NOTIFICATION_TYPE
} from '../../src/lib/contract.ts';
import { AgentFailure, ok } from '../reply.ts';
import { route, requireUser, type Handler, type Route } from '../routing.ts';

/** The agent's /management controller: status, update check, commands. */

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
			ctx.activity(false);
			return ok();
		case COMMAND.Resume:
			ctx.state.status = AGENT_STATUS.Started;
			ctx.activity(true);
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

/** Steps of the self-update the development agent plays; the real frames' shape is open. */
const UPDATE_STEPS = [
	{ Stage: 'Downloading', Percent: 0 },
	{ Stage: 'Downloading', Percent: 35 },
	{ Stage: 'Downloading', Percent: 80 },
	{ Stage: 'Verifying', Percent: 100 },
	{ Stage: 'Installing', Percent: 100 }
];
const UPDATE_STEP_MS = 250;

/**
 * The self-update: AppUpdateProgress frames, then an AppNotification for AppExit, then the agent
 * is away for `restartSeconds` and comes back running the new version. Without an update to
 * install, it reinstalls the current one, as an updater asked to run would.
 */
const update: Handler = (_req, ctx) => {
	const target = ctx.state.update.newVersion || ctx.state.update.currentVersion;
	UPDATE_STEPS.forEach((step, i) => {
		ctx.state.clock.setTimeout(
			() =>
				ctx.notify(NOTIFICATION_TYPE.AppUpdateProgress, {
					...step,
					Version: target,
					TimeUtc: ctx.state.clock.date().toISOString()
				}),
			(i + 1) * UPDATE_STEP_MS
		);
	});
	ctx.state.clock.setTimeout(
		() => {
			ctx.notify(NOTIFICATION_TYPE.AppNotification, {
				Operation: 'AppExit',
				EndpointAddress: '/management/update',
				HttpMethod: 'POST',
				Origin: null
			});
			ctx.exit(() => {
				ctx.state.update = {
					isUpdateRequired: false,
					currentVersion: target,
					newVersion: target
				};
			});
		},
		(UPDATE_STEPS.length + 1) * UPDATE_STEP_MS
	);
	return ok();
};

export function managementRoutes(): Route[] {
	return [
		route('GET', '/management/agent_status', agentStatus),
		route('GET', '/management/check_update', checkUpdate),
		route('POST', '/management/command/(-?\\d+)', command, false),
		route('POST', '/management/update', update, false)
	];
}
