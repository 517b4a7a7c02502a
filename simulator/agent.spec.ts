import { describe, expect, it, vi } from 'vitest';
import { currentTotp } from './control.ts';
import { DEMO_TOTP_SECRET } from './seed/users.ts';
import type { Simulator } from './server.ts';
import { client, type Client, shareSimulator, withSimulator } from './test/helpers.ts';

let sim: Simulator;
let api: Client;

shareSimulator((started) => ({ sim, api } = started), { resendCooldown: 1 });

const errorBody = (code: string) =>
	expect.objectContaining({ type: code, status: 499, errors: expect.objectContaining({}) });

describe('login', () => {
	it('signs in a demo account with challenge 0 and a JWT carrying exp', async () => {
		const r = await api.call('POST', '/authentication/login', {
			body: { username: 'admin@example.com', password: 'Passw0rd!', type: 16 }
		});
		expect(r.status).toBe(200);
		const body = r.json as { jwtToken: string; challenge: number; session: null };
		expect(body.challenge).toBe(0);
		expect(body.session).toBeNull();
		const payload = JSON.parse(
			Buffer.from(body.jwtToken.split('.')[1] ?? '', 'base64url').toString()
		);
		expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
	});

	it('treats routes as case-insensitive', async () => {
		const r = await api.call('POST', '/Authentication/Login', {
			body: { username: 'admin@example.com', password: 'Passw0rd!', type: 16 }
		});
		expect(r.status).toBe(200);
	});

	it('answers 401 without a body for a wrong password or a user type the account lacks', async () => {
		for (const body of [
			{ username: 'admin@example.com', password: 'wrong', type: 16 },
			{ username: 'admin@example.com', password: 'Passw0rd!', type: 64 },
			{ username: 'nobody@example.com', password: 'Passw0rd!', type: 16 }
		]) {
			const r = await api.call('POST', '/authentication/login', { body });
			expect(r.status).toBe(401);
			expect(r.text).toBe('');
		}
	});

	it('names the fields of an invalid login body', async () => {
		const r = await api.call('POST', '/authentication/login', { body: { username: 5, type: 3 } });
		expect(r.status).toBe(499);
		expect(r.json).toEqual({
			type: 'VALIDATION',
			status: 499,
			errors: {
				username: ['Username must be text.'],
				password: ['Password is required.'],
				type: ['User type must be one of 16, 32, 64.']
			}
		});
	});

	it('refuses pending and inactive accounts with their codes', async () => {
		const pending = await api.call('POST', '/authentication/login', {
			body: { username: 'pending@example.com', password: 'Passw0rd!', type: 64 }
		});
		expect(pending.status).toBe(499);
		expect(pending.json).toEqual(errorBody('PENDING'));
		const inactive = await api.call('POST', '/authentication/login', {
			body: { username: 'inactive@example.com', password: 'Passw0rd!', type: 64 }
		});
		expect(inactive.json).toEqual(errorBody('INACTIVE_USER'));
	});

	it('moves the agent status from Created to Started on sign-in and back on sign-out', async () => {
		expect((await api.call('GET', '/management/agent_status')).text).toBe('0');
		const token = await api.login();
		expect((await api.call('GET', '/management/agent_status')).text).toBe('1');
		const out = await api.call('POST', '/authentication/logout', { body: { jwtToken: token } });
		expect(out.status).toBe(200);
		expect(out.text).toBe('');
		expect((await api.call('GET', '/management/agent_status')).text).toBe('0');
	});
});

describe('tokens', () => {
	it('rejects missing, malformed and revoked tokens with 401', async () => {
		expect((await api.call('GET', '/authentication/user')).status).toBe(401);
		expect((await api.call('GET', '/authentication/user?token=abc')).status).toBe(401);
		const token = await api.login();
		expect((await api.call('GET', `/authentication/user?token=${token}`)).status).toBe(200);
		await api.call('POST', '/authentication/logout', { body: { jwtToken: token } });
		expect((await api.call('GET', `/authentication/user?token=${token}`)).status).toBe(401);
	});

	it('revokes every token through the control surface and on Dispose', async () => {
		const a = await api.login();
		await api.call('POST', '/__sim/revoke');
		expect((await api.call('GET', `/authentication/user?token=${a}`)).status).toBe(401);
		const b = await api.login();
		expect((await api.call('GET', `/authentication/user?token=${b}`)).status).toBe(200);
		await api.call('POST', '/management/command/1');
		expect((await api.call('GET', '/management/agent_status')).text).toBe('8');
		expect((await api.call('GET', `/authentication/user?token=${b}`)).status).toBe(401);
	});

	it('expires tokens after --token-ttl', async () => {
		// The clock runs on from real time as well as when advanced: a minute, so a slow machine's
		// second between the sign-in and the first read does not end the token early.
		await withSimulator({ tokenTtl: 60 }, async (short) => {
			const c = client(short);
			const token = await c.login();
			expect((await c.call('GET', `/authentication/user?token=${token}`)).status).toBe(200);
			short.clock.advance(61_000);
			expect((await c.call('GET', `/authentication/user?token=${token}`)).status).toBe(401);
		});
	});
});

describe('MFA', () => {
	const start = async () => {
		const r = await api.call('POST', '/authentication/login', {
			body: { username: 'mfa@example.com', password: 'Passw0rd!', type: 16 }
		});
		return r.json as { jwtToken: string; challenge: number; session: string };
	};

	it('issues challenge 1 with a session and accepts the current TOTP code', async () => {
		const first = await start();
		expect(first).toMatchObject({ jwtToken: '', challenge: 1 });
		expect(first.session.length).toBeGreaterThan(20);
		const r = await api.call('POST', '/authentication/mfa_respond', {
			body: { userCode: currentTotp(DEMO_TOTP_SECRET), session: first.session }
		});
		expect(r.status).toBe(200);
		expect(r.json).toMatchObject({ challenge: 0, jwtToken: expect.stringMatching(/^ey/) });
		// A session is good for one sign-in only.
		const again = await api.call('POST', '/authentication/mfa_respond', {
			body: { userCode: currentTotp(DEMO_TOTP_SECRET), session: first.session }
		});
		expect(again.json).toEqual(errorBody('SESSION'));
	});

	it('answers a wrong code with TOTP, and too many with SESSION_MAXOUT', async () => {
		const { session } = await start();
		for (let i = 0; i < 4; i++) {
			const r = await api.call('POST', '/authentication/mfa_respond', {
				body: { userCode: '000000', session }
			});
			expect(r.status).toBe(499);
			expect(r.json).toEqual(errorBody('TOTP'));
		}
		const fifth = await api.call('POST', '/authentication/mfa_respond', {
			body: { userCode: '000000', session }
		});
		expect(fifth.json).toEqual(errorBody('SESSION_MAXOUT'));
	});

	it('answers an unknown or expired session with SESSION', async () => {
		const unknown = await api.call('POST', '/authentication/mfa_respond', {
			body: { userCode: '123456', session: 'nope' }
		});
		expect(unknown.json).toEqual(errorBody('SESSION'));
		await withSimulator({ mfaTtl: 1 }, async (quick) => {
			const c = client(quick);
			const r = await c.call('POST', '/authentication/login', {
				body: { username: 'mfa@example.com', password: 'Passw0rd!', type: 16 }
			});
			quick.clock.advance(1100);
			const late = await c.call('POST', '/authentication/mfa_respond', {
				body: {
					userCode: currentTotp(DEMO_TOTP_SECRET),
					session: (r.json as { session: string }).session
				}
			});
			expect(late.json).toEqual(errorBody('SESSION'));
		});
	});

	it('issues challenge 2 for the SMS account and writes the code to the outbox', async () => {
		const r = await api.call('POST', '/authentication/login', {
			body: { username: 'sms@example.com', password: 'Passw0rd!', type: 16 }
		});
		expect(r.json).toMatchObject({ challenge: 2, jwtToken: '' });
		const outbox = (await api.call('GET', '/__sim/outbox?to=sms@example.com')).json as {
			messages: { kind: string; code: string }[];
		};
		expect(outbox.messages.at(-1)).toMatchObject({
			kind: 'sms',
			code: expect.stringMatching(/^\d{6}$/)
		});
	});
});

describe('sign-up', () => {
	const outboxCode = async (email: string) => {
		const r = (await api.call('GET', `/__sim/outbox?to=${email}`)).json as {
			messages: { code: string }[];
		};
		return r.messages.at(-1)?.code ?? '';
	};

	it('validates name, e-mail and password, naming each field', async () => {
		const r = await api.call('POST', '/authentication/signup', {
			body: { name: 'x'.repeat(51), email: 'not-an-email', password: 'short' }
		});
		expect(r.status).toBe(499);
		const errors = (r.json as { errors: Record<string, string[]> }).errors;
		expect(errors.name).toEqual(['Name must be at most 50 characters.']);
		expect(errors.email).toEqual(['Enter a valid e-mail address.']);
		expect(errors.password?.[0]).toMatch(/at least 8 characters.*upper-case.*digit/);
	});

	it('refuses a duplicate with DUPLICATE', async () => {
		const r = await api.call('POST', '/authentication/signup', {
			body: { name: 'Alex', email: 'admin@example.com', password: 'Str0ngpass' }
		});
		expect(r.json).toEqual(errorBody('DUPLICATE'));
	});

	it('signs up, confirms with the e-mailed code (false for a wrong one), then signs in', async () => {
		const email = 'new.person@example.com';
		const up = await api.call('POST', '/authentication/signup', {
			body: { name: 'New Person', email, password: 'Str0ngpass' }
		});
		expect(up.status).toBe(200);
		const code = await outboxCode(email);
		expect(code).toMatch(/^[A-Z2-9]{4}$/);
		const wrong = await api.call('POST', '/authentication/confirm_signup', {
			body: { email, token: 'ZZZZ' }
		});
		expect(wrong.json).toBe(false);
		// Codes are case-sensitive; one in 256 codes is all digits and has no other case.
		if (code !== code.toLowerCase()) {
			const lower = await api.call('POST', '/authentication/confirm_signup', {
				body: { email, token: code.toLowerCase() }
			});
			expect(lower.json).toBe(false);
		}
		const right = await api.call('POST', '/authentication/confirm_signup', {
			body: { email, token: code }
		});
		expect(right.json).toBe(true);
		expect(await api.login(email, 16, 'Str0ngpass')).toMatch(/^ey/);
	});

	it('refuses a code longer than 4 characters', async () => {
		const r = await api.call('POST', '/authentication/confirm_signup', {
			body: { email: 'pending@example.com', token: 'ABCDE' }
		});
		expect((r.json as { errors: Record<string, string[]> }).errors.token).toEqual([
			'Code must be at most 4 characters.'
		]);
	});

	it('replaces the code on resend, with a cooldown in between', async () => {
		const email = 'cool.down@example.com';
		await api.call('POST', '/authentication/signup', {
			body: { name: 'Cool Down', email, password: 'Str0ngpass' }
		});
		const first = await outboxCode(email);
		const early = await api.call('POST', '/authentication/resend_confirmation_email', {
			body: { email }
		});
		expect(early.json).toEqual(errorBody('SECURITY'));
		expect(JSON.stringify(early.json)).toMatch(/Wait 1 seconds/);
		sim.clock.advance(1050);
		const resent = await api.call('POST', '/authentication/resend_confirmation_email', {
			body: { email }
		});
		expect(resent.status).toBe(200);
		const second = await outboxCode(email);
		expect(second).not.toBe(first);
		const old = await api.call('POST', '/authentication/confirm_signup', {
			body: { email, token: first }
		});
		expect(old.json).toBe(false);
		const ok = await api.call('POST', '/authentication/confirm_signup', {
			body: { email, token: second }
		});
		expect(ok.json).toBe(true);
	});

	it('answers an expired code with TOKEN', async () => {
		await withSimulator({ codeTtl: 1 }, async (quick) => {
			const c = client(quick);
			const email = 'slow@example.com';
			await c.call('POST', '/authentication/signup', {
				body: { name: 'Slow', email, password: 'Str0ngpass' }
			});
			const { messages } = (await c.call('GET', `/__sim/outbox?to=${email}`)).json as {
				messages: { code: string }[];
			};
			quick.clock.advance(1100);
			const r = await c.call('POST', '/authentication/confirm_signup', {
				body: { email, token: messages[0]?.code }
			});
			expect(r.json).toEqual(errorBody('TOKEN'));
		});
	});

	it('answers forgot-password identically for known and unknown users', async () => {
		const known = await api.call('POST', '/authentication/forgot_password', {
			body: { username: 'admin@example.com' }
		});
		const unknown = await api.call('POST', '/authentication/forgot_password', {
			body: { username: 'ghost@example.com' }
		});
		expect([known.status, known.text]).toEqual([unknown.status, unknown.text]);
		expect(known.status).toBe(200);
		const outbox = (await api.call('GET', '/__sim/outbox')).json as {
			messages: { to: string; kind: string }[];
		};
		expect(outbox.messages.filter((m) => m.kind === 'password-reset').map((m) => m.to)).toEqual([
			'admin@example.com'
		]);
	});
});

describe('identity provider', () => {
	const idToken = async (email: string, extra: Record<string, unknown> = {}) =>
		(
			(
				await api.call('POST', '/__sim/id-token', {
					body: { email, name: 'Ida Provider', ...extra }
				})
			).json as {
				idToken: string;
			}
		).idToken;

	it('signs up and then signs in with an ID token it signed, answering a JSON string', async () => {
		const token = await idToken('ida@example.com');
		const up = await api.call('POST', '/authentication/google_signup', {
			body: { idToken: token }
		});
		expect(up.status).toBe(200);
		expect(typeof up.json).toBe('string');
		const again = await api.call('POST', '/authentication/google_signup', {
			body: { idToken: token }
		});
		expect(again.json).toEqual(errorBody('DUPLICATE'));
		const login = await api.call('POST', '/authentication/google_login', {
			body: { idToken: token }
		});
		const jwt = login.json as string;
		const profile = await api.call('GET', `/authentication/user?token=${jwt}`);
		expect(profile.json).toMatchObject({
			username: 'ida@example.com',
			firstName: 'Ida',
			authProvider: 1
		});
	});

	it('refuses tokens for another client, forged ones, and unknown identities', async () => {
		const other = await idToken('google.user@example.com', { audience: 'someone-else' });
		expect(
			(await api.call('POST', '/authentication/google_login', { body: { idToken: other } })).json
		).toEqual(errorBody('TOKEN'));
		const good = await idToken('google.user@example.com');
		const [h, p] = good.split('.');
		const forged = `${h}.${p}.${'A'.repeat(40)}`;
		expect(
			(await api.call('POST', '/authentication/google_login', { body: { idToken: forged } })).json
		).toEqual(errorBody('TOKEN'));
		expect(
			(await api.call('POST', '/authentication/google_login', { body: { idToken: good } })).status
		).toBe(200);
		const stranger = await idToken('stranger@example.com');
		expect(
			(await api.call('POST', '/authentication/google_login', { body: { idToken: stranger } })).json
		).toEqual(errorBody('NOT_FOUND'));
	});

	it('runs the implicit flow: form, decision, fragment redirect with id_token and state', async () => {
		const params = new URLSearchParams({
			response_type: 'id_token',
			client_id: 'agent-console-dev',
			redirect_uri: 'http://localhost:4173/login/provider',
			nonce: 'n-123',
			state: 's-456',
			scope: 'openid email profile'
		});
		const page = await api.call('GET', `/__sim/oidc/authorize?${params}`);
		expect(page.status).toBe(200);
		expect(page.text).toContain('name="nonce" value="n-123"');
		const res = await fetch(`${sim.url}/__sim/oidc/authorize`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({
				...Object.fromEntries(params),
				email: 'google.user@example.com',
				name: 'Gale Google',
				decision: 'allow'
			})
		});
		expect(res.status).toBe(303);
		const location = new URL(res.headers.get('location') ?? '');
		expect(location.origin + location.pathname).toBe('http://localhost:4173/login/provider');
		const fragment = new URLSearchParams(location.hash.slice(1));
		expect(fragment.get('state')).toBe('s-456');
		const payload = JSON.parse(
			Buffer.from((fragment.get('id_token') ?? '').split('.')[1] ?? '', 'base64url').toString()
		);
		expect(payload).toMatchObject({
			nonce: 'n-123',
			aud: 'agent-console-dev',
			email: 'google.user@example.com'
		});
		const login = await api.call('POST', '/authentication/google_login', {
			body: { idToken: fragment.get('id_token') }
		});
		expect(login.status).toBe(200);
	});

	it('refuses an unknown client or a foreign redirect on its own page', async () => {
		const foreign = await api.call(
			'GET',
			'/__sim/oidc/authorize?client_id=agent-console-dev&redirect_uri=https://evil.example/cb&nonce=x'
		);
		expect(foreign.status).toBe(400);
		const client2 = await api.call(
			'GET',
			'/__sim/oidc/authorize?client_id=nope&redirect_uri=http://localhost:4173/cb&nonce=x'
		);
		expect(client2.status).toBe(400);
		expect(client2.text).toContain('Unknown client_id');
	});
});

describe('profile', () => {
	it('returns every profile field with the caller token echoed', async () => {
		const token = await api.login();
		const r = await api.call('GET', `/authentication/user?token=${token}`);
		expect(r.json).toEqual({
			accountName: 'Acme Design Studio',
			accountId: expect.stringMatching(/^[0-9a-f-]{36}$/),
			userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
			firstName: 'Alex',
			lastName: 'Admin',
			username: 'admin@example.com',
			userType: 20,
			jwtToken: token,
			owner: true,
			migration: false,
			subscriptionType: 2,
			mfa: false,
			authProvider: 0
		});
	});

	it('updates names with validation and returns the stored profile', async () => {
		const token = await api.login();
		const bad = await api.call('PUT', `/authentication/update_user?token=${token}`, {
			body: { accountName: 'Acme', firstName: '', lastName: 'y'.repeat(51) }
		});
		expect(bad.json).toEqual({
			type: 'VALIDATION',
			status: 499,
			errors: {
				firstName: ['First name is required.'],
				lastName: ['Last name must be at most 50 characters.']
			}
		});
		const good = await api.call('PUT', `/authentication/update_user?token=${token}`, {
			body: { accountName: ' Acme Films ', firstName: ' Alexa ', lastName: 'Admin' }
		});
		expect(good.json).toMatchObject({ accountName: 'Acme Films', firstName: 'Alexa' });
	});

	it('lets only an administrator rename the account', async () => {
		const token = await api.login('standard@example.com', 64);
		const r = await api.call('PUT', `/authentication/update_user?token=${token}`, {
			body: { accountName: 'Mine now', firstName: 'Sam', lastName: 'Standard' }
		});
		expect(r.json).toEqual(errorBody('ACCESS'));
	});

	it('changes the password only with the right current one', async () => {
		const token = await api.login();
		const wrong = await api.call('POST', `/authentication/reset_password?token=${token}`, {
			body: { password: 'N3wpassword', currentPassword: 'nope' }
		});
		expect(wrong.json).toEqual(errorBody('AUTH'));
		const weak = await api.call('POST', `/authentication/reset_password?token=${token}`, {
			body: { password: 'weak', currentPassword: 'Passw0rd!' }
		});
		expect((weak.json as { errors: Record<string, unknown> }).errors.password).toBeDefined();
		const ok = await api.call('POST', `/authentication/reset_password?token=${token}`, {
			body: { password: 'N3wpassword', currentPassword: 'Passw0rd!' }
		});
		expect(ok.status).toBe(200);
		expect(await api.login('admin@example.com', 16, 'N3wpassword')).toMatch(/^ey/);
	});
});

describe('users list', () => {
	type Page = {
		data: Record<string, unknown>[];
		total: number;
		options: { page: number; pageSize: number };
	};
	const list = async (query: string) => {
		const token = await api.login();
		return api.call('GET', `/user/get_all_users?token=${token}&${query}`);
	};

	it('returns {data, total, options} with lowercase names and extra fields', async () => {
		const r = await list('page=1&pagesize=10');
		const page = r.json as Page;
		expect(page.total).toBe(128);
		expect(page.options).toEqual({ page: 1, pageSize: 10 });
		expect(page.data).toHaveLength(10);
		expect(Object.keys(page.data[0] ?? {})).toEqual(
			expect.arrayContaining([
				'id',
				'firstname',
				'lastname',
				'username',
				'email',
				'userType',
				'status',
				'owner',
				'mfa',
				'createDate',
				'department'
			])
		);
		const dates = page.data.map((u) => String(u.createDate));
		expect([...dates].sort().reverse()).toEqual(dates);
	});

	it('pages without overlap and answers an empty page past the end', async () => {
		const a = (await list('page=1&pagesize=50')).json as Page;
		const c = (await list('page=3&pagesize=50')).json as Page;
		expect(c.data).toHaveLength(28);
		expect(new Set([...a.data, ...c.data].map((u) => u.id)).size).toBe(78);
		const past = (await list('page=99&pagesize=50')).json as Page;
		expect(past).toEqual({ data: [], total: 128, options: { page: 99, pageSize: 50 } });
	});

	it('clamps the page size to 500 and refuses page 0 or junk', async () => {
		const big = (await list('page=1&pagesize=5000')).json as Page;
		expect(big.options.pageSize).toBe(500);
		const zero = await list('page=0');
		expect(zero.status).toBe(499);
		expect(zero.json).toMatchObject({ type: 'VALIDATION', errors: { page: [expect.any(String)] } });
		expect((await list('pagesize=abc')).status).toBe(499);
		expect((await list('descending=maybe')).status).toBe(499);
		expect((await list('sortfield=Password')).status).toBe(499);
	});

	it('sorts, filters by status and type, and searches usernames across all pages', async () => {
		const sorted = (await list('sortfield=username&descending=false&pagesize=500')).json as Page;
		const names = sorted.data.map((u) => String(u.username));
		expect(names).toEqual([...names].sort());
		const pending = (await list('userStatus=4&pagesize=500')).json as Page;
		expect(pending.total).toBeGreaterThan(0);
		expect(pending.data.every((u) => u.status === 4)).toBe(true);
		const creative = (await list('userType=32&pagesize=500')).json as Page;
		expect(creative.data.every((u) => ((u.userType as number) & 32) !== 0)).toBe(true);
		const search = (await list('username=EXAMPLE.COM&pagesize=5')).json as Page;
		expect(search.total).toBe(128);
		const one = (await list('username=google.user')).json as Page;
		expect(one.data.map((u) => u.username)).toEqual(['google.user@example.com']);
	});

	it('needs a token', async () => {
		expect((await api.call('GET', '/user/get_all_users?page=1')).status).toBe(401);
	});
});

describe('management', () => {
	it('answers the status as a bare integer and follows commands', async () => {
		const status = async () => (await api.call('GET', '/management/agent_status')).json;
		expect(await status()).toBe(0);
		expect((await api.call('POST', '/management/command/0')).status).toBe(401);
		const token = await api.login();
		expect((await api.call('POST', `/management/command/0?token=${token}`)).status).toBe(200);
		expect(await status()).toBe(1);
		await api.call('POST', '/management/command/2');
		expect(await status()).toBe(4);
		await api.call('POST', '/management/command/4');
		expect(await status()).toBe(1);
		const unknown = await api.call('POST', '/management/command/7');
		expect(unknown.status).toBe(400);
		expect(unknown.json).toMatchObject({
			type: 'VALIDATION',
			errors: { cmd: [expect.stringContaining('7')] }
		});
	});

	it('answers check_update, and follows the control surface', async () => {
		expect((await api.call('GET', '/management/check_update')).json).toEqual({
			isUpdateRequired: false,
			currentVersion: '3.4.2',
			newVersion: '3.4.2'
		});
		await api.call('POST', '/__sim/update', {
			body: { isUpdateRequired: true, newVersion: '3.5.0' }
		});
		expect((await api.call('GET', '/management/check_update')).json).toMatchObject({
			isUpdateRequired: true,
			newVersion: '3.5.0'
		});
	});

	it('stops answering after Exit and comes back', async () => {
		await withSimulator({ restartSeconds: 600 }, async (quick) => {
			const c = client(quick);
			expect((await c.call('POST', '/management/command/8')).status).toBe(200);
			// The agent goes away once the answer is out, and stays away until its restart is due.
			await vi.waitFor(() => expect(c.call('GET', '/management/agent_status')).rejects.toThrow());
			quick.clock.advance(600_000);
			expect((await c.call('GET', '/management/agent_status')).status).toBe(200);
		});
	});
});
