import { AGENT_STATUS, USER_TYPE } from '../api/schemas/shell-contract.ts';
import { words } from '$lib/i18n/words';
import { m } from '$lib/paraglide/messages';

/**
 * The words of the enums that every page's header and the sign-in pages show: the agent's status
 * and the user types a sign-in asks for. Apart from enums.ts, which holds the words of every other
 * enum, so that the sign-in pages do not carry those (`npm run bench` shows the first load).
 */

export type Names = Readonly<Record<number, string>>;

type Say = () => string;

export const unknownValue = (n: number) => m.words_unknown_value({ n });

/** A table of words keyed by the agent's numbers (`words()`): each entry reads its message when read. */
export const names = (table: Readonly<Record<number, Say>>): Names =>
	words(table as Readonly<Record<string, Say>>);

export type AgentStatusText = { name: string; words: string; meaning: string };

/** `name` is the agent's enum name; `words` says what it means in a few words, for the header. */
export const AGENT_STATUS_NAMES: Readonly<Record<number, AgentStatusText>> = {
	[AGENT_STATUS.Created]: statusText(
		'Created',
		m.words_status_created_words,
		m.words_status_created_meaning
	),
	[AGENT_STATUS.Started]: statusText(
		'Started',
		m.words_status_started_words,
		m.words_status_started_meaning
	),
	[AGENT_STATUS.Stopped]: statusText(
		'Stopped',
		m.words_status_stopped_words,
		m.words_status_stopped_meaning
	),
	[AGENT_STATUS.Paused]: statusText(
		'Paused',
		m.words_status_paused_words,
		m.words_status_paused_meaning
	),
	[AGENT_STATUS.Disposed]: statusText(
		'Disposed',
		m.words_status_disposed_words,
		m.words_status_disposed_meaning
	)
};

/** A status's text whose words and meaning are read in the language of the moment. */
function statusText(name: string, words: () => string, meaning: () => string): AgentStatusText {
	return {
		name,
		get words() {
			return words();
		},
		get meaning() {
			return meaning();
		}
	};
}

export function agentStatusText(value: number): AgentStatusText {
	return (
		(Object.hasOwn(AGENT_STATUS_NAMES, value) ? AGENT_STATUS_NAMES[value] : undefined) ?? {
			name: unknownValue(value),
			words: m.words_status_unknown_words({ n: value }),
			meaning: m.words_status_unknown_meaning({ n: value })
		}
	);
}

/** The user types a sign-in may ask for, in the shorter words of the sign-in form and filters. */
export const DESKTOP_USER_TYPES = [
	userType(USER_TYPE.DesktopAdmin, m.words_user_type_desktop_admin),
	userType(USER_TYPE.DesktopCreativeUser, m.words_user_type_desktop_creative),
	userType(USER_TYPE.DesktopStandardUser, m.words_user_type_desktop_standard)
] as const;

function userType<V extends number>(value: V, label: () => string) {
	return {
		value,
		get label() {
			return label();
		}
	} as { readonly value: V; readonly label: string };
}

export type StatusChange = 'deactivate' | 'reactivate';

/**
 * The status names the sign-in advice and the users panel share ("an administrator can do it:
 * Users, open your account, Reactivate"): here, as sign-in must not load the users' code.
 */
export const STATUS_ACTION_LABELS: Record<StatusChange, string> = words({
	deactivate: m.words_action_deactivate,
	reactivate: m.words_action_reactivate
});
