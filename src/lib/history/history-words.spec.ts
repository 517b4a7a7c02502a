import { describe, expect, it } from 'vitest';
import { directionText, originText, statusText, statusTone } from './history-words.ts';

describe('history words', () => {
	it('says a transfer status in words, every flag, unknown bits as a number', () => {
		expect(statusText(16)).toBe('Failed');
		expect(statusText(2 | 64)).toBe('Running, Pausing');
		expect(statusText(256)).toBe('Unknown (256)');
		expect(statusText(null)).toBe('Not given');
	});

	it('gives a status its tone: failed first, then completed, stopped, running', () => {
		expect([16 | 4, 4, 8, 128, 2, 1, 0, 256, null].map(statusTone)).toEqual([
			'bad',
			'good',
			'neutral',
			'neutral',
			'busy',
			'busy',
			'unknown',
			'unknown',
			'unknown'
		]);
	});

	it('says direction and origin', () => {
		expect(directionText(2)).toBe('Download');
		expect(directionText(undefined)).toBe('Not given');
		expect(originText(2 | 4)).toBe('Drive, Sync or backup');
	});
});
