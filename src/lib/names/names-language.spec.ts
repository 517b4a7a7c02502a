import { afterEach, describe, expect, it } from 'vitest';
import { followingBaseLocale, loadCatalog, readLocaleFrom } from '$lib/i18n/catalogs';
import { readFormatsFrom } from '$lib/format/intl';
import { statusText } from '$lib/history/history-words';
import type { Locale } from '$lib/paraglide/runtime';
import { historyCsv } from '$lib/history/history-export';
import type { HistoryItem } from '$lib/api/schemas/history';
import { FILE_STATE_NAMES, fileStateWords, nameOf, transferModeWords } from './enums.ts';
import { inBaseLocale } from '$lib/i18n/catalogs';
import { EVENT_KINDS, describeState, sayLabel, saySummary } from '$lib/live/event-words';

let now: Locale = 'en';
readLocaleFrom(() => now);
afterEach(() => {
	now = 'en';
	readFormatsFrom();
});

describe('the words tables in another language', () => {
	it('read each word in the language of the moment', async () => {
		await loadCatalog('de');
		expect(FILE_STATE_NAMES[0]).toBe('In sync');
		now = 'de';
		expect(FILE_STATE_NAMES[0]).toBe('Synchron');
		expect(fileStateWords(4 | 256)).toBe('Wird hochgeladen, fehlerhaft');
		expect(nameOf(FILE_STATE_NAMES, null)).toBe('Nicht angegeben');
		// The agent's names are read whatever the language; the words are the language's.
		expect(transferModeWords('upload')).toBe('Hochladen');
		expect(inBaseLocale(() => nameOf(FILE_STATE_NAMES, 9999))).toBe('Unknown (9999)');
	});

	it('keep the history export in English', async () => {
		await loadCatalog('de');
		now = 'de';
		const entry = { id: 7, name: 'a.pdf', transferStatus: 16, direction: 1, origin: 1 };
		const csv = historyCsv([{ raw: entry, value: entry as HistoryItem, key: '7' }]);
		expect(csv).toContain(',Failed,Upload,Direct transfer,');
	});

	it('keep the export’s lists and numbers in English too, the page’s in the language', async () => {
		await loadCatalog('de');
		now = 'de';
		readFormatsFrom(followingBaseLocale(() => 'de'));
		const entry = { id: 7, name: 'a.pdf', transferStatus: 16 | 128, direction: 1, origin: 1 };
		expect(statusText(entry.transferStatus)).toBe('Fehlgeschlagen und Angehalten');
		const csv = historyCsv([{ raw: entry, value: entry as HistoryItem, key: '7' }]);
		expect(csv).toContain(',"Failed, Paused",Upload,');
	});

	it('say the timeline’s described frames in the language, in English for exports', async () => {
		await loadCatalog('de');
		now = 'de';
		expect(EVENT_KINDS.state).toBe('Dateistatus');
		const { kind, said } = describeState({ Path: 'a.psd', StorageName: 'S3', State: 4 | 256 });
		expect(sayLabel(kind, said)).toBe('Dateistatus');
		expect(saySummary(said)).not.toContain('Uploading');
		expect(inBaseLocale(() => [sayLabel(kind, said), saySummary(said)])).toEqual([
			'File state',
			'a.psd (S3): Uploading, error'
		]);
	});
});
