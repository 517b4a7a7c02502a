import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration } from './units.ts';

describe('units', () => {
	it('formats sizes and durations', () => {
		expect(formatBytes(999)).toBe('999 B');
		expect(formatBytes(1023)).toBe('1023 B');
		expect(formatBytes(14_000)).toBe('13.7 KB');
		expect(formatBytes(1_572_864)).toBe('1.5 MB');
		expect(formatBytes(262_144_000)).toBe('250 MB');
		expect(formatDuration(42.4)).toBe('42 s');
		expect(formatDuration(125)).toBe('2 min 5 s');
		expect(formatDuration(7_300)).toBe('2 h 1 min');
	});
});
