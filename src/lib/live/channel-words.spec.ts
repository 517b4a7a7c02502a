import { describe, expect, it } from 'vitest';
import { freshness, readByWords, statusWords } from './channel-words.ts';

describe('statusWords', () => {
	it('counts down to the next attempt and says who closed', () => {
		expect(
			statusWords(
				{ kind: 'reconnecting', attempt: 3, retryAt: 5_400, closedByAgent: false, since: 0 },
				1_000
			)
		).toEqual({ text: 'Disconnected. Reconnecting in 5 s (attempt 3)', tone: 'bad' });
		expect(
			statusWords(
				{ kind: 'reconnecting', attempt: 1, retryAt: 900, closedByAgent: true, since: 0 },
				1_000
			).text
		).toBe('The agent closed the connection. Connecting (attempt 1)');
		expect(statusWords({ kind: 'live', since: 0 }, 0)).toEqual({ text: 'Live', tone: 'good' });
	});
});

describe('freshness', () => {
	it('goes amber, then red, as the last event gets old', () => {
		expect(freshness(null, 0).text).toBe('No events yet');
		expect(freshness(6_000, 10_000)).toEqual({ text: 'Last event just now', tone: 'good' });
		expect(freshness(0, 9_999).text).toBe('Last event 5 s ago');
		expect(freshness(0, 59_000).text).toBe('Last event 55 s ago');
		expect(freshness(0, 61_000).text).toBe('Last event 1 min ago');
		expect(freshness(0, 45_000).tone).toBe('warn');
		expect(freshness(0, 600_000)).toEqual({ text: 'Last event 10 min ago', tone: 'bad' });
	});
});

describe('readByWords', () => {
	it('says where frames are read and the worst lag of a worker', () => {
		expect(readByWords('shared worker', null)).toBe('Read in a worker shared by all tabs');
		expect(readByWords('shared worker', 12.4)).toBe(
			'Read in a worker shared by all tabs, at most 12 ms behind'
		);
		expect(readByWords('worker', 0)).toBe("Read in this tab's own worker, at most 0 ms behind");
		expect(readByWords('page', 5)).toBe('Read on the page');
	});
});
