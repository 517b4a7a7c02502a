import { language } from '$lib/state/language.svelte';
import { describeNotificationNow, describeStateNow, EVENT_KINDS } from './event-words';
import { parseNotification, parseStateChange } from './frames';
import { payloadOf, type TimelineEntry } from './timeline-entry';

/**
 * A kept event's kind and summary in the console's language. The timeline keeps them in English
 * (they are exported, and the worker that reads the frames has no language): the page says them
 * again from the frame, once per entry and language. An entry whose frame does not read again
 * (a gap, a malformed or oversized frame) shows what was kept.
 */

type Said = { label: string; summary: string };

const said = new WeakMap<TimelineEntry, { locale: string; words: Said }>();

function describe(entry: TimelineEntry): Said {
	if (entry.kind === 'gap' || entry.kind === 'malformed')
		return { label: EVENT_KINDS[entry.kind], summary: entry.summary };
	const payload = payloadOf(entry);
	if (entry.channel === 'statechange') {
		const parsed = parseStateChange(payload);
		return parsed.ok ? describeStateNow(parsed.frame) : entry;
	}
	const parsed = parseNotification(payload);
	return parsed.ok ? describeNotificationNow(parsed.frame) : entry;
}

export function entryWords(entry: TimelineEntry): Said {
	const locale = `${language.tag} ${language.formats}`;
	const kept = said.get(entry);
	if (kept?.locale === locale) return kept.words;
	let words: Said;
	try {
		const again = describe(entry);
		words = { label: again.label, summary: again.summary };
	} catch {
		words = { label: entry.label, summary: entry.summary };
	}
	said.set(entry, { locale, words });
	return words;
}
