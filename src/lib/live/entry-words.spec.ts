import { describe, expect, it } from 'vitest';
import { entryWords } from './entry-words';
import type { TimelineEntry } from './timeline-entry';

const entry = (over: Partial<TimelineEntry>): TimelineEntry => ({
	seq: 1,
	at: 0,
	channel: 'statechange',
	kind: 'state',
	label: 'kept label',
	summary: 'kept summary',
	payload: { Path: 'G:\\a.psd', StorageName: 'Studio', State: 4 },
	...over
});

describe('entryWords', () => {
	it('says a kept event again from its frame, in the language of the moment', () => {
		const words = entryWords(entry({}));
		expect(words.label).toBe('File state');
		expect(words.summary).toMatch(/^G:\\a\.psd \(Studio\): /);
		expect(words.summary).not.toBe('kept summary');
	});

	it('shows what was kept when the frame does not read again', () => {
		const words = entryWords(entry({ payload: 'not json', kind: 'state' }));
		expect(words).toEqual({ label: 'kept label', summary: 'kept summary' });
	});
});
