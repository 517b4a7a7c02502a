import { recordFields, type Field, type KnownField } from '$lib/record/record-fields';
import {
	AUTH_PROVIDER_NAMES,
	USER_STATUS_NAMES,
	USER_TYPE_NAMES,
	flagNames,
	nameOf,
	yesNo
} from '$lib/names/enums';
import type { ListUser } from '$lib/api/schemas/users';
import { USER_STATUS } from '$lib/contract';
import { formatFullDateTime, parseAgentDate } from '$lib/format/cells';
import type { Tone } from '$lib/ui/tone';
import { m } from '$lib/paraglide/messages';
import { formatList } from '$lib/format/lists';

/** View models of a users-list row: every value in words, mapped here and not in templates. */

export function fullName(user: ListUser): string {
	return [user.firstname, user.lastname].filter((part) => part?.trim()).join(' ') || '—';
}

export const userTypeText = (user: ListUser) =>
	formatList(flagNames(USER_TYPE_NAMES, user.userType));

export const statusText = (user: ListUser) => formatList(flagNames(USER_STATUS_NAMES, user.status));

/** The tones a user's status badge is drawn in. */
export type StatusTone = Extract<Tone, 'good' | 'neutral' | 'warn' | 'unknown'>;

const STATUS_TONES: Record<number, StatusTone> = {
	[USER_STATUS.Active]: 'good',
	[USER_STATUS.Inactive]: 'neutral',
	[USER_STATUS.Pending]: 'warn'
};

/** How a status looks; several flags at once, or one the console does not know, is "unknown". */
export const statusTone = (user: ListUser): StatusTone => STATUS_TONES[user.status] ?? 'unknown';

/** Fields of a row this version knows, in the order the panel shows them, in today's language. */
const known = (): KnownField<ListUser>[] => [
	{ key: 'firstname', label: m.users_first_name(), text: (u) => u.firstname || '—' },
	{ key: 'lastname', label: m.users_last_name(), text: (u) => u.lastname || '—' },
	{ key: 'username', label: m.users_col_username(), text: (u) => u.username },
	{ key: 'email', label: m.users_col_email(), text: (u) => u.email || '—' },
	{ key: 'userType', label: m.users_col_type(), text: userTypeText },
	{ key: 'status', label: m.users_col_status(), text: statusText },
	{ key: 'mfa', label: m.parts_field_mfa(), text: (u) => yesNo(u.mfa) },
	{ key: 'owner', label: m.parts_field_owner(), text: (u) => yesNo(u.owner) },
	{ key: 'createDate', label: m.users_col_created(), text: (u) => dateText(u.createDate) },
	{ key: 'signupDate', label: m.parts_field_signed_up(), text: (u) => dateText(u.signupDate) },
	{
		key: 'authProvider',
		label: m.parts_field_signs_in_with(),
		text: (u) => nameOf(AUTH_PROVIDER_NAMES, u.authProvider)
	},
	{ key: 'migration', label: m.parts_field_migrated(), text: (u) => yesNo(u.migration) },
	{ key: 'deleted', label: m.parts_field_deleted(), text: (u) => yesNo(u.deleted) },
	{ key: 'id', label: m.parts_field_user_id(), text: (u) => u.id },
	{ key: 'accountId', label: m.parts_field_account_id(), text: (u) => u.accountId || '—' }
];

/** Copyable fields. */
export const ID_FIELDS = new Set(['id', 'accountId']);

function dateText(value: string | null | undefined): string {
	if (!value) return '—';
	const date = parseAgentDate(value);
	return date ? formatFullDateTime(date) : value;
}

/** Every field of the row: the known ones in words (only those the agent sent), then the rest. */
export function userFields(raw: Record<string, unknown>, user: ListUser | null): Field[] {
	return recordFields(raw, user, known());
}
