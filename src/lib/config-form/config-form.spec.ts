import { describe, expect, it } from 'vitest';
import {
	changedSince,
	labelOf,
	nextFreeLetter,
	overrides,
	runChecks,
	type FieldTable
} from './config-form';

type Form = { kind: 'a' | 'b'; name: string; size: number };

const TABLE: FieldTable<Form, { taken: string[] }> = [
	{
		key: 'name',
		label: () => 'Name',
		check: (f, c) => (!f.name ? ['Missing.'] : c.taken.includes(f.name) ? ['Taken.'] : [])
	},
	{ key: 'size', label: () => 'Size', shown: (f) => f.kind === 'a', check: () => ['Too small.'] }
];

const words = {
	label: (f: string) => f.toUpperCase(),
	value: (_: string, v: unknown) => String(v)
};

describe('the configuration-form recipe', () => {
	it('runs each shown field’s checks, leaving out locked fields', () => {
		const ctx = { taken: ['x'] };
		expect(runChecks(TABLE, { kind: 'a', name: 'x', size: 1 }, ctx)).toEqual({
			name: ['Taken.'],
			size: ['Too small.']
		});
		expect(runChecks(TABLE, { kind: 'b', name: '', size: 1 }, ctx)).toEqual({
			name: ['Missing.']
		});
		expect(runChecks(TABLE, { kind: 'a', name: 'y', size: 1 }, ctx, new Set(['size']))).toEqual({});
	});

	it('says a field the table does not name as sent', () => {
		expect(labelOf(TABLE, 'name', (f) => `${f} (as sent)`)).toBe('Name');
		expect(labelOf(TABLE, 'colour', (f) => `${f} (as sent)`)).toBe('colour (as sent)');
	});

	it('finds the fields that differ, whatever the order of their keys', () => {
		expect(
			changedSince({ a: { x: 1, y: 2 }, b: 1 }, { a: { y: 2, x: 1 }, b: 2, c: 3 }, words)
		).toEqual([
			{ field: 'b', label: 'B', was: '1', now: '2' },
			{ field: 'c', label: 'C', was: 'undefined', now: '3' }
		]);
	});

	it('says what the agent stored other than sent, and why; nothing it only filled in', () => {
		const said = overrides(
			{ name: 'a', cap: 1 },
			{ id: 'd-1', name: 'a', cap: 2, extra: true },
			{
				...words,
				notSent: () => 'not sent',
				why: (f, sent) => (sent === undefined ? null : `why ${f}`)
			},
			['extra']
		);
		expect(said).toEqual([{ field: 'cap', label: 'CAP', sent: '1', stored: '2', why: 'why cap' }]);
	});

	it('takes the next free letter in the order given, from any spelling', () => {
		expect(nextFreeLetter(['h', 'G:', 'Z:\\'], 'CDEFGHZ')).toBe('G');
		expect(nextFreeLetter(['h', 'G:', 'Z:\\'], [...'CDEFGHZ'].reverse())).toBe('Z');
		expect(nextFreeLetter(['A', '?'], 'CDE')).toBeNull();
		expect(nextFreeLetter(null, 'CDE')).toBeNull();
	});
});
