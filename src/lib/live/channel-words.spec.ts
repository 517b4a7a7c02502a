import { describe, expect, it } from 'vitest';
import { freshness, statusWords } from './channel-words.ts';

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
		expect(statusWords({ kind: 'live', since: 0 }, 0)).toEqual({ text: 'Live', tone: 'ok' });
	});
});

describe('freshness', () => {
	it('goes amber, then red, as the last event gets old', () => {
		expect(freshness(null, 0).text).toBe('No events yet');
		expect(freshness(6_000, 10_000)).toEqual({ text: 'Last event 4 s ago', tone: 'ok' });
		expect(freshness(0, 45_000).tone).toBe('warn');
		expect(freshness(0, 600_000)).toEqual({ text: 'Last event 10 min ago', tone: 'bad' });
	});
});
