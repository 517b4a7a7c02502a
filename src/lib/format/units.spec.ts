import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration } from './units.ts';

describe('units', () => {
	it('formats sizes and durations', () => {
		expect(formatBytes(999)).toBe('999 B');
		expect(formatBytes(1_500_000)).toBe('1.5 MB');
		expect(formatBytes(250_000_000)).toBe('250 MB');
		expect(formatDuration(42.4)).toBe('42 s');
		expect(formatDuration(125)).toBe('2 min 5 s');
		expect(formatDuration(7_300)).toBe('2 h 1 min');
	});
});
