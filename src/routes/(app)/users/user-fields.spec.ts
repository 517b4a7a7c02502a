import { describe, expect, it } from 'vitest';
import { listUserSchema } from '$lib/api/schemas/user';
import { rawText } from '$lib/record/record-fields';
import { fullName, userFields } from './user-fields.ts';

const raw = {
	id: 'u1',
	firstname: 'Ann',
	lastname: null,
	username: 'ann',
	email: 'ann@example.test',
	userType: 16 | 4,
	status: 4,
	owner: true,
	mfa: false,
	createDate: 'not a date',
	department: 'Sales',
	tags: ['a', '<b>']
};

describe('userFields', () => {
	it('names the known fields in words and keeps the unknown ones', () => {
		const user = listUserSchema.parse(raw);
		const fields = userFields(raw, user);
		const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));
		expect(byKey.userType?.text).toBe('Account admin, Desktop admin');
		expect(byKey.status?.text).toBe('Pending');
		expect(byKey.owner?.text).toBe('Yes');
		expect(byKey.lastname?.text).toBe('—');
		expect(byKey.createDate?.text).toBe('not a date');
		expect(byKey.department).toEqual({
			key: 'department',
			label: 'department',
			text: 'Sales',
			known: false
		});
		expect(byKey.tags?.text).toBe('["a","<b>"]');
		// Fields the agent did not send are not invented.
		expect(byKey.signupDate).toBeUndefined();
		expect(fullName(user)).toBe('Ann');
	});

	it('shows a row it cannot read as the agent sent it', () => {
		const fields = userFields({ id: 7, username: null }, null);
		expect(fields.map((f) => [f.key, f.text, f.known])).toEqual([
			['id', '7', false],
			['username', 'empty', false]
		]);
	});
});

describe('rawText', () => {
	it('turns any value into one line', () => {
		expect(rawText('')).toBe('""');
		expect(rawText(false)).toBe('false');
		expect(rawText({ a: 1 })).toBe('{"a":1}');
	});
});
