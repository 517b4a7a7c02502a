import { describe, expect, it } from 'vitest';
import type { ListUser } from '$lib/api/schemas/users';
import { statusText, statusTone } from './user-fields.ts';

const user = (status: number) => ({ status }) as ListUser;

describe('user fields', () => {
	it('gives each status its tone, and several flags or an unknown one "unknown"', () => {
		expect([1, 2, 4, 3, 8].map((s) => statusTone(user(s)))).toEqual([
			'good',
			'neutral',
			'warn',
			'unknown',
			'unknown'
		]);
		expect(statusText(user(3))).toBe('Active, Inactive');
	});
});
