import { inBaseLocale } from '$lib/i18n/catalogs';
import { sayLabel, saySummary } from './event-words';
import type { NewEntry } from './timeline-entry';

/**
 * An event's kind and summary, said from what its entry holds (`said`, made once where the frame
 * was read): in the console's language where shown, in English for exports and the search.
 */

export type EntryWords = { label: string; summary: string };

export function entryWords(entry: NewEntry): EntryWords {
	return { label: sayLabel(entry.kind, entry.said), summary: saySummary(entry.said) };
}

/** The same in English, whatever the console speaks (exports, and what the search also finds). */
export function entryWordsInEnglish(entry: NewEntry): EntryWords {
	return inBaseLocale(() => entryWords(entry));
}
