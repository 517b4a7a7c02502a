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
import { inBaseLocale } from '$lib/i18n/catalogs';
import { words as wordTable } from '$lib/i18n/words';
import { m } from '$lib/paraglide/messages';

/**
 * Frames in words: the kind of event and a one-line summary, for the timeline, its filters and
 * its exports. Unknown types and values are shown with their numbers, never dropped. A described
 * frame's label and summary are kept and exported, so they are in English (`inBaseLocale`), whatever
 * the console's language and wherever the frame is read (a worker has no language); the kinds'
 * words (EVENT_KINDS) are read in the language of the moment elsewhere.
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

export type Described = {
	kind: EventKind;
	label: string;
	summary: string;
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

const fileName = (p: ProgressData) =>
	p.Name || p.Path?.split('/').pop() || m.words_progress_a_file();

/** A status word inside a sentence: lower case in English, as it is in German and Japanese. */
const inSentence = (word: string) =>
	m.words_progress_lower_case() === 'yes' ? word.toLowerCase() : word;

function progressSummary(p: ProgressData): string {
	const mode = transferModeWords(p.TransferMode);
	const inputs = {
		direction: mode ? `${mode} ` : '',
		name: fileName(p),
		where: p.StorageName ? ` (${p.StorageName})` : '',
		status: inSentence(progressStatusWords(p.Status)) || m.words_progress_no_status(),
		failed: p.Error ? `: ${p.Error}` : ''
	};
	const pct = percent(p.Bytes, p.Size);
	return pct === null
		? m.words_progress_summary(inputs)
		: m.words_progress_summary_pct({ ...inputs, pct });
}

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

export function describeNotification(frame: NotificationFrame): Described {
	return inBaseLocale(() => describeNotificationNow(frame));
}

/** The same in the language of the moment, for the page that shows it (`entry-words.ts`). */
export function describeNotificationNow(frame: NotificationFrame): Described {
	const kind = TYPE_KINDS[frame.Type] ?? 'unknown';
	switch (kind) {
		case 'progress': {
			const p = progressDataSchema.safeParse(frame.Data);
			if (!p.success) return { kind, label: EVENT_KINDS.progress, summary: oneLine(frame.Data) };
			// A cancel someone asked for ends a transfer too, but it is no problem to raise.
			const failed =
				outcomeOf(p.data.Status, p.data.Error) === 'failed' &&
				!/cancel/i.test(String(p.data.Status ?? ''));
			return {
				kind,
				label: EVENT_KINDS.progress,
				summary: oneLine(progressSummary(p.data)),
				progress: p.data,
				...(failed ? { severity: 'error' as const } : {})
			};
		}
		case 'app-notification': {
			const a = appNotificationDataSchema.safeParse(frame.Data);
			const d = a.success ? a.data : {};
			const what = d.Operation || d.EndpointAddress || m.words_progress_a_call();
			const from = d.Origin ? ` from ${d.Origin}` : '';
			return {
				kind,
				label: EVENT_KINDS['app-notification'],
				summary: oneLine(`${d.HttpMethod ? `${d.HttpMethod} ` : ''}${what}${from}`)
			};
		}
		case 'user-notification': {
			const severity = severityOf(frame.Data);
			return {
				kind,
				label: EVENT_KINDS[kind],
				summary: userNotificationSummary(frame.Data),
				...(severity ? { severity } : {})
			};
		}
		case 'app-update':
			return { kind, label: EVENT_KINDS[kind], summary: updateSummary(frame.Data) };
		default:
			return {
				kind: 'unknown',
				label: `${EVENT_KINDS.unknown} ${frame.Type}`,
				summary: oneLine(frame.Data)
			};
	}
}

/** A state in the tiles' words ("Uploading now", "In sync"); unknown bits as numbers. */
export function stateNames(state: number): string {
	return fileStateWords(state);
}

export function describeState(frame: StateChangeFrame): Described {
	return inBaseLocale(() => describeStateNow(frame));
}

/** The same in the language of the moment, for the page that shows it (`entry-words.ts`). */
export function describeStateNow(frame: StateChangeFrame): Described {
	const where = frame.StorageName ? ` (${frame.StorageName})` : '';
	return {
		kind: 'state',
		label: EVENT_KINDS.state,
		summary: oneLine(`${frame.Path}${where}: ${stateNames(frame.State)}`)
	};
}
