import type { ActionWords } from '$lib/actions/action.svelte';
import type { ListUser } from '$lib/api/schemas/user';
import { AUTH_PROVIDER, USER_STATUS } from '$lib/contract';
import { USER_STATUS_NAMES, nameOf } from '$lib/names/enums';
import { STATUS_ACTION_LABELS, type StatusChange } from '$lib/names/shell';

/**
 * What an administrator can do to a user's account beyond editing it: deactivate and reactivate
 * (edit_user with the status), and send a password reset e-mail (forgot_password with the
 * username). The words said before and after, in one place; the panel runs them.
 */

export type { StatusChange };

const TARGET: Record<StatusChange, number> = {
	deactivate: USER_STATUS.Inactive,
	reactivate: USER_STATUS.Active
};

const nameOfUser = (user: ListUser) =>
	[user.firstname, user.lastname].filter((part) => part?.trim()).join(' ') || user.username;

/** The change this user's status allows; none for a pending user (the invitation activates). */
export function statusChangeOf(user: ListUser): StatusChange | null {
	if (user.status === USER_STATUS.Active) return 'deactivate';
	if (user.status === USER_STATUS.Inactive) return 'reactivate';
	return null;
}

/** Why this user's status cannot change here, in words, or null when it can. */
export function statusLockedReason(user: ListUser, meId: string | null): string | null {
	if (user.status === USER_STATUS.Pending)
		return 'A pending user becomes active by following the invitation; there is nothing to reactivate yet.';
	if (user.status === USER_STATUS.Active && user.id === meId)
		return 'You cannot deactivate yourself: another administrator can.';
	if (user.status === USER_STATUS.Active && user.owner)
		return 'The account owner cannot be deactivated.';
	return statusChangeOf(user) ? null : 'This status cannot be changed here.';
}

/** The row edit_user is sent: every field as the agent sent it, with the new status. */
export function rowWithStatus(raw: Record<string, unknown>, change: StatusChange) {
	return { ...raw, status: TARGET[change] };
}

export function statusWords(user: ListUser, change: StatusChange): ActionWords {
	const who = `${nameOfUser(user)} (${user.username})`;
	return change === 'deactivate'
		? {
				label: STATUS_ACTION_LABELS.deactivate,
				title: `Deactivate ${nameOfUser(user)}?`,
				consequences: [
					`${who} can no longer sign in: the agent refuses them as deactivated.`,
					'Nothing is deleted. Reactivate on this page lets them sign in again.'
				],
				confirm: 'Deactivate',
				danger: true,
				done: `Deactivated ${who}.`
			}
		: {
				label: STATUS_ACTION_LABELS.reactivate,
				title: `Reactivate ${nameOfUser(user)}?`,
				consequences: [`${who} can sign in again with their password.`],
				confirm: 'Reactivate',
				danger: false,
				done: `Reactivated ${who}.`
			};
}

/**
 * What the agent did with the asked status, from the user it stored: the outcome in words, and
 * `kept` when it answered the old status (the agent may decline without an error).
 */
export function statusOutcome(
	change: StatusChange,
	stored: ListUser
): { kept: boolean; text: string } {
	const who = `${nameOfUser(stored)} (${stored.username})`;
	if (stored.status === TARGET[change])
		return {
			kept: false,
			text:
				change === 'deactivate'
					? `Deactivated ${who}. They can no longer sign in.`
					: `Reactivated ${who}. They can sign in again.`
		};
	return {
		kept: true,
		text: `The agent kept the status of ${who} as ${nameOf(USER_STATUS_NAMES, stored.status)}: it did not ${change} them.`
	};
}

/** Whether a password reset e-mail means anything: not for accounts of an identity provider. */
export function canResetPassword(user: ListUser): boolean {
	return (user.authProvider ?? AUTH_PROVIDER.Default) === AUTH_PROVIDER.Default;
}

export function resetWords(user: ListUser): ActionWords {
	const to = user.email ?? user.username;
	return {
		label: 'Send a password reset e-mail',
		title: `Send ${nameOfUser(user)} a password reset e-mail?`,
		consequences: [
			`The agent e-mails ${to} a link to choose a new password.`,
			'The agent answers the same whether or not it sends one, so the console cannot confirm delivery.'
		],
		confirm: 'Send the e-mail',
		danger: false,
		done: `Asked the agent to send a password reset e-mail to ${to}.`
	};
}
