import { describe, expect, it } from 'vitest';
import { formatRelative } from './format.ts';
import { parseAgentDate } from './format-table.ts';

describe('parseAgentDate', () => {
	it('reads ISO dates and refuses everything else', () => {
		expect(parseAgentDate('2025-01-02T03:04:05Z')?.toISOString()).toBe('2025-01-02T03:04:05.000Z');
		for (const bad of ['', '  ', 'yesterday', null, undefined, 42, {}]) {
			expect(parseAgentDate(bad)).toBeNull();
		}
	});
});

describe('formatRelative', () => {
	it('picks the unit by distance', () => {
		const now = new Date('2026-01-01T12:00:00Z');
		expect(formatRelative(new Date('2026-01-01T11:59:57Z'), now)).toMatch(/3 seconds ago/);
		expect(formatRelative(new Date('2026-01-01T12:42:00Z'), now)).toMatch(/in 42 minutes/);
	});
});
