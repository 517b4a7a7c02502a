import { describe, expect, it } from 'vitest';
import { CLOUD_TYPE, TRANSFER_STATUS, USER_STATUS, allFlags, enumName } from './contract';

describe('the contract helpers', () => {
	it('names a value as the agent writes it, and nothing for a value it does not know', () => {
		expect(enumName(CLOUD_TYPE, 8192)).toBe('Atomosphere');
		expect(enumName(TRANSFER_STATUS, 32)).toBe('Canceling');
		expect(enumName(TRANSFER_STATUS, 3)).toBeUndefined();
	});

	it('sets every flag of a flag set at once', () => {
		expect(allFlags(USER_STATUS)).toBe(7);
		expect(allFlags(TRANSFER_STATUS)).toBe(255);
	});
});
