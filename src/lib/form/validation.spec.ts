import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES } from '../contract.ts';
import { onlyProblems, textProblems } from './validation.ts';

describe('validation helpers', () => {
	it('reports an empty or too long text field in words', () => {
		expect(textProblems('  ', 'Enter a name.', 5)).toEqual(['Enter a name.']);
		expect(textProblems('abcdef', 'Enter a name.', 5)).toEqual(['Use at most 5 characters.']);
		expect(textProblems('abc', 'Enter a name.', 5)).toBeUndefined();
	});

	it('keeps only the fields with problems', () => {
		expect(onlyProblems({ a: undefined, b: ['x'], c: [] })).toEqual({ b: ['x'] });
	});

	it('ticks the password rules one by one', () => {
		expect(PASSWORD_RULES.filter((r) => r.test('Passw0rd')).length).toBe(4);
		expect(PASSWORD_RULES.filter((r) => r.test('password')).map((r) => r.label)).toEqual([
			'At least 8 characters',
			'A lower-case letter'
		]);
	});
});
