import { recordFields, type Field, type KnownField } from '$lib/record/record-fields';
import {
	AUTH_PROVIDER_NAMES,
	USER_STATUS_NAMES,
	USER_TYPE_NAMES,
	flagNames,
	nameOf,
	yesNo
} from '$lib/names/enums';
import type { ListUser } from '$lib/api/schemas/user';
import { USER_STATUS } from '$lib/contract';
import { formatFullDateTime, parseAgentDate } from '$lib/format/cells';
import type { Tone } from '$lib/ui/tone';

/** View models of a users-list row: every value in words, mapped here and not in templates. */

export function fullName(user: ListUser): string {
	return [user.firstname, user.lastname].filter((part) => part?.trim()).join(' ') || '—';
}

export const userTypeText = (user: ListUser) =>
	flagNames(USER_TYPE_NAMES, user.userType).join(', ');

export const statusText = (user: ListUser) => flagNames(USER_STATUS_NAMES, user.status).join(', ');

/** The tones a user's status badge is drawn in. */
export type StatusTone = Extract<Tone, 'good' | 'neutral' | 'warn' | 'unknown'>;

const STATUS_TONES: Record<number, StatusTone> = {
	[USER_STATUS.Active]: 'good',
	[USER_STATUS.Inactive]: 'neutral',
	[USER_STATUS.Pending]: 'warn'
};

/** How a status looks; several flags at once, or one the console does not know, is "unknown". */
export const statusTone = (user: ListUser): StatusTone => STATUS_TONES[user.status] ?? 'unknown';

/** Fields of a row this version knows, in the order the panel shows them. */
const KNOWN: KnownField<ListUser>[] = [
	{ key: 'firstname', label: 'First name', text: (u) => u.firstname || '—' },
	{ key: 'lastname', label: 'Last name', text: (u) => u.lastname || '—' },
	{ key: 'username', label: 'Username', text: (u) => u.username },
	{ key: 'email', label: 'E-mail', text: (u) => u.email || '—' },
	{ key: 'userType', label: 'User type', text: userTypeText },
	{ key: 'status', label: 'Status', text: statusText },
	{ key: 'mfa', label: 'Multi-factor sign-in', text: (u) => yesNo(u.mfa) },
	{ key: 'owner', label: 'Account owner', text: (u) => yesNo(u.owner) },
	{ key: 'createDate', label: 'Created', text: (u) => dateText(u.createDate) },
	{ key: 'signupDate', label: 'Signed up', text: (u) => dateText(u.signupDate) },
	{
		key: 'authProvider',
		label: 'Signs in with',
		text: (u) => nameOf(AUTH_PROVIDER_NAMES, u.authProvider)
	},
	{ key: 'migration', label: 'Migrated', text: (u) => yesNo(u.migration) },
	{ key: 'deleted', label: 'Deleted', text: (u) => yesNo(u.deleted) },
	{ key: 'id', label: 'User ID', text: (u) => u.id },
	{ key: 'accountId', label: 'Account ID', text: (u) => u.accountId || '—' }
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
	return recordFields(raw, user, KNOWN);
}
