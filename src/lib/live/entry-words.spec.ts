import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalog, readLocaleFrom } from '$lib/i18n/catalogs';
import { entryWords, entryWordsInEnglish } from './entry-words';
import type { TimelineEntry } from './timeline-entry';

const entry = (over: Partial<TimelineEntry>): TimelineEntry => ({
	seq: 1,
	at: 0,
	channel: 'statechange',
	kind: 'state',
	said: { key: 'state', path: 'G:\\a.psd', storage: 'Studio', state: 4 },
	// Not a frame at all: the words come from what the entry says, never from its payload.
	payload: 'not json',
	...over
});

afterEach(() => readLocaleFrom());

describe('entryWords', () => {
	it('says an event from what its entry holds, without reading its frame', () => {
		expect(entryWords(entry({}))).toEqual({
			label: 'File state',
			summary: 'G:\\a.psd (Studio): Waiting to upload'
		});
	});

	it('says it in the language of the moment, and in English for exports', async () => {
		await loadCatalog('de');
		readLocaleFrom(() => 'de');
		const shown = entryWords(entry({}));
		expect(shown.label).toBe('Dateistatus');
		expect(shown.summary).not.toContain('Waiting to upload');
		expect(entryWordsInEnglish(entry({}))).toEqual({
			label: 'File state',
			summary: 'G:\\a.psd (Studio): Waiting to upload'
		});
	});

	it('says a frame that could not be read, and an unknown type with its number', () => {
		expect(
			entryWords(
				entry({ kind: 'malformed', said: { key: 'unread', problem: 'not JSON', start: '{x' } })
			)
		).toEqual({ label: 'Unreadable frame', summary: 'not JSON: {x' });
		expect(
			entryWords(entry({ kind: 'unknown', said: { key: 'unknown', type: 64, text: '{}' } }))
		).toEqual({ label: 'Unknown type 64', summary: '{}' });
	});
});
