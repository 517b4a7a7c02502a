import { AGENT_COMMAND, AGENT_STATUS } from '$lib/contract';
import { AgentAction, type ActionWords } from '$lib/actions/action.svelte';
import { agentFailure } from '$lib/actions/agent-failure';
import { checkUpdate, runCommand, startUpdate } from '$lib/api/management';
import type { NotificationFrame } from '$lib/api/schemas/frames';
import { NOTIFICATION_TYPE } from '$lib/api/schemas/frames';
import { agentStatusMonitor, type StatusReading } from '../state/agent-status.svelte.ts';
import { m } from '$lib/paraglide/messages';

export type AgentCommand = 'pause' | 'resume' | 'dispose' | 'exit' | 'update';

export function actionWords(action: AgentCommand, newVersion?: string | null): ActionWords {
	switch (action) {
		case 'pause':
			return {
				label: m.parts_pause(),
				title: m.parts_pause_title(),
				consequences: [m.parts_pause_suspends(), m.parts_pause_transfers()],
				confirm: m.parts_pause_confirm(),
				danger: false,
				done: m.parts_pause_done()
			};
		case 'resume':
			return {
				label: m.parts_resume(),
				title: m.parts_resume_title(),
				consequences: [m.parts_resume_restarts()],
				confirm: m.parts_resume_confirm(),
				danger: false,
				done: m.parts_resume_done()
			};
		case 'dispose':
			return {
				label: m.parts_dispose(),
				title: m.parts_dispose_title(),
				consequences: [m.parts_dispose_session(), m.parts_dispose_token(), m.parts_dispose_again()],
				confirm: m.parts_dispose_confirm(),
				danger: true,
				done: m.parts_dispose_done()
			};
		case 'exit':
			return {
				label: m.parts_exit(),
				title: m.parts_exit_title(),
				consequences: [m.parts_exit_ends(), m.parts_exit_not_back(), m.parts_exit_unreachable()],
				confirm: m.parts_exit(),
				danger: true,
				done: m.parts_exit_done()
			};
		case 'update':
			return {
				label: m.parts_update(),
				title: m.parts_update_title(),
				consequences: [
					newVersion
						? m.parts_update_installs_version({ version: newVersion })
						: m.parts_update_installs_new(),
					m.parts_update_restart()
				],
				confirm: m.parts_update_confirm(),
				danger: false,
				done: newVersion
					? m.parts_update_done_version({ version: newVersion })
					: m.parts_update_done()
			};
	}
}

/** The commands each status allows; none when the status is not known. */
export function allowedActions(status: unknown): AgentCommand[] {
	switch (status) {
		case AGENT_STATUS.Started:
			return ['pause', 'dispose', 'exit'];
		case AGENT_STATUS.Paused:
			return ['resume', 'dispose', 'exit'];
		case AGENT_STATUS.Stopped:
			return ['resume', 'exit'];
		case AGENT_STATUS.Created:
		case AGENT_STATUS.Disposed:
			return ['exit'];
		default:
			return [];
	}
}

const COMMAND_OF = {
	pause: AGENT_COMMAND.Pause,
	resume: AGENT_COMMAND.Resume,
	dispose: AGENT_COMMAND.Dispose,
	exit: AGENT_COMMAND.Exit
} as const;

/** The self-update as the console follows it. */
export type UpdateState =
	| { phase: 'idle' }
	| { phase: 'starting'; target: string | null; from: string | null }
	| {
			phase: 'installing' | 'restarting';
			target: string | null;
			from: string | null;
			/** The newest AppUpdateProgress frame's data, whatever its shape. */
			progress: unknown;
	  }
	| { phase: 'done'; version: string | null; from: string | null };

/** A percentage from an update frame, if it carries one under a usual name. */
export function progressPercent(progress: unknown): number | null {
	if (!progress || typeof progress !== 'object') return null;
	const record = progress as Record<string, unknown>;
	for (const key of ['Percent', 'Percentage', 'Progress', 'percent', 'progress']) {
		const value = record[key];
		if (typeof value === 'number' && Number.isFinite(value))
			return Math.max(0, Math.min(100, value));
	}
	return null;
}

/**
 * The agent's commands as the console runs them: one at a time, with the outcome in words, and
 * the self-update from its progress frames to the new version answered by check_update. (Since
 * when it is paused, and a stop the user asked for, live in the status monitor: every page shows
 * them, signed in or not.)
 */
class AgentControl {
	readonly #action = new AgentAction<AgentCommand>();
	update = $state.raw<UpdateState>({ phase: 'idle' });

	/** The command or update under way. */
	get busy() {
		return this.#action.busy;
	}

	/** What the last command did; a failed update's is said by the update card. */
	get outcome() {
		return this.#action.outcome;
	}

	/** Runs a command the user confirmed; the outcome is kept in words. */
	run(action: Exclude<AgentCommand, 'update'>): Promise<boolean> {
		const words = actionWords(action);
		return this.#action.run({
			key: action,
			call: async () => {
				// A stop is said at once ("Stopping…"), not after the agent answers the command.
				if (action === 'exit') agentStatusMonitor.markStopped();
				try {
					await runCommand(COMMAND_OF[action]);
				} catch (error) {
					if (action === 'exit') agentStatusMonitor.stopFailed();
					throw error;
				}
				if (action === 'pause' || action === 'resume')
					agentStatusMonitor.markPaused(action === 'pause');
				if (action !== 'exit') agentStatusMonitor.refreshSoon();
			},
			done: words.done,
			failed: m.parts_command_failed({ action: words.label })
		});
	}

	/** Starts the self-update; its progress comes from frames and status readings. */
	async startUpdate(target: string | null, from: string | null): Promise<boolean> {
		if (this.busy) return false;
		this.update = { phase: 'starting', target, from };
		const started = await this.#action.run({
			key: 'update',
			call: () => startUpdate(),
			done: null,
			failed: m.parts_update_not_started()
		});
		if (started) agentStatusMonitor.expectReturn();
		this.update = started
			? { phase: 'installing', target, from, progress: null }
			: { phase: 'idle' };
		return started;
	}

	/** A frame from /notification: update progress, or the agent saying it exits. */
	frame(frame: NotificationFrame) {
		const u = this.update;
		if (u.phase !== 'installing' && u.phase !== 'restarting' && u.phase !== 'starting') return;
		const target = u.target;
		const from = u.from;
		const progress = 'progress' in u ? u.progress : null;
		if (frame.Type === NOTIFICATION_TYPE.AppUpdateProgress) {
			this.update = {
				phase: u.phase === 'restarting' ? 'restarting' : 'installing',
				target,
				from,
				progress: frame.Data
			};
		} else if (frame.Type === NOTIFICATION_TYPE.AppNotification && isAppExit(frame.Data)) {
			this.update = { phase: 'restarting', target, from, progress };
		}
	}

	/** A new status reading during an update: unreachable is the restart; answering, ask the version. */
	observe(reading: StatusReading) {
		const u = this.update;
		if (u.phase !== 'installing' && u.phase !== 'restarting') return;
		if (reading.state === 'ok') void this.#confirmVersion();
		else if (reading.state === 'error' && u.phase === 'installing')
			this.update = { ...u, phase: 'restarting' };
	}

	async #confirmVersion() {
		const u = this.update;
		if (u.phase !== 'restarting' && u.phase !== 'installing') return;
		try {
			const answer = await checkUpdate();
			const current = answer.currentVersion ?? null;
			// The old version still answering: the restart has not happened yet.
			if (u.target !== null && current !== u.target) return;
			if (this.update !== u) return;
			this.update = { phase: 'done', version: current, from: u.from };
		} catch (error) {
			// The agent not answering yet: the next reading asks again (anything else is thrown on).
			agentFailure(error);
		}
	}

	dismissOutcome() {
		this.#action.dismiss();
	}

	dismissUpdate() {
		this.update = { phase: 'idle' };
	}
}

function isAppExit(data: unknown): boolean {
	return (
		!!data &&
		typeof data === 'object' &&
		/appexit/i.test(String((data as Record<string, unknown>).Operation ?? ''))
	);
}

export const agentControl = new AgentControl();
