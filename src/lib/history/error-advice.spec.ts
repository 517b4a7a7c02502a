import { describe, expect, it } from 'vitest';
import { errorAdvice, errorKind, errorWithAdvice } from './error-advice.ts';

describe('error advice', () => {
	it('knows each kind of error by the agent’s words', () => {
		expect(errorKind('Access denied by the storage (403).')).toBe('credentials');
		expect(errorKind('The file is in use by another program.')).toBe('in-use');
		expect(errorKind('The checksum did not match after upload.')).toBe('checksum');
		expect(errorKind('There is not enough space on the disk.')).toBe('disk-full');
		expect(errorKind('Storage quota exceeded for the account.')).toBe('quota');
		expect(errorKind('The connection to the storage was reset.')).toBeNull();
		expect(errorKind(null)).toBeNull();
	});

	it('gives one sentence of advice with the agent’s text beside it, none for an unknown kind', () => {
		expect(errorAdvice('The file is in use by another program.')).toBe(
			'Another program has the file open: close it there, then retry.'
		);
		expect(errorWithAdvice('Access denied by the storage (403).')).toMatch(
			/^The storage refused the agent’s credentials: .* The agent said: “Access denied by the storage \(403\)\.”$/
		);
		expect(errorWithAdvice('Odd failure')).toBe('Odd failure');
		expect(errorWithAdvice('')).toBe('None');
	});
});
