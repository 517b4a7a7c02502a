import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../../simulator/index.ts';
import {
	agentStatusSchema,
	appNotificationDataSchema,
	checkUpdateSchema,
	errorBodySchema,
	listUserSchema,
	loginResultSchema,
	notificationFrameSchema,
	progressDataSchema,
	runtimeConfigSchema,
	stateChangeFrameSchema,
	userProfileSchema,
	usersPageSchema
} from './index.ts';

describe('schemas on the shapes of agent-api.md', () => {
	it('status: a bare integer, or an object', () => {
		expect(agentStatusSchema.safeParse(1).success).toBe(true);
		expect(agentStatusSchema.safeParse({ status: 'Started' }).success).toBe(true);
		expect(agentStatusSchema.safeParse('1').success).toBe(false);
		expect(agentStatusSchema.safeParse(1.5).success).toBe(false);
	});

	it('login result for each challenge', () => {
		expect(
			loginResultSchema.parse({ jwtToken: 'a.b.c', challenge: 0, session: null })
		).toMatchObject({ challenge: 0 });
		expect(loginResultSchema.parse({ jwtToken: '', challenge: 1, session: 's' }).session).toBe('s');
		expect(loginResultSchema.parse({ challenge: 2, session: 's' }).jwtToken).toBeUndefined();
		expect(loginResultSchema.safeParse({ jwtToken: 'x' }).success).toBe(false);
	});

	it('profile keeps working when agents add fields', () => {
		const profile = {
			accountName: 'Acme',
			accountId: 'a',
			userId: 'u',
			firstName: 'A',
			lastName: 'B',
			username: 'a@b.c',
			userType: 20,
			jwtToken: 't',
			owner: true,
			migration: false,
			subscriptionType: 2,
			mfa: false,
			authProvider: 0,
			newField: 1
		};
		expect(userProfileSchema.parse(profile)).not.toHaveProperty('newField');
		expect(userProfileSchema.safeParse({ ...profile, userType: 'admin' }).success).toBe(false);
	});

	it('users page keeps raw rows, and rows parse with lower-case names', () => {
		const row = {
			id: '1',
			firstname: 'a',
			lastname: 'b',
			username: 'u',
			email: null,
			userType: 8,
			status: 1,
			createDate: '2026-01-01',
			extra: true
		};
		const page = usersPageSchema.parse({
			data: [row],
			total: 1,
			options: { page: 1, pageSize: 50 }
		});
		expect(page.data[0]).toHaveProperty('extra', true);
		expect(listUserSchema.parse(row).firstname).toBe('a');
		expect(usersPageSchema.safeParse([row]).success).toBe(false);
	});

	it('error body, with messages as lists or a lone string', () => {
		expect(errorBodySchema.parse({ type: 'TOTP', status: 499, errors: { TOTP: ['x'] } }).type).toBe(
			'TOTP'
		);
		expect(errorBodySchema.parse({ errors: { TOTP: 'x' } }).errors).toEqual({ TOTP: 'x' });
	});

	it('frames: notifications, progress with names or numbers, state changes', () => {
		expect(notificationFrameSchema.parse({ Type: 99, Data: 'anything' }).Type).toBe(99);
		expect(
			progressDataSchema.safeParse({ TransferId: 't', TransferMode: 'Upload', Status: 0 }).success
		).toBe(true);
		expect(progressDataSchema.safeParse({ TransferMode: 'Upload' }).success).toBe(false);
		expect(
			appNotificationDataSchema.parse({ Operation: 'login', HttpMethod: 'POST' }).Operation
		).toBe('login');
		expect(stateChangeFrameSchema.parse({ Path: '/a', StorageName: 'S', State: 1024 }).State).toBe(
			1024
		);
		expect(stateChangeFrameSchema.safeParse({ Path: '/a', State: 'Uploading' }).success).toBe(
			false
		);
	});

	it('runtime config', () => {
		expect(runtimeConfigSchema.parse({ agentUrl: 'http://localhost:1', extra: 1 })).toEqual({
			agentUrl: 'http://localhost:1'
		});
		expect(runtimeConfigSchema.safeParse({ allowedAgentHosts: 'x' }).success).toBe(false);
	});
});

describe('schemas against the development agent', () => {
	let sim: Simulator;
	beforeAll(async () => {
		sim = await startSimulator({ port: 0, log: false, eventsPerSecond: 0, users: 30 });
	});
	afterAll(() => sim.close());

	const get = async (path: string, init?: RequestInit) =>
		(await fetch(sim.url + path, init)).json();
	const post = (path: string, body: unknown) =>
		get(path, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body)
		});

	it('parses every REST answer the simulator gives', async () => {
		expect(agentStatusSchema.parse(await get('/management/agent_status'))).toBe(0);
		expect(checkUpdateSchema.parse(await get('/management/check_update')).isUpdateRequired).toBe(
			false
		);
		const login = loginResultSchema.parse(
			await post('/authentication/login', {
				username: 'admin@example.com',
				password: 'Passw0rd!',
				type: 16
			})
		);
		const token = login.jwtToken ?? '';
		expect(userProfileSchema.parse(await get(`/authentication/user?token=${token}`)).username).toBe(
			'admin@example.com'
		);
		const page = usersPageSchema.parse(
			await get(`/user/get_all_users?token=${token}&pagesize=500`)
		);
		for (const row of page.data) expect(listUserSchema.safeParse(row).success).toBe(true);
		const error = errorBodySchema.parse(
			await post('/authentication/mfa_respond', { userCode: '1', session: 'x' })
		);
		expect(error.type).toBe('SESSION');
	});
});
