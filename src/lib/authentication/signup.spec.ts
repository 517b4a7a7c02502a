import { describe, expect, it } from 'vitest';
import { maskEmail, normaliseActivationCode } from './signup.svelte.ts';

describe('sign-up helpers', () => {
	it('masks an e-mail address to its first letter and domain', () => {
		expect(maskEmail('pat@example.com')).toBe('p•••@example.com');
		expect(maskEmail('not-an-address')).toBe('not-an-address');
	});

	it('normalises what is typed or pasted into a 4-character upper-case code', () => {
		expect(normaliseActivationCode(' ab-c9 ')).toBe('ABC9');
		expect(normaliseActivationCode('abcdef')).toBe('ABCD');
	});
});
