import { describe, expect, it } from 'vitest';
import type { ListUser } from '../api/schemas/users.ts';
import {
	canResetPassword,
	resetWords,
	rowWithStatus,
	statusChangeOf,
	statusLockedReason,
	statusOutcome,
	statusWords
} from './user-account.ts';

const user = (fields: Partial<ListUser> = {}): ListUser => ({
	id: 'u1',
	firstname: 'Sam',
	lastname: 'Standard',
	username: 'sam@example.com',
	email: 'sam@example.com',
	userType: 8 | 64,
	status: 1,
	createDate: null,
	...fields
});

describe('a user status change', () => {
	it('offers deactivate to an active user and reactivate to an inactive one, nothing to a pending one', () => {
		expect(statusChangeOf(user())).toBe('deactivate');
		expect(statusChangeOf(user({ status: 2 }))).toBe('reactivate');
		expect(statusChangeOf(user({ status: 4 }))).toBeNull();
		expect(statusChangeOf(user({ status: 3 }))).toBeNull();
	});

	it('says why yourself, the owner and a pending user cannot be changed', () => {
		expect(statusLockedReason(user(), 'me')).toBeNull();
		expect(statusLockedReason(user(), 'u1')).toMatch(/cannot deactivate yourself/);
		expect(statusLockedReason(user({ owner: true }), 'me')).toMatch(/owner cannot be deactivated/);
		expect(statusLockedReason(user({ status: 4 }), 'me')).toMatch(/pending/);
		// Reactivating is open even for the owner: only deactivating locks them out.
		expect(statusLockedReason(user({ status: 2, owner: true }), 'me')).toBeNull();
	});

	it('sends the whole row with the new status', () => {
		const raw = { id: 'u1', status: 1, department: 'IT' };
		expect(rowWithStatus(raw, 'deactivate')).toEqual({ id: 'u1', status: 2, department: 'IT' });
		expect(rowWithStatus({ ...raw, status: 2 }, 'reactivate').status).toBe(1);
	});

	it('names the action the sign-in advice names', () => {
		expect(statusWords(user({ status: 2 }), 'reactivate')).toMatchObject({
			label: 'Reactivate',
			danger: false
		});
		expect(statusWords(user(), 'deactivate')).toMatchObject({ label: 'Deactivate', danger: true });
	});

	it('says when the agent kept the old status', () => {
		expect(statusOutcome('deactivate', user({ status: 2 }))).toEqual({
			kept: false,
			text: 'Deactivated Sam Standard (sam@example.com). They can no longer sign in.'
		});
		expect(statusOutcome('reactivate', user({ status: 2 }))).toEqual({
			kept: true,
			text: 'The agent kept the status of Sam Standard (sam@example.com) as Inactive: it did not reactivate them.'
		});
	});
});

describe('a password reset e-mail', () => {
	it('is for password accounts only, and says it cannot confirm delivery', () => {
		expect(canResetPassword(user())).toBe(true);
		expect(canResetPassword(user({ authProvider: 1 }))).toBe(false);
		expect(resetWords(user()).consequences.join(' ')).toMatch(/cannot confirm delivery/);
		expect(resetWords(user({ email: null })).done).toContain('sam@example.com');
	});
});
