import { TOTP, Secret } from 'otpauth';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Client, shareSimulator } from './test/helpers.ts';
import type { Simulator } from './server.ts';

let sim: Simulator;
let api: Client;
let admin: string;

shareSimulator((started) => ({ sim, api } = started));
beforeEach(async () => {
	admin = await api.login('admin@example.com');
});

const invitee = {
	firstname: 'Nia',
	lastname: 'Okafor',
	username: 'nia@example.test',
	email: 'nia@example.test',
	userType: 32
};
type Seats = { adminUsers: number; creativeUsers: number; standardUsers: number };
const seats = async (token: string) =>
	(await api.call('GET', `/user/package_inquiry?token=${token}`)).json as Seats;

describe('user administration', () => {
	it('invites a pending user, takes a seat, mails the code and a temporary password; the user activates and signs in', async () => {
		const before = await seats(admin);
		const r = await api.call('POST', `/user/insert_user?token=${admin}`, {
			body: invitee,
			origin: 'http://localhost:5173'
		});
		expect(r.status).toBe(200);
		expect(r.json).toMatchObject({ username: 'nia@example.test', status: 4, userType: 8 | 32 });
		expect((await seats(admin)).creativeUsers).toBe(before.creativeUsers - 1);
		const mail = sim.state.outbox.at(-1)!;
		expect(mail.to).toBe('nia@example.test');
		expect(mail.text).toContain('http://localhost:5173/signup/confirm?email=nia%40example.test');
		const password = /Temporary password: (\S+)/.exec(mail.text)![1]!;
		const confirm = await api.call('POST', '/authentication/confirm_signup', {
			body: { email: 'nia@example.test', token: mail.code }
		});
		expect(confirm.json).toBe(true);
		const login = await api.call('POST', '/authentication/login', {
			body: { username: 'nia@example.test', password, type: 32 }
		});
		expect(login.status).toBe(200);
	});

	it('refuses duplicates, no seat left, bad fields and non-admins in words', async () => {
		await api.call('POST', `/user/insert_user?token=${admin}`, { body: invitee });
		const dup = await api.call('POST', `/user/insert_user?token=${admin}`, { body: invitee });
		expect(dup).toMatchObject({ status: 499, json: { type: 'DUPLICATE' } });
		await api.call('POST', '/__sim/plan', { body: { creativeUsers: 0 } });
		const full = await api.call('POST', `/user/insert_user?token=${admin}`, {
			body: { ...invitee, username: 'b@example.test', email: 'b@example.test' }
		});
		expect(full).toMatchObject({ status: 499, json: { type: 'LIMIT' } });
		const bad = await api.call('POST', `/user/insert_user?token=${admin}`, {
			body: { ...invitee, firstname: 'x'.repeat(51), email: 'nope', userType: 8 }
		});
		expect(bad.status).toBe(499);
		expect(Object.keys((bad.json as { errors: object }).errors).sort()).toEqual([
			'email',
			'firstname',
			'userType'
		]);
		const standard = await api.login('standard@example.com', 64);
		const refused = await api.call('POST', `/user/insert_user?token=${standard}`, {
			body: { ...invitee, username: 'c@example.test', email: 'c@example.test' }
		});
		expect(refused).toMatchObject({ status: 499, json: { type: 'ACCESS' } });
	});

	it('deactivates and reactivates through edit_user, keeps a pending status, protects self and owner', async () => {
		const sam = sim.state.findByUsername('standard@example.com')!;
		const row = (status: number, u = sam) => ({
			id: u.id,
			firstname: u.firstName,
			lastname: u.lastName,
			userType: u.userType,
			status
		});
		const off = await api.call('PUT', `/user/edit_user?token=${admin}`, { body: row(2) });
		expect(off.json).toMatchObject({ status: 2 });
		const login = { username: 'standard@example.com', password: 'Passw0rd!', type: 64 };
		const refused = await api.call('POST', '/authentication/login', { body: login });
		expect(refused).toMatchObject({ status: 499, json: { type: 'INACTIVE_USER' } });
		const on = await api.call('PUT', `/user/edit_user?token=${admin}`, { body: row(1) });
		expect(on.json).toMatchObject({ status: 1 });
		expect((await api.call('POST', '/authentication/login', { body: login })).status).toBe(200);

		const pat = sim.state.findByUsername('pending@example.com')!;
		const kept = await api.call('PUT', `/user/edit_user?token=${admin}`, { body: row(1, pat) });
		expect(kept.json).toMatchObject({ status: 4 });
		const odd = await api.call('PUT', `/user/edit_user?token=${admin}`, { body: row(3) });
		expect(odd.status).toBe(499);

		const me = sim.state.findByUsername('admin@example.com')!;
		const self = await api.call('PUT', `/user/edit_user?token=${admin}`, { body: row(2, me) });
		expect(self).toMatchObject({ status: 499, json: { type: 'ACCESS' } });
		expect(me.status).toBe(1);
	});

	it('edits the whole row and answers what it stored; deletes, giving the seat back; protects self', async () => {
		const created = (await api.call('POST', `/user/insert_user?token=${admin}`, { body: invitee }))
			.json as { id: string };
		const edited = await api.call('PUT', `/user/edit_user?token=${admin}`, {
			body: { ...created, firstname: '  Nia   Grace ', userType: 64 }
		});
		expect(edited.json).toMatchObject({ firstname: 'Nia Grace', userType: 8 | 64 });
		const before = await seats(admin);
		expect(
			(await api.call('DELETE', `/user/delete_user?token=${admin}&id=${created.id}`)).status
		).toBe(200);
		expect((await seats(admin)).standardUsers).toBe(before.standardUsers + 1);
		const me = sim.state.findByUsername('admin@example.com')!;
		const self = await api.call('DELETE', `/user/delete_user?token=${admin}&id=${me.id}`);
		expect(self).toMatchObject({ status: 499, json: { type: 'ACCESS' } });
	});

	it('keeps the account owner from another administrator: not deleted, deactivated or demoted', async () => {
		// The only seeded owner is the seeded administrator: the owner makes a second one.
		const owner = sim.state.findByUsername('admin@example.com')!;
		expect(owner.owner).toBe(true);
		const casey = sim.state.findByUsername('creative@example.com')!;
		const promoted = await api.call('PUT', `/user/edit_user?token=${admin}`, {
			body: {
				id: casey.id,
				firstname: casey.firstName,
				lastname: casey.lastName,
				userType: 16,
				status: 1
			}
		});
		expect(promoted.status).toBe(200);
		const other = await api.login('creative@example.com', 16);
		const row = { id: owner.id, firstname: owner.firstName, lastname: owner.lastName };

		const deleted = await api.call('DELETE', `/user/delete_user?token=${other}&id=${owner.id}`);
		expect(deleted).toMatchObject({ status: 499, json: { type: 'ACCESS' } });
		const deactivated = await api.call('PUT', `/user/edit_user?token=${other}`, {
			body: { ...row, userType: 16, status: 2 }
		});
		expect(deactivated).toMatchObject({ status: 499, json: { type: 'ACCESS' } });
		const demoted = await api.call('PUT', `/user/edit_user?token=${other}`, {
			body: { ...row, userType: 64, status: 1 }
		});
		expect(demoted).toMatchObject({ status: 499, json: { type: 'VALIDATION' } });
		expect(owner).toMatchObject({ deleted: false, status: 1, userType: 4 | 16 });
		// The same administrator may delete a user who is not the owner.
		const sam = sim.state.findByUsername('standard@example.com')!;
		const allowed = await api.call('DELETE', `/user/delete_user?token=${other}&id=${sam.id}`);
		expect(allowed.status).toBe(200);
	});

	it('resends an invitation only after the cooldown', async () => {
		const created = (await api.call('POST', `/user/insert_user?token=${admin}`, { body: invitee }))
			.json as { id: string };
		const soon = await api.call('POST', `/user/resend_user_email?token=${admin}`, {
			body: created
		});
		expect(soon).toMatchObject({ status: 499, json: { type: 'SECURITY' } });
		sim.clock.advance(sim.options.resendCooldown * 1000);
		const later = await api.call('POST', `/user/resend_user_email?token=${admin}`, {
			body: created
		});
		expect(later.status).toBe(200);
	});

	it('enrols MFA with the same secret until it ends, checks a real code, then asks for it at sign-in', async () => {
		const first = (await api.call('POST', `/user/generate_mfa_token?token=${admin}`))
			.json as string;
		const again = (await api.call('POST', `/user/generate_mfa_token?token=${admin}`))
			.json as string;
		expect(again).toBe(first);
		const wrong = await api.call('POST', `/user/set_mfa?token=${admin}`, {
			body: { enabled: true, userCode: '000000' }
		});
		expect(wrong).toMatchObject({ status: 499, json: { type: 'TOTP' } });
		const code = new TOTP({ secret: Secret.fromBase32(first) }).generate({
			timestamp: sim.clock.now()
		});
		const right = await api.call('POST', `/user/set_mfa?token=${admin}`, {
			body: { enabled: true, userCode: code }
		});
		expect(right.status).toBe(200);
		const login = await api.call('POST', '/authentication/login', {
			body: { username: 'admin@example.com', password: 'Passw0rd!', type: 16 }
		});
		expect(login.json).toMatchObject({ challenge: 1 });
	});
});
