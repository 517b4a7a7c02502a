import { fileStateWords, progressStatusWords, transferModeWords } from '$lib/names/enums';
import { NOTIFICATION_TYPE } from '$lib/contract';
import {
	appNotificationDataSchema,
	progressDataSchema,
	type NotificationFrame,
	type ProgressData,
	type StateChangeFrame
} from '$lib/api/schemas/frames';
import { outcomeOf } from './live-records';
import { words as wordTable } from '$lib/i18n/words';
import { m } from '$lib/paraglide/messages';

/**
 * Frames in words: the kind of event and a one-line summary, for the timeline, its filters and
 * its exports. Unknown types and values are shown with their numbers, never dropped. A frame is
 * described once, where it is read (the hub, in a worker that has no language): as its kind and
 * what its summary says (`Said`, a message's key and inputs), so each place that shows it says it
 * in the language of the moment (`sayLabel`, `saySummary`) and an export in English, without
 * reading the frame again.
 */

export const EVENT_KINDS = wordTable({
	progress: m.words_event_progress,
	'user-notification': m.words_event_user_notification,
	'app-notification': m.words_event_app_notification,
	'app-update': m.words_event_app_update,
	state: m.words_event_state,
	unknown: m.words_event_unknown,
	malformed: m.words_event_malformed,
	gap: m.words_event_gap
});
export type EventKind = keyof typeof EVENT_KINDS;

/** Events that need a person's attention: a failed transfer, an error or warning from the agent. */
export type Severity = 'error' | 'warning';

/** A transfer's mode or status as sent: a name, or a number where a name is expected. */
type NameOrNumber = string | number | null;

/**
 * What an event's summary says: which message (`key`) and its inputs, as the frame gave them
 * (masked). Agent text is kept as text; the console's own words (a mode, a status, a file state)
 * are kept as the values they name, so they are said in the reader's language.
 */
export type Said =
	/** Text of the agent's own (a user notification, an update's stage), or kept as it was. */
	| { key: 'text'; text: string }
	/** A notification of a type this console does not know. */
	| { key: 'unknown'; type: number; text: string }
	/** A frame that could not be read: why, and how it began. */
	| { key: 'unread'; problem: string; start: string }
	| {
			key: 'progress';
			mode: NameOrNumber;
			name: string | null;
			path: string | null;
			storage: string | null;
			status: NameOrNumber;
			error: string | null;
			pct: number | null;
	  }
	| { key: 'call'; method: string | null; what: string | null; origin: string | null }
	| { key: 'state'; path: string; storage: string | null; state: number };

export type Described = {
	kind: EventKind;
	said: Said;
	/** Set only for problems; routine events (and noise such as unknown types) have none. */
	severity?: Severity;
	/** A Progress frame's data, read once here for the transfers view too. */
	progress?: ProgressData;
};

const TYPE_KINDS: Record<number, EventKind> = {
	[NOTIFICATION_TYPE.Progress]: 'progress',
	[NOTIFICATION_TYPE.UserNotification]: 'user-notification',
	[NOTIFICATION_TYPE.AppNotification]: 'app-notification',
	[NOTIFICATION_TYPE.AppUpdateProgress]: 'app-update'
};

/** "InProgress" -> "in progress"; a number stays a number. */
export function words(value: string | number | null | undefined): string {
	if (value === null || value === undefined || value === '') return '';
	if (typeof value === 'number') return String(value);
	return value
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.replace(/[_-]+/g, ' ')
		.toLowerCase();
}

/** One line of any value, shortened; never markup, only text. */
export function oneLine(value: unknown, max = 160): string {
	let text: string;
	if (typeof value === 'string') text = value;
	else {
		try {
			text = JSON.stringify(value) ?? String(value);
		} catch {
			text = String(value);
		}
	}
	text = text.replace(/\s+/g, ' ').trim();
	return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function percent(bytes: number | null | undefined, size: number | null | undefined) {
	if (typeof bytes !== 'number' || typeof size !== 'number' || size <= 0) return null;
	return Math.max(0, Math.min(100, Math.floor((bytes / size) * 100)));
}

type ProgressSaid = Extract<Said, { key: 'progress' }>;

const fileName = (p: ProgressSaid) =>
	p.name || p.path?.split('/').pop() || m.words_progress_a_file();

/** A status word inside a sentence: lower case in English, as it is in German and Japanese. */
const inSentence = (word: string) =>
	m.words_progress_lower_case() === 'yes' ? word.toLowerCase() : word;

function progressSummary(p: ProgressSaid): string {
	const mode = transferModeWords(p.mode);
	const inputs = {
		direction: mode ? `${mode} ` : '',
		name: fileName(p),
		where: p.storage ? ` (${p.storage})` : '',
		status: inSentence(progressStatusWords(p.status)) || m.words_progress_no_status(),
		failed: p.error ? `: ${p.error}` : ''
	};
	return p.pct === null
		? m.words_progress_summary(inputs)
		: m.words_progress_summary_pct({ ...inputs, pct: p.pct });
}

const orNull = <T>(value: T | null | undefined): T | null => value ?? null;

function record(value: unknown): Record<string, unknown> | null {
	return value && typeof value === 'object' && !Array.isArray(value)
		? (value as Record<string, unknown>)
		: null;
}

function userNotificationSummary(data: unknown): string {
	const d = record(data);
	const title = typeof d?.Title === 'string' ? d.Title : '';
	const message = typeof d?.Message === 'string' ? d.Message : '';
	if (title || message) return oneLine([title, message].filter(Boolean).join(': '));
	return oneLine(data);
}

/**
 * The severity a user notification names (its shape is open: `Severity`, `Level` or `Type`, as a
 * word or .NET's LogLevel number); none for information or a value it does not know.
 */
export function severityOf(data: unknown): Severity | undefined {
	const d = record(data);
	if (!d) return undefined;
	for (const key of ['Severity', 'severity', 'Level', 'level']) {
		const value = d[key];
		if (typeof value === 'number') {
			if (value >= 4) return 'error';
			if (value === 3) return 'warning';
			return undefined;
		}
		if (typeof value === 'string') {
			const word = value.toLowerCase();
			if (/^(error|critical|fatal|failure|failed)$/.test(word)) return 'error';
			if (/^(warning|warn)$/.test(word)) return 'warning';
			return undefined;
		}
	}
	return undefined;
}

/** An update frame in words: its stage or message and its percentage; else the data as sent. */
function updateSummary(data: unknown): string {
	const d = record(data);
	const pct =
		d && ['Progress', 'Percent', 'Percentage'].map((k) => d[k]).find((v) => typeof v === 'number');
	const said = d
		? ['Stage', 'Status', 'Message'].flatMap((k) =>
				typeof d[k] === 'string' && d[k] ? [words(d[k])] : []
			)
		: [];
	const parts = [...said, ...(typeof pct === 'number' ? [`${pct} %`] : [])];
	const text = parts.join(', ');
	return text ? oneLine(text.charAt(0).toUpperCase() + text.slice(1)) : oneLine(data);
}

/** A notification's kind and what its summary says (see `Said`). */
export function describeNotification(frame: NotificationFrame): Described {
	const kind = TYPE_KINDS[frame.Type] ?? 'unknown';
	switch (kind) {
		case 'progress': {
			const p = progressDataSchema.safeParse(frame.Data);
			if (!p.success) return { kind, said: { key: 'text', text: oneLine(frame.Data) } };
			// A cancel someone asked for ends a transfer too, but it is no problem to raise.
			const failed =
				outcomeOf(p.data.Status, p.data.Error) === 'failed' &&
				!/cancel/i.test(String(p.data.Status ?? ''));
			return {
				kind,
				said: {
					key: 'progress',
					mode: orNull(p.data.TransferMode),
					name: orNull(p.data.Name),
					path: orNull(p.data.Path),
					storage: orNull(p.data.StorageName),
					status: orNull(p.data.Status),
					error: orNull(p.data.Error),
					pct: percent(p.data.Bytes, p.data.Size)
				},
				progress: p.data,
				...(failed ? { severity: 'error' as const } : {})
			};
		}
		case 'app-notification': {
			const a = appNotificationDataSchema.safeParse(frame.Data);
			const d = a.success ? a.data : {};
			return {
				kind,
				said: {
					key: 'call',
					method: d.HttpMethod || null,
					what: d.Operation || d.EndpointAddress || null,
					origin: d.Origin || null
				}
			};
		}
		case 'user-notification': {
			const severity = severityOf(frame.Data);
			return {
				kind,
				said: { key: 'text', text: userNotificationSummary(frame.Data) },
				...(severity ? { severity } : {})
			};
		}
		case 'app-update':
			return { kind, said: { key: 'text', text: updateSummary(frame.Data) } };
		default:
			return {
				kind: 'unknown',
				said: { key: 'unknown', type: frame.Type, text: oneLine(frame.Data) }
			};
	}
}

/** A state in the tiles' words ("Uploading now", "In sync"); unknown bits as numbers. */
export function stateNames(state: number): string {
	return fileStateWords(state);
}

export function describeState(frame: StateChangeFrame): Described {
	return {
		kind: 'state',
		said: {
			key: 'state',
			path: frame.Path,
			storage: frame.StorageName || null,
			state: frame.State
		}
	};
}

/** An event's kind in words, in the language of the moment ("Unknown type 16" with its number). */
export function sayLabel(kind: EventKind, said: Said): string {
	return said.key === 'unknown' ? `${EVENT_KINDS.unknown} ${said.type}` : EVENT_KINDS[kind];
}

/** An event's summary in the language of the moment (in English inside `inBaseLocale`). */
export function saySummary(said: Said): string {
	switch (said.key) {
		case 'text':
		case 'unknown':
			return said.text;
		case 'unread':
			return `${said.problem}: ${said.start}`;
		case 'progress':
			return oneLine(progressSummary(said));
		case 'call':
			return oneLine(
				`${said.method ? `${said.method} ` : ''}${said.what || m.words_progress_a_call()}${said.origin ? ` from ${said.origin}` : ''}`
			);
		case 'state':
			return oneLine(
				`${said.path}${said.storage ? ` (${said.storage})` : ''}: ${stateNames(said.state)}`
			);
	}
}
