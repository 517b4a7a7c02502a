import type { ActionWords } from '$lib/actions/action.svelte';
import type { ListUser } from '$lib/api/schemas/users';
import { AUTH_PROVIDER, USER_STATUS } from '$lib/contract';
import { USER_STATUS_NAMES, nameOf } from '$lib/names/enums';
import { STATUS_ACTION_LABELS, type StatusChange } from '$lib/names/shell';
import { m } from '$lib/paraglide/messages';

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
	if (user.status === USER_STATUS.Pending) return m.parts_locked_pending();
	if (user.status === USER_STATUS.Active && user.id === meId) return m.parts_locked_self();
	if (user.status === USER_STATUS.Active && user.owner) return m.parts_locked_owner();
	return statusChangeOf(user) ? null : m.parts_locked_other();
}

/** The row edit_user is sent: every field as the agent sent it, with the new status. */
export function rowWithStatus(raw: Record<string, unknown>, change: StatusChange) {
	return { ...raw, status: TARGET[change] };
}

export function statusWords(user: ListUser, change: StatusChange): ActionWords {
	const who = { name: nameOfUser(user), username: user.username };
	return change === 'deactivate'
		? {
				label: STATUS_ACTION_LABELS.deactivate,
				title: m.parts_deactivate_title({ name: who.name }),
				consequences: [
					m.parts_deactivate_no_sign_in(who),
					m.parts_deactivate_nothing_deleted({ action: STATUS_ACTION_LABELS.reactivate })
				],
				confirm: m.parts_deactivate(),
				danger: true,
				done: m.parts_deactivated(who),
				names: [who.name, who.username]
			}
		: {
				label: STATUS_ACTION_LABELS.reactivate,
				title: m.parts_reactivate_title({ name: who.name }),
				consequences: [m.parts_reactivate_sign_in(who)],
				confirm: m.parts_reactivate(),
				danger: false,
				done: m.parts_reactivated(who)
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
	const who = { name: nameOfUser(stored), username: stored.username };
	if (stored.status === TARGET[change])
		return {
			kept: false,
			text:
				change === 'deactivate'
					? m.parts_deactivated_outcome(who)
					: m.parts_reactivated_outcome(who)
		};
	const kept = { ...who, status: nameOf(USER_STATUS_NAMES, stored.status) };
	return {
		kept: true,
		text: change === 'deactivate' ? m.parts_kept_deactivate(kept) : m.parts_kept_reactivate(kept)
	};
}

/** Whether a password reset e-mail means anything: not for accounts of an identity provider. */
export function canResetPassword(user: ListUser): boolean {
	return (user.authProvider ?? AUTH_PROVIDER.Default) === AUTH_PROVIDER.Default;
}

export function resetWords(user: ListUser): ActionWords {
	const to = user.email ?? user.username;
	return {
		label: m.parts_reset_label(),
		title: m.parts_reset_title({ name: nameOfUser(user) }),
		consequences: [m.parts_reset_link({ to }), m.parts_reset_no_confirm()],
		confirm: m.parts_reset_confirm(),
		danger: false,
		done: m.parts_reset_done({ to })
	};
}
