import { describe, expect, it } from 'vitest';
import { NAS_ACCOUNT, SEEDED_SHARES } from './seed/shares.ts';
import type { Simulator } from './server.ts';
import { type Client, openSocket, shareSimulator, until } from './test/helpers.ts';

let sim: Simulator;
let api: Client;

shareSimulator((started) => ({ sim, api } = started));

type Model = Record<string, unknown> & { id: string; name: string; active: boolean };
type Refusal = { type: string; status: number; errors: Record<string, string[]> };
type Frame = { Type: number; Data: Record<string, unknown> };

const SMB = '/management/smbclient';
const NFS = '/management/nfsclient';

const smb = (over: Record<string, unknown> = {}) => ({
	name: 'Projects',
	smbShare: '\\\\nas.studio.lan\\projects',
	version: '3.0',
	localPath: 'P:',
	isAuthenticated: true,
	username: NAS_ACCOUNT.username,
	password: NAS_ACCOUNT.password,
	domain: 'WORKGROUP',
	...over
});

const nfs = (over: Record<string, unknown> = {}) => ({
	name: 'Media over NFS',
	nfsShare: 'nas.studio.lan:/media',
	version: '4',
	localPath: '/mnt/media',
	...over
});

const send = (method: string, path: string, body?: unknown) =>
	api.call(method, path, { body, headers: { 'x-app-origin': 'agent-console' } });
const get = async <T>(path: string) => {
	const r = await api.call('GET', path);
	expect(r.status, `${path}: ${r.text}`).toBe(200);
	return r.json as T;
};
const created = async (path: string, body: unknown) => {
	const r = await send('POST', path, body);
	expect(r.status, r.text).toBe(200);
	return r.json as Model;
};
const refusal = async (method: string, path: string, body?: unknown, status = 499) => {
	const r = await send(method, path, body);
	expect(r.status, r.text).toBe(status);
	return r.json as Refusal;
};
/** The shares as the agent keeps them (the control surface: whether a password is stored). */
const kept = async () =>
	get<{
		smb: (Model & { passwordStored: boolean })[];
		nfs: Model[];
		mountAttempts: number;
	}>('/__sim/shares');
const stored = async (id: string) => (await kept()).smb.find((s) => s.id === id)!;

/** The ShareMount frames the socket received, newest last. */
const mounts = (frames: unknown[]) =>
	(frames as Frame[]).filter((f) => f.Type === 2 && f.Data.Operation === 'ShareMount');

describe('the shares the agent starts with', () => {
	it('lists SMB and NFS shares in the contract shape, never with a password', async () => {
		const list = await get<Model[]>(SMB);
		expect(list).toEqual([
			{
				id: SEEDED_SHARES.media,
				name: 'Studio media',
				smbShare: '\\\\nas.studio.lan\\media',
				version: '3.1.1',
				localPath: 'Z:',
				active: true,
				isAuthenticated: true,
				username: 'ann',
				domain: 'STUDIO'
			},
			{
				id: SEEDED_SHARES.scans,
				name: 'Old scans',
				smbShare: '\\\\oldnas.studio.lan\\scans',
				version: '3.0',
				localPath: 'Y:',
				// The old box speaks SMB 1.0 only: this one fails to mount.
				active: false,
				isAuthenticated: false,
				username: null,
				domain: null
			}
		]);
		expect(JSON.stringify(list)).not.toContain(NAS_ACCOUNT.password);
		expect(await get<Model[]>(NFS)).toEqual([
			{
				id: SEEDED_SHARES.renders,
				name: 'Renders',
				nfsShare: 'nas.studio.lan:/renders',
				version: '4.1',
				localPath: 'C:\\Mounts\\renders',
				active: true
			}
		]);
		const view = await kept();
		expect(view.smb.map((s) => s.passwordStored)).toEqual([true, false]);
		expect(JSON.stringify(view)).not.toContain(NAS_ACCOUNT.password);
	});

	it('takes the SMB shares’ letters out of the free ones, for drives too', async () => {
		const free = await get<string[]>('/management/list_available_drives');
		expect(free).not.toContain('Y');
		expect(free).not.toContain('Z');
		const r = await send('POST', '/management/clouddrive', {
			name: 'On Z',
			storageName: 'render-output',
			prefix: '',
			driveName: 'Z',
			driveType: 1,
			syncType: 1,
			permissionType: 2,
			localCacheEncrypted: false,
			cloudObjectsEncrypted: false,
			allowDelete: false,
			maximumCacheSize: 0,
			permanentLocalPath: '$$$',
			account: { id: 'acc-aws-1' }
		});
		expect(r.status).toBe(499);
		expect(r.json).toMatchObject({
			type: 'DUPLICATE',
			errors: { driveName: [expect.any(String)] }
		});
		await send('DELETE', `${SMB}/${SEEDED_SHARES.media}`);
		expect(await get<string[]>('/management/list_available_drives')).toContain('Z');
	});
});

describe('adding a share', () => {
	it('stores and mounts an SMB share, answers without the password and says so on /notification', async () => {
		const socket = await openSocket(sim, 'notification');
		const made = await created(
			SMB,
			smb({ localPath: 'p', smbShare: '\\\\NAS.studio.lan\\projects\\' })
		);
		expect(made).toEqual({
			id: expect.any(String),
			name: 'Projects',
			// Its trailing backslash dropped; the letter as the agent writes it.
			smbShare: '\\\\NAS.studio.lan\\projects',
			version: '3.0',
			localPath: 'P:',
			active: true,
			isAuthenticated: true,
			username: 'ann',
			domain: 'WORKGROUP'
		});
		expect((await stored(made.id)).passwordStored).toBe(true);
		const frames = await until(() => {
			const all = socket.frames as Frame[];
			return all.length >= 2 && all;
		});
		expect(mounts(frames)[0]!.Data).toMatchObject({
			Title: 'Mounted Projects',
			Message: '\\\\NAS.studio.lan\\projects on P:.',
			Severity: 'Information',
			ShareId: made.id,
			ShareType: 'SMB',
			Reason: null
		});
		expect(frames.find((f) => f.Type === 4)!.Data).toEqual({
			Operation: 'smbclient',
			EndpointAddress: '/management/smbclient',
			HttpMethod: 'POST',
			Origin: 'agent-console'
		});
		expect(JSON.stringify(frames)).not.toContain(NAS_ACCOUNT.password);
		socket.ws.close();
	});

	it('stores a share that fails to mount, inactive, and says why in an Error frame', async () => {
		const socket = await openSocket(sim, 'notification');
		const cases: [Record<string, unknown>, string, RegExp][] = [
			[{ smbShare: '\\\\nas.invalid\\media' }, 'UNREACHABLE', /nas\.invalid did not answer/],
			[{ smbShare: '\\\\nas.studio.lan\\medai' }, 'NOT_FOUND', /no share named medai/],
			[{ version: '1.0' }, 'VERSION', /does not speak SMB 1\.0: it takes SMB 2\.0, 2\.1/],
			[{ password: 'wrong' }, 'AUTH', /refused the sign-in as WORKGROUP\\ann/],
			[
				{ isAuthenticated: false, username: null, password: null },
				'AUTH',
				/does not allow guest access/
			]
		];
		for (const [i, [over, reason, message]] of cases.entries()) {
			const made = await created(
				SMB,
				smb({ name: `Failing ${i}`, localPath: `${'KLMNO'[i]}:`, ...over })
			);
			expect(made.active, reason).toBe(false);
			const frame = await until(() =>
				mounts(socket.frames).find((f) => f.Data.ShareId === made.id)
			);
			expect(frame.Data).toMatchObject({
				Title: `Could not mount Failing ${i}`,
				Severity: 'Error',
				Reason: reason
			});
			expect(frame.Data.Message).toMatch(message);
		}
		// Stored all the same: a change can put it right.
		expect((await get<Model[]>(SMB)).map((s) => s.name)).toContain('Failing 0');
		socket.ws.close();
	});

	it('refuses what it cannot store, every field at once, keyed by the field', async () => {
		const all = await refusal('POST', SMB, {
			name: ' ',
			smbShare: 'nas/media',
			version: 3,
			localPath: 'A:',
			isAuthenticated: true,
			username: '',
			password: ''
		});
		expect(all.type).toBe('VALIDATION');
		expect(Object.keys(all.errors).sort()).toEqual(
			['localPath', 'name', 'password', 'smbShare', 'username', 'version'].sort()
		);
		expect(all.errors.version).toEqual([
			'Version must be one of 1.0, 2.0, 2.1, 3.0, 3.1.1 (as text).'
		]);
		expect(all.errors.smbShare![0]).toMatch(/\\\\server\\share/);
		const nfsAll = await refusal('POST', NFS, {
			name: 'x'.repeat(101),
			nfsShare: '\\\\nas\\media',
			version: '4.2',
			localPath: 'mnt/media'
		});
		expect(Object.keys(nfsAll.errors).sort()).toEqual(['localPath', 'name', 'nfsShare', 'version']);
		expect(nfsAll.errors.localPath).toEqual([
			'Enter a full folder path: /mnt/media, or C:\\Mounts\\media.'
		]);
		expect((await refusal('POST', SMB, [])).errors).toHaveProperty('body');
	});

	it('refuses a name or a local path already in use, saying who holds it', async () => {
		const name = await refusal('POST', SMB, smb({ name: 'studio MEDIA' }));
		expect(name).toMatchObject({ type: 'DUPLICATE', errors: { name: [expect.any(String)] } });
		const holders: [string, string][] = [
			['Z:', 'Z: is already in use: the share "Studio media" is mounted there.'],
			['c', 'C: is already in use: it is a disk of this computer.'],
			['G:', 'G: is already in use: the drive "Team Drive" uses it.']
		];
		for (const [letter, message] of holders)
			expect(await refusal('POST', SMB, smb({ localPath: letter }))).toEqual({
				type: 'DUPLICATE',
				status: 499,
				errors: { localPath: [message] }
			});
		const folder = await refusal('POST', NFS, nfs({ localPath: 'c:/mounts/renders/' }));
		expect(folder.errors.localPath).toEqual([
			'C:\\Mounts\\renders is already in use: the share "Renders" is mounted there.'
		]);
		const inside = await refusal('POST', NFS, nfs({ localPath: 'C:\\Mounts' }));
		expect(inside.errors.localPath![0]).toMatch(/overlaps C:\\Mounts\\renders/);
		const drive = await refusal('POST', NFS, nfs({ localPath: 'D:\\Archive\\nfs' }));
		expect(drive.errors.localPath![0]).toMatch(/keeps its files there/);
		const disk = await refusal('POST', NFS, nfs({ localPath: 'Q:\\nfs' }));
		expect(disk).toMatchObject({
			type: 'VALIDATION',
			errors: { localPath: ['No disk Q: on this computer.'] }
		});
	});

	it('mounts NFS on a Unix or a Windows folder, and says what an export or version lacks', async () => {
		const socket = await openSocket(sim, 'notification');
		const unix = await created(NFS, nfs({ localPath: '/mnt//media/' }));
		expect(unix).toMatchObject({ localPath: '/mnt/media', active: true });
		const windows = await created(
			NFS,
			nfs({
				name: 'Frames',
				nfsShare: 'render01.studio.lan:/frames',
				version: '3',
				localPath: 'd:/mounts/frames'
			})
		);
		expect(windows).toMatchObject({ localPath: 'D:\\mounts\\frames', active: true });
		const old = await created(
			NFS,
			nfs({ name: 'Frames 4', nfsShare: 'render01.studio.lan:/frames', localPath: '/mnt/frames4' })
		);
		expect(old.active).toBe(false);
		const missing = await created(
			NFS,
			nfs({ name: 'Nothing', nfsShare: 'nas.studio.lan:/nothing', localPath: '/mnt/nothing' })
		);
		expect(missing.active).toBe(false);
		const reasons = await until(() => {
			const list = mounts(socket.frames);
			return list.length === 4 && list.map((f) => f.Data.Reason);
		});
		expect(reasons).toEqual([null, null, 'VERSION', 'NOT_FOUND']);
		socket.ws.close();
	});
});

describe('changing a share', () => {
	it('keeps the stored password when none is sent, and mounts again', async () => {
		const socket = await openSocket(sim, 'notification');
		const before = (await kept()).mountAttempts;
		const r = await send('PUT', `${SMB}/${SEEDED_SHARES.media}`, {
			name: 'Studio media (NAS)',
			smbShare: '\\\\nas.studio.lan\\media',
			version: '3.0',
			localPath: 'Z:',
			isAuthenticated: true,
			username: 'ann',
			domain: 'STUDIO'
		});
		expect(r.status, r.text).toBe(200);
		expect(r.json).toMatchObject({ name: 'Studio media (NAS)', version: '3.0', active: true });
		expect(r.text).not.toContain('password');
		expect((await stored(SEEDED_SHARES.media)).passwordStored).toBe(true);
		expect((await kept()).mountAttempts).toBe(before + 1);
		await until(() => mounts(socket.frames).length === 1);
		socket.ws.close();
	});

	it('tries the mount again on a PUT of the model as it is', async () => {
		const [, scans] = await get<Model[]>(SMB);
		const again = await send('PUT', `${SMB}/${SEEDED_SHARES.scans}`, scans);
		expect(again.json).toMatchObject({ active: false });
		const fixed = await send('PUT', `${SMB}/${SEEDED_SHARES.scans}`, { ...scans, version: '1.0' });
		expect(fixed.json).toMatchObject({ active: true, version: '1.0' });
	});

	it('asks for the password again for another server or user, and forgets it for guest access', async () => {
		const media = (await get<Model[]>(SMB))[0]!;
		const elsewhere = await refusal('PUT', `${SMB}/${SEEDED_SHARES.media}`, {
			...media,
			smbShare: '\\\\files.example.com\\media'
		});
		expect(elsewhere.errors).toEqual({
			password: [
				'Password is required again: the share now signs in to another server or as another user.'
			]
		});
		const other = await refusal('PUT', `${SMB}/${SEEDED_SHARES.media}`, {
			...media,
			username: 'bob'
		});
		expect(other.errors).toHaveProperty('password');
		// Refused: nothing changed.
		expect((await get<Model[]>(SMB))[0]).toEqual(media);
		const guest = await send('PUT', `${SMB}/${SEEDED_SHARES.media}`, {
			...media,
			isAuthenticated: false
		});
		expect(guest.json).toMatchObject({
			isAuthenticated: false,
			username: null,
			domain: null,
			active: false
		});
		expect((await stored(SEEDED_SHARES.media)).passwordStored).toBe(false);
		const back = await refusal('PUT', `${SMB}/${SEEDED_SHARES.media}`, { ...media });
		expect(back.errors.password![0]).toMatch(/Password is required to sign in/);
		const typed = await send('PUT', `${SMB}/${SEEDED_SHARES.media}`, {
			...media,
			password: NAS_ACCOUNT.password
		});
		expect(typed.json).toMatchObject({ isAuthenticated: true, active: true });
	});

	it('lets a share keep its own letter and take a free one, not a taken one', async () => {
		const media = (await get<Model[]>(SMB))[0]!;
		const moved = await send('PUT', `${SMB}/${SEEDED_SHARES.media}`, { ...media, localPath: 'M:' });
		expect(moved.json).toMatchObject({ localPath: 'M:' });
		const taken = await refusal('PUT', `${SMB}/${SEEDED_SHARES.media}`, {
			...media,
			localPath: 'Y:'
		});
		expect(taken.errors.localPath).toEqual([
			'Y: is already in use: the share "Old scans" is mounted there.'
		]);
	});
});

describe('removing a share', () => {
	it('forgets it and its password; an unknown id is 404 NOT_FOUND', async () => {
		const r = await send('DELETE', `${SMB}/${SEEDED_SHARES.media}`);
		expect(r.status).toBe(200);
		expect(r.text).toBe('');
		expect((await kept()).smb.map((s) => s.id)).toEqual([SEEDED_SHARES.scans]);
		for (const [method, path] of [
			['DELETE', `${SMB}/${SEEDED_SHARES.media}`],
			['PUT', `${NFS}/${SEEDED_SHARES.media}`],
			['DELETE', `${NFS}/no-such-id`]
		] as const) {
			const missing = await refusal(method, path, method === 'PUT' ? nfs() : undefined, 404);
			expect(missing.type).toBe('NOT_FOUND');
		}
		expect((await send('DELETE', `${NFS}/${SEEDED_SHARES.renders}`)).status).toBe(200);
		expect(await get<Model[]>(NFS)).toEqual([]);
	});

	it('starts empty on the control surface’s asking, and comes back on reset', async () => {
		expect((await api.call('POST', '/__sim/shares', { body: { empty: true } })).status).toBe(200);
		expect(await get<Model[]>(SMB)).toEqual([]);
		sim.reset();
		expect(await get<Model[]>(SMB)).toHaveLength(2);
	});
});
