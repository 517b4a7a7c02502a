import { describe, expect, it } from 'vitest';
import {
	CLOUD_TYPE,
	DRIVE_CONFIG,
	TRANSFER_STATUS,
	USER_STATUS,
	allFlags,
	enumName
} from './contract';

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

	it('takes a prefix of plain segments, and no leading slash, empty segment or climb', () => {
		const ok = (prefix: string) => DRIVE_CONFIG.prefixShape.test(prefix);
		for (const good of ['', 'photos', 'photos/2024', 'photos/2024/', '.config/app', 'a/..b'])
			expect(ok(good), good).toBe(true);
		for (const bad of ['/photos', 'a//b', '../a', 'a/../b', 'a/.', 'a b', 'a\\b'])
			expect(ok(bad), bad).toBe(false);
	});

	it('takes bucket names as the clouds do', () => {
		const ok = (name: string) => DRIVE_CONFIG.bucketShape.test(name);
		expect(['team-files', 'a.b-c', 'abc'].every(ok)).toBe(true);
		expect(['ab', 'Team', '-ab', 'ab-', 'a_b'].some(ok)).toBe(false);
	});
});
