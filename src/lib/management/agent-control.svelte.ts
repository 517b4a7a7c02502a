import { AGENT_COMMAND, AGENT_STATUS } from '$lib/contract';
import { AgentAction, type ActionWords } from '$lib/actions/action.svelte';
import { agentFailure } from '$lib/actions/agent-failure';
import { checkUpdate, runCommand, startUpdate } from '$lib/api/management';
import type { NotificationFrame } from '$lib/api/schemas/frames';
import { NOTIFICATION_TYPE } from '$lib/api/schemas/frames';
import { agentStatusMonitor, type StatusReading } from '../state/agent-status.svelte.ts';

export type AgentCommand = 'pause' | 'resume' | 'dispose' | 'exit' | 'update';

export function actionWords(action: AgentCommand, newVersion?: string | null): ActionWords {
	switch (action) {
		case 'pause':
			return {
				label: 'Pause',
				title: 'Pause the agent?',
				consequences: [
					'The agent suspends its drives and backups: nothing uploads or downloads until you resume.',
					'Transfers under way stop where they are, and carry on after Resume.'
				],
				confirm: 'Pause the agent',
				danger: false,
				done: 'The agent is paused. Nothing syncs until you resume it.'
			};
		case 'resume':
			return {
				label: 'Resume',
				title: 'Resume the agent?',
				consequences: [
					'The agent restarts its drives and backups, and carries on where it stopped.'
				],
				confirm: 'Resume the agent',
				danger: false,
				done: 'The agent is running again.'
			};
		case 'dispose':
			return {
				label: "Sign the agent's user out",
				title: "Sign the agent's user out?",
				consequences: [
					'The agent ends the session of the user it runs for, and stops syncing.',
					'It accepts no token until someone signs in again, so this console signs out too.',
					"To start it again, sign in here, or in the agent's own app on this computer."
				],
				confirm: 'Sign the user out',
				danger: true,
				done: "The agent's user is signed out. Sign in to start the agent again."
			};
		case 'exit':
			return {
				label: 'Stop the agent',
				title: 'Stop the agent?',
				consequences: [
					'The agent process ends: drives, backups and transfers stop.',
					'It does not come back by itself. Start it again on this computer, from its app.',
					'Until then this console cannot reach it. It reconnects when the agent is back.'
				],
				confirm: 'Stop the agent',
				danger: true,
				done: 'The agent stopped. Start it again on this computer; this page reconnects when it is back.'
			};
		case 'update':
			return {
				label: 'Update now',
				title: 'Update the agent now?',
				consequences: [
					`The agent downloads and installs ${newVersion ? `version ${newVersion}` : 'the new version'}, then restarts.`,
					'While it restarts it does not answer: transfers pause, and this console waits and reconnects.'
				],
				confirm: 'Update and restart',
				danger: false,
				done: `The agent is updated${newVersion ? ` to ${newVersion}` : ''}.`
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
			failed: `${words.label} did not work`
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
			failed: 'The update did not start'
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
