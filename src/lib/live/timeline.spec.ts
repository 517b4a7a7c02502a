import { describe, expect, it, vi } from 'vitest';
import { Timeline, compileSearch, matches } from './timeline.svelte.ts';
import { loadCatalog, readLocaleFrom } from '$lib/i18n/catalogs';
import type { TimelineEntry } from './timeline-entry.ts';
import type { NewEntry } from './timeline-entry.ts';

const event = (i: number, extra: Partial<NewEntry> = {}): NewEntry => ({
	at: 1_000 + i,
	channel: i % 2 ? 'notification' : 'statechange',
	kind: i % 2 ? 'progress' : 'state',
	said: { key: 'text', text: `event ${i}` },
	payload: { i },
	...extra
});
const many = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, k) => event(from + k));
const summaryOf = (e: NewEntry) => (e.said.key === 'text' ? e.said.text : '');
const summaries = (t: Timeline) => t.shown.map(summaryOf);

describe('Timeline', () => {
	it('keeps at most the cap, dropping the oldest and counting them', () => {
		const t = new Timeline();
		t.setCap(1_000);
		t.append(many(1, 1_500));
		expect(t.size).toBe(1_000);
		expect(t.dropped).toBe(500);
		expect(summaryOf(t.shown[0]!)).toBe('event 501');
		t.setCap(100);
		expect(t.size).toBe(100);
		expect(t.dropped).toBe(1_400);
	});

	it('filters by channel, kind and text, also for what arrives later', () => {
		const t = new Timeline();
		t.append(many(1, 10));
		t.setFilter({ channel: 'notification', kind: null, q: '', problems: false });
		expect(t.shown).toHaveLength(5);
		t.setFilter({ channel: null, kind: 'state', q: 'event 1', problems: false });
		expect(summaries(t)).toEqual(['event 10']);
		t.append([event(12), event(13)]);
		expect(summaries(t)).toEqual(['event 10', 'event 12']);
		// The payload is searched too.
		t.setFilter({ channel: null, kind: null, q: '"i":13', problems: false });
		expect(summaries(t)).toEqual(['event 13']);
	});

	it('pauses the view while it keeps buffering, and says how many came', () => {
		const t = new Timeline();
		t.append(many(1, 3));
		t.pause();
		t.append(many(4, 9));
		expect(summaries(t)).toEqual(['event 1', 'event 2', 'event 3']);
		expect(t.newWhilePaused).toBe(6);
		t.setFilter({ channel: 'notification', kind: null, q: '', problems: false });
		expect(t.newWhilePaused).toBe(3);
		t.resume();
		expect(t.shown).toHaveLength(5);
		expect(t.newWhilePaused).toBe(0);
	});

	it('marks where a channel was down, and keeps the marker through filters and clear', () => {
		const t = new Timeline();
		t.append([event(1)]);
		t.openGap('notification', 5_000, 'the connection was lost');
		t.openGap('notification', 5_500, 'again');
		t.setFilter({ channel: null, kind: 'progress', q: 'nothing matches this', problems: false });
		expect(t.shown.map((e) => e.kind)).toEqual(['gap']);
		t.clear();
		expect(t.shown[0]?.gap).toEqual({ from: 5_000, to: null, reason: 'the connection was lost' });
		t.closeGap('notification', 9_000);
		expect(t.shown[0]?.gap?.to).toBe(9_000);
		t.setFilter({ channel: 'statechange', kind: null, q: '', problems: false });
		expect(t.shown).toHaveLength(0);
	});

	it('clears everything and starts counting again', () => {
		const t = new Timeline();
		t.setCap(1_000);
		t.append(many(1, 1_200));
		t.clear();
		expect(t.size).toBe(0);
		expect(t.dropped).toBe(0);
	});
});

describe('searching the timeline', () => {
	it('matches nothing until the regular-expression engine is here, then filters with it', async () => {
		// A fresh module: no earlier test has brought the engine yet.
		vi.resetModules();
		const fresh = await import('./timeline.svelte.ts');
		const t = new fresh.Timeline();
		t.append([
			event(1, { said: { key: 'text', text: '/a/cut-v12.mov' } }),
			event(2, { said: { key: 'text', text: '/a/notes.txt' } })
		]);
		t.setFilter({ channel: null, kind: null, q: 'cut-v\\d+', regex: true, problems: false });
		expect(t.shown).toEqual([]);
		expect(t.search.loading).not.toBeNull();
		await t.search.loading;
		await vi.waitFor(() => expect(summaries(t)).toEqual(['/a/cut-v12.mov']));
		expect(t.search).toMatchObject({ error: null, loading: null });
	});

	it('reads the search as text, or as a regular expression when asked', async () => {
		await compileSearch('x', true).loading;
		expect(compileSearch('HERO').test('upload hero.psd')).toBe(true);
		expect(compileSearch('her.\\.psd').test('upload hero.psd')).toBe(false);
		expect(compileSearch('her.\\.psd', true).test('upload hero.psd')).toBe(true);
		expect(compileSearch('^upload .* failed', true).test('Upload a.psd, failed')).toBe(true);
	});

	it('says why a pattern cannot be read, and filters nothing out', async () => {
		await compileSearch('x', true).loading;
		const search = compileSearch('(unclosed', true);
		expect(search.error).toMatch(/unterminated group|missing \)/i);
		expect(search.test('anything')).toBe(true);
	});
});

describe('a timeline in a hidden page', () => {
	it('takes a batch quietly: kept and found, the views told once on signal', () => {
		const timeline = new Timeline();
		const version = timeline.version;
		const shownBefore = timeline.shown;
		const [added] = timeline.append([event(1)], { quiet: true });
		expect(timeline.version).toBe(version);
		expect(timeline.shown).toBe(shownBefore);
		expect(summaryOf(timeline.find(added!.seq)!)).toBe('event 1');
		timeline.signal();
		expect(timeline.version).toBe(version + 1);
		expect(summaries(timeline)).toEqual(['event 1']);
		timeline.signal();
		expect(timeline.version).toBe(version + 1);
	});
});

describe('the search in another language', () => {
	it('finds an event by the words shown as well as by the English kept', async () => {
		await loadCatalog('de');
		readLocaleFrom(() => 'de');
		try {
			const entry: TimelineEntry = {
				seq: 1,
				at: 0,
				channel: 'statechange',
				kind: 'state',
				said: { key: 'state', path: 'G:\\a.psd', storage: 'Studio', state: 4 },
				payload: { Path: 'G:\\a.psd', StorageName: 'Studio', State: 4 }
			};
			const filter = { channel: null, kind: null, problems: false };
			expect(matches(entry, { ...filter, q: 'Dateistatus' })).toBe(true);
			expect(matches(entry, { ...filter, q: 'file state' })).toBe(true);
			expect(matches(entry, { ...filter, q: 'waiting to upload' })).toBe(true);
			expect(matches(entry, { ...filter, q: 'Laufwerk gelöscht' })).toBe(false);
		} finally {
			readLocaleFrom();
		}
	});
});
