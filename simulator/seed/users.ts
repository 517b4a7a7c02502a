import {
	AUTH_PROVIDER,
	SUBSCRIPTION_TYPE,
	USER_STATUS,
	USER_TYPE
} from '../../src/lib/contract.ts';
import { makeUser, type DemoAccount, type SimAccount, type SimUser } from '../model/users.ts';
import { prng, seededUuid } from './random.ts';

/** Same password for every demo account, so a newcomer only has to remember one. */
export const DEMO_PASSWORD = 'Passw0rd!';
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const FIRST = [
	'Ada',
	'Grace',
	'Alan',
	'Linus',
	'Margaret',
	'Ken',
	'Barbara',
	'Dennis',
	'Frances',
	'Edsger',
	'Radia',
	'Donald',
	'Hedy',
	'Tim',
	'Karen',
	'Guido',
	'Anita',
	'Bjarne',
	'Joan',
	'Niklaus',
	'Sophie',
	'John',
	'Mary',
	'Yukihiro',
	'Shafi',
	'Leslie',
	'Fran',
	'Robin',
	'Juan',
	'Chen',
	'Amara',
	'Lars',
	'Priya',
	'Mateo',
	'Ingrid',
	'Kwame',
	'Noor',
	'Olga',
	'Rafael',
	'Zoe'
];
const LAST = [
	'Lovelace',
	'Hopper',
	'Turing',
	'Torvalds',
	'Hamilton',
	'Thompson',
	'Liskov',
	'Ritchie',
	'Allen',
	'Dijkstra',
	'Perlman',
	'Knuth',
	'Lamarr',
	'Berners-Lee',
	'Jones',
	'van Rossum',
	'Borg',
	'Stroustrup',
	'Clarke',
	'Wirth',
	'Wilson',
	'McCarthy',
	'Keller',
	'Matsumoto',
	'Goldwasser',
	'Lamport',
	'Bilas',
	'Milner',
	'Garcia',
	'Wei',
	'Okafor',
	'Nilsson',
	'Raman',
	'Rossi',
	'Berg',
	'Mensah',
	'Haddad',
	'Petrova',
	'Silva',
	'Novak'
];
const DEPARTMENTS = ['Design', 'Video', 'Photography', 'Finance', 'IT', 'Marketing', 'Sales'];
const DESKTOP_TYPES = [
	USER_TYPE.DesktopAdmin,
	USER_TYPE.DesktopCreativeUser,
	USER_TYPE.DesktopStandardUser
];

export type Seeded = { account: SimAccount; users: SimUser[]; demo: DemoAccount[] };

export function seedData(count: number, seed: number): Seeded {
	const rand = prng(seed);
	const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
	const account: SimAccount = {
		id: seededUuid(rand),
		name: 'Acme Design Studio',
		subscriptionType: SUBSCRIPTION_TYPE.Yearly
	};
	const base = Date.UTC(2026, 10, 1);
	// The id is drawn first, before what `fields` draws, so the seed gives the same users.
	const seededUser = (
		id: string,
		username: string,
		firstName: string,
		lastName: string,
		fields: Pick<SimUser, 'createDate'> & Partial<SimUser>
	): SimUser => makeUser({ id, firstName, lastName, username, password: DEMO_PASSWORD, ...fields });
	const demoUser = (
		username: string,
		firstName: string,
		lastName: string,
		userType: number,
		extra: Partial<SimUser> = {}
	): SimUser =>
		seededUser(seededUuid(rand), username, firstName, lastName, {
			userType,
			createDate: new Date(base - 400 * 86400_000).toISOString(),
			department: 'IT',
			...extra
		});
	const { AccountAdmin, AccountUser, DesktopAdmin, DesktopCreativeUser, DesktopStandardUser } =
		USER_TYPE;
	const demoUsers = [
		demoUser('admin@example.com', 'Alex', 'Admin', AccountAdmin | DesktopAdmin, { owner: true }),
		demoUser('creative@example.com', 'Casey', 'Creative', AccountUser | DesktopCreativeUser),
		demoUser('standard@example.com', 'Sam', 'Standard', AccountUser | DesktopStandardUser),
		demoUser('mfa@example.com', 'Morgan', 'Mfa', AccountAdmin | DesktopAdmin, {
			totpSecret: DEMO_TOTP_SECRET
		}),
		demoUser('sms@example.com', 'Sasha', 'Sms', AccountUser | DesktopAdmin, { sms: true }),
		demoUser('pending@example.com', 'Pat', 'Pending', AccountUser | DesktopStandardUser, {
			status: USER_STATUS.Pending
		}),
		demoUser('inactive@example.com', 'Ira', 'Inactive', AccountUser | DesktopStandardUser, {
			status: USER_STATUS.Inactive
		}),
		demoUser('google.user@example.com', 'Gale', 'Google', AccountUser | DesktopCreativeUser, {
			authProvider: AUTH_PROVIDER.Google,
			migration: true
		})
	];
	const demo: DemoAccount[] = [
		{
			username: 'admin@example.com',
			password: DEMO_PASSWORD,
			type: DesktopAdmin,
			note: 'account owner'
		},
		{
			username: 'creative@example.com',
			password: DEMO_PASSWORD,
			type: DesktopCreativeUser,
			note: ''
		},
		{
			username: 'standard@example.com',
			password: DEMO_PASSWORD,
			type: DesktopStandardUser,
			note: ''
		},
		{
			username: 'mfa@example.com',
			password: DEMO_PASSWORD,
			type: DesktopAdmin,
			note: 'TOTP challenge',
			totpSecret: DEMO_TOTP_SECRET
		},
		{
			username: 'sms@example.com',
			password: DEMO_PASSWORD,
			type: DesktopAdmin,
			note: 'SMS challenge (code in the outbox)'
		},
		{
			username: 'pending@example.com',
			password: DEMO_PASSWORD,
			type: DesktopStandardUser,
			note: 'signed up, not confirmed (code in the outbox)'
		},
		{
			username: 'inactive@example.com',
			password: DEMO_PASSWORD,
			type: DesktopStandardUser,
			note: 'deactivated'
		},
		{
			username: 'google.user@example.com',
			password: DEMO_PASSWORD,
			type: DesktopCreativeUser,
			note: 'signs in with the development identity provider'
		}
	];

	const users: SimUser[] = [...demoUsers];
	const taken = new Set(users.map((u) => u.username));
	for (let i = 0; i < count; i++) {
		const firstName = pick(FIRST);
		const lastName = pick(LAST);
		let username =
			`${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + '@example.com';
		for (let n = 2; taken.has(username); n++) {
			username =
				`${firstName}.${lastName}${n}`.toLowerCase().replace(/[^a-z0-9.]/g, '') + '@example.com';
		}
		taken.add(username);
		const roll = rand();
		users.push(
			seededUser(seededUuid(rand), username, firstName, lastName, {
				userType: (rand() < 0.1 ? AccountAdmin : AccountUser) | pick(DESKTOP_TYPES),
				status:
					roll < 0.8
						? USER_STATUS.Active
						: roll < 0.92
							? USER_STATUS.Inactive
							: USER_STATUS.Pending,
				migration: rand() < 0.15,
				authProvider: rand() < 0.2 ? AUTH_PROVIDER.Google : AUTH_PROVIDER.Default,
				createDate: new Date(base - Math.floor(rand() * 900 * 86400_000)).toISOString(),
				department: pick(DEPARTMENTS)
			})
		);
		const last = users[users.length - 1];
		if (last && rand() < 0.3) last.totpSecret = DEMO_TOTP_SECRET;
	}
	return { account, users, demo };
}
