import { randomUUID } from 'node:crypto';

import { AUTH_PROVIDER, USER_STATUS, USER_TYPE } from '../../src/lib/contract.ts';

/** The account and its users as the development agent keeps them (the profile and rows are views). */

export type SimUser = {
	id: string;
	firstName: string;
	lastName: string;
	username: string;
	email: string;
	password: string;
	userType: number;
	status: number;
	owner: boolean;
	/** TOTP secret (base32) when the user has TOTP MFA. */
	totpSecret: string | null;
	sms: boolean;
	migration: boolean;
	authProvider: number;
	createDate: string;
	department: string;
	deleted: boolean;
};

export type SimAccount = { id: string; name: string; subscriptionType: number };

export type DemoAccount = {
	username: string;
	password: string;
	type: number;
	note: string;
	totpSecret?: string;
};

/**
 * One user of the account, with the defaults of a new active user for what is not given: the one
 * place that knows every field (sign-up, identity-provider sign-up and the seed all use it).
 */
export function makeUser(
	fields: Pick<SimUser, 'username' | 'firstName' | 'lastName' | 'createDate'> & Partial<SimUser>
): SimUser {
	return {
		id: randomUUID(),
		email: fields.username,
		password: '',
		userType: USER_TYPE.AccountUser | USER_TYPE.DesktopStandardUser,
		status: USER_STATUS.Active,
		owner: false,
		totpSecret: null,
		sms: false,
		migration: false,
		authProvider: AUTH_PROVIDER.Default,
		department: '',
		deleted: false,
		...fields
	};
}
