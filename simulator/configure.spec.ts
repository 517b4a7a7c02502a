import { describe, expect, it, vi } from 'vitest';
import { DRIVE_CONFIG } from '../src/lib/contract.ts';
import type { Simulator } from './server.ts';
import { type Client, openSocket, shareSimulator, until } from './test/helpers.ts';

let sim: Simulator;
let api: Client;

shareSimulator((started) => ({ sim, api } = started));

type Model = Record<string, unknown> & { id: string; name: string; localPath: string };

const TEAM = '6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f';
const ARCHIVE = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const LAPTOP = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';

/** A virtual drive as the console would send it, with a transfer profile the agent replaces. */
const virtualDrive = (over: Record<string, unknown> = {}) => ({
	name: 'Render farm',
	storageName: 'render-output',
	prefix: 'renders/',
	driveName: 'F',
	driveType: 1,
	syncType: 1,
	permissionType: 2,
	localCacheEncrypted: false,
	cloudObjectsEncrypted: true,
	allowDelete: true,
	maximumCacheSize: 10 * 1024 ** 3,
	permanentLocalPath: '$$$',
	transferOptions: { chunkSize: 1, retryCount: 0, concurrentChunks: 1, concurrentFiles: 1 },
	keepFileAfterUpload: false,
	account: { id: 'acc-aws-1' },
	...over
});

const syncedFolder = (over: Record<string, unknown> = {}) =>
	virtualDrive({
		name: 'Brand folder',
		driveType: 2,
		syncType: 2,
		driveName: '',
		localPath: 'd:\\projects\\brand 2027',
		...over
	});

const backup = (over: Record<string, unknown> = {}) => ({
	name: 'Pictures',
	localPath: 'C:\\Users\\ann\\Pictures',
	prefix: 'backup/pictures/',
	storageName: 'studio-backups',
	syncIntervalSeconds: 900,
	localCacheEncrypted: false,
	cloudObjectsEncrypted: true,
	account: { id: 'acc-wasabi-1' },
	...over
});

const get = async <T>(path: string) => {
	const r = await api.call('GET', path);
	expect(r.status, `${path}: ${r.text}`).toBe(200);
	return r.json as T;
};
const send = (method: string, path: string, body?: unknown) =>
	api.call(method, path, { body, headers: { 'x-app-origin': 'agent-console' } });
const created = async (path: string, body: unknown) => {
	const r = await send('POST', path, body);
	expect(r.status, r.text).toBe(200);
	return r.json as Model;
};
const drive = async (id: string) =>
	(await get<Model[]>('/management/clouddrive')).find((d) => d.id === id);
const refusal = async (method: string, path: string, body: unknown) => {
	const r = await send(method, path, body);
	expect(r.status, r.text).toBe(499);
	return r.json as { type: string; status: number; errors: Record<string, string[]> };
};

describe('adding a drive', () => {
	it('stores a virtual drive with its letter, a cache the agent chose and its own transfer profile', async () => {
		const d = await created('/management/clouddrive', virtualDrive());
		expect(d.id).toMatch(/^[0-9a-f-]{36}$/);
		expect(d).toMatchObject({
			name: 'Render farm',
			driveName: 'F',
			localPath: 'F:\\',
			permanentLocalPath: `C:\\ProgramData\\Agent\\cache\\${d.id}`,
			transferOptions: DRIVE_CONFIG.standardTransfer,
			keepFileAfterUpload: true,
			account: { id: 'acc-aws-1', cloudType: 1 },
			active: true,
			sharedDrive: false,
			maximumCacheSize: 10 * 1024 ** 3
		});
		expect(d).not.toHaveProperty('files');
		expect(await drive(d.id)).toEqual(d);
		expect(await get('/management/list_available_drives')).not.toContain('F');
		expect(
			await get(
				`/management/list_directories?path=${encodeURIComponent('C:\\ProgramData\\Agent\\cache')}`
			)
		).toContain(`C:\\ProgramData\\Agent\\cache\\${d.id}`);
	});

	it('stores a synced folder at its folder, in the folder’s own spelling, its cache the folder', async () => {
		const d = await created('/management/clouddrive', syncedFolder());
		expect(d).toMatchObject({
			localPath: 'D:\\Projects\\Brand 2027',
			permanentLocalPath: 'D:\\Projects\\Brand 2027',
			driveName: '',
			driveType: 2
		});
		expect(
			(
				await api.call(
					'GET',
					`/management/exist_clouddrive?path=${encodeURIComponent('D:\\Projects\\Brand 2027\\a.psd')}`
				)
			).json
		).toBe('1');
	});

	it('takes a cache folder of its own choosing and makes it', async () => {
		const d = await created(
			'/management/clouddrive',
			virtualDrive({ permanentLocalPath: 'd:/caches/render' })
		);
		expect(d.permanentLocalPath).toBe('D:\\caches\\render');
		expect(await get(`/management/list_directories?path=D%3A%5Ccaches`)).toEqual([
			'D:\\caches\\render'
		]);
	});

	it('answers every missing field at once, keyed by field', async () => {
		const r = await refusal('POST', '/management/clouddrive', {});
		expect(r.type).toBe('VALIDATION');
		expect(Object.keys(r.errors).sort()).toEqual(
			['account', 'driveType', 'name', 'permissionType', 'storageName', 'syncType'].sort()
		);
		const letter = await refusal(
			'POST',
			'/management/clouddrive',
			virtualDrive({ driveName: '', permanentLocalPath: '' })
		);
		expect(Object.keys(letter.errors).sort()).toEqual(['driveName', 'permanentLocalPath']);
		const folder = await refusal(
			'POST',
			'/management/clouddrive',
			syncedFolder({ localPath: undefined })
		);
		expect(Object.keys(folder.errors)).toEqual(['localPath']);
	});

	it('refuses values beyond the contract’s limits and of the wrong type, keyed by field', async () => {
		const cases: [Record<string, unknown>, string][] = [
			[{ name: 'x'.repeat(DRIVE_CONFIG.nameMax + 1) }, 'name'],
			[{ name: '   ' }, 'name'],
			[{ name: 7 }, 'name'],
			[{ storageName: 'Bad_Bucket' }, 'storageName'],
			[{ storageName: 'ab' }, 'storageName'],
			[{ prefix: '/leading' }, 'prefix'],
			[{ prefix: 'a/../b' }, 'prefix'],
			[{ prefix: 'p/'.repeat(101) }, 'prefix'],
			[{ maximumCacheSize: 1024 ** 3 - 1 }, 'maximumCacheSize'],
			[{ maximumCacheSize: -1 }, 'maximumCacheSize'],
			[{ maximumCacheSize: 1.5 * 1024 ** 3 + 0.5 }, 'maximumCacheSize'],
			[{ maximumCacheSize: '10 GB' }, 'maximumCacheSize'],
			[{ syncIntervalSeconds: DRIVE_CONFIG.syncIntervalMin - 1 }, 'syncIntervalSeconds'],
			[{ syncIntervalSeconds: DRIVE_CONFIG.syncIntervalMax + 1 }, 'syncIntervalSeconds'],
			[{ driveType: 3 }, 'driveType'],
			[{ driveType: '1' }, 'driveType'],
			[{ syncType: 0 }, 'syncType'],
			[{ permissionType: null }, 'permissionType'],
			[{ localCacheEncrypted: 'yes' }, 'localCacheEncrypted'],
			[{ allowDelete: 1 }, 'allowDelete'],
			[{ driveName: 'GG' }, 'driveName'],
			[{ driveName: 'B' }, 'driveName'],
			[{ driveName: '1' }, 'driveName'],
			[{ account: 'acc-aws-1' }, 'account'],
			[{ account: { id: 5 } }, 'account'],
			[{ objectsPerFolder: 0 }, 'objectsPerFolder']
		];
		for (const [over, field] of cases) {
			const r = await refusal('POST', '/management/clouddrive', virtualDrive(over));
			expect(r, JSON.stringify(over)).toMatchObject({ type: 'VALIDATION', status: 499 });
			expect(Object.keys(r.errors), JSON.stringify(over)).toEqual([field]);
		}
		// 0 is no cap; the smallest cap is allowed.
		await created('/management/clouddrive', virtualDrive({ maximumCacheSize: 0 }));
		await created(
			'/management/clouddrive',
			virtualDrive({ name: 'Two', driveName: 'I', maximumCacheSize: DRIVE_CONFIG.cacheSizeMin })
		);
		expect((await get<Model[]>('/management/clouddrive')).length).toBe(6);
	});

	it('refuses a taken letter, a name in use, an unknown account, and folders another one holds', async () => {
		const cases: [Record<string, unknown>, string, string, RegExp][] = [
			[virtualDrive({ driveName: 'g' }), 'DUPLICATE', 'driveName', /G: is already taken/],
			[virtualDrive({ driveName: 'C:' }), 'DUPLICATE', 'driveName', /C: is already taken/],
			[virtualDrive({ name: 'team DRIVE' }), 'DUPLICATE', 'name', /Team Drive/],
			[virtualDrive({ name: 'Laptop documents' }), 'DUPLICATE', 'name', /backup named/],
			[virtualDrive({ account: { id: 'acc-nobody' } }), 'NOT_FOUND', 'account', /acc-nobody/],
			[
				syncedFolder({ localPath: 'D:\\Archive\\Projects' }),
				'SECURITY',
				'localPath',
				/inside Archive's folder/
			],
			[syncedFolder({ localPath: 'D:\\' }), 'SECURITY', 'localPath', /holds Archive's folder/],
			[
				syncedFolder({ localPath: 'C:\\ProgramData\\Agent\\cache\\team-drive' }),
				'SECURITY',
				'localPath',
				/Team Drive's cache folder/
			],
			[syncedFolder({ localPath: 'C:\\Users\\ann' }), 'SECURITY', 'localPath', /Laptop documents/],
			[syncedFolder({ localPath: 'D:\\Nowhere' }), 'VALIDATION', 'localPath', /No folder/],
			[
				virtualDrive({ permanentLocalPath: 'Q:\\cache' }),
				'VALIDATION',
				'permanentLocalPath',
				/No disk/
			],
			[
				virtualDrive({ permanentLocalPath: 'D:\\Archive\\cache' }),
				'SECURITY',
				'permanentLocalPath',
				/inside Archive's folder/
			],
			[
				virtualDrive({ permanentLocalPath: 'C:\\ProgramData\\Agent' }),
				'SECURITY',
				'permanentLocalPath',
				/holds Team Drive's cache folder/
			]
		];
		for (const [body, type, field, message] of cases) {
			const r = await refusal('POST', '/management/clouddrive', body);
			expect(r.type, JSON.stringify(body)).toBe(type);
			expect(r.errors[field]?.[0], JSON.stringify(body)).toMatch(message);
		}
		expect((await get<Model[]>('/management/clouddrive')).length).toBe(4);
	});

	it('knows the accounts of the history when no drive is left', async () => {
		await api.call('POST', '/__sim/drives', { body: { empty: true } });
		expect(await get('/management/clouddrive')).toEqual([]);
		const d = await created(
			'/management/clouddrive',
			virtualDrive({ account: { id: 'acc-azure-1' } })
		);
		expect(d.account).toEqual({ id: 'acc-azure-1', cloudType: 4 });
	});
});

describe('an export imported into an empty agent', () => {
	it('takes back every seeded drive and backup from its model, as an import sends them', async () => {
		const drives = await get<Model[]>('/management/clouddrive');
		const backups = await get<Model[]>('/management/cloudbackup');
		await api.call('POST', '/__sim/drives', { body: { empty: true } });
		for (const d of drives) {
			const made = await created('/management/clouddrive', { ...d, id: undefined });
			expect(made).toMatchObject({
				name: d.name,
				localPath: d.localPath,
				permanentLocalPath: d.permanentLocalPath,
				driveName: d.driveName,
				account: d.account
			});
			expect(made.id).not.toBe(d.id);
		}
		for (const b of backups)
			expect(await created('/management/cloudbackup', { ...b, id: undefined })).toMatchObject({
				name: b.name,
				localPath: b.localPath
			});
		// A second import of the same file conflicts, row by row.
		const again = await refusal('POST', '/management/clouddrive', drives[0]);
		expect(again.type).toBe('DUPLICATE');
	});
});

describe('adding, changing and removing a backup', () => {
	it('stores a backup with the agent’s overrides, and checks its interval', async () => {
		const b = await created('/management/cloudbackup', backup());
		expect(b).toMatchObject({
			name: 'Pictures',
			localPath: 'C:\\Users\\ann\\Pictures',
			storageId: 'acc-wasabi-1',
			syncIntervalSeconds: 900,
			transferOptions: DRIVE_CONFIG.standardTransfer,
			keepFileAfterUpload: true,
			account: { id: 'acc-wasabi-1', cloudType: 2 }
		});
		for (const syncIntervalSeconds of [undefined, 59, 604_801, '900'])
			expect(
				Object.keys(
					(
						await refusal(
							'POST',
							'/management/cloudbackup',
							backup({ name: 'x', syncIntervalSeconds })
						)
					).errors
				)
			).toEqual(['syncIntervalSeconds']);
		const inside = await refusal(
			'POST',
			'/management/cloudbackup',
			backup({ name: 'Holidays', localPath: 'C:\\Users\\ann\\Pictures\\Holidays 2026' })
		);
		expect(inside).toMatchObject({
			type: 'SECURITY',
			errors: { localPath: [expect.stringMatching(/Pictures's backed-up folder/)] }
		});
	});

	it('changes what may change, locks its folder and encryption, 404 for an unknown id', async () => {
		const laptop = (await get<Model[]>('/management/cloudbackup'))[0]!;
		const renamed = await send('PUT', `/management/cloudbackup/${LAPTOP}`, {
			...laptop,
			name: 'Ann’s documents',
			syncIntervalSeconds: 3600,
			transferOptions: { chunkSize: 1 }
		});
		expect(renamed.status, renamed.text).toBe(200);
		expect(renamed.json).toMatchObject({
			name: 'Ann’s documents',
			syncIntervalSeconds: 3600,
			transferOptions: laptop.transferOptions
		});
		const locked = await refusal('PUT', `/management/cloudbackup/${LAPTOP}`, {
			...laptop,
			localPath: 'C:\\Users\\ann\\Desktop',
			cloudObjectsEncrypted: false,
			localCacheEncrypted: true
		});
		expect(locked.type).toBe('LOCKED');
		expect(Object.keys(locked.errors).sort()).toEqual([
			'cloudObjectsEncrypted',
			'localCacheEncrypted',
			'localPath'
		]);
		// The same folder in another spelling is no change.
		const same = await send('PUT', `/management/cloudbackup/${LAPTOP}`, {
			...laptop,
			localPath: 'c:/users/ann/documents/'
		});
		expect(same.status, same.text).toBe(200);
		expect((await send('PUT', '/management/cloudbackup/nope', laptop)).status).toBe(404);
		expect((await send('DELETE', '/management/cloudbackup/nope')).status).toBe(404);
	});

	it('removes a backup: its reports answer 404, its folder is free for a new one', async () => {
		const r = await send('DELETE', `/management/cloudbackup/${LAPTOP}`);
		expect(r.status).toBe(200);
		expect((await get<Model[]>('/management/cloudbackup')).map((b) => b.id)).not.toContain(LAPTOP);
		expect((await api.call('GET', `/backupreport/sync_health/${LAPTOP}`)).status).toBe(404);
		const view = await get<{ removed: unknown[] }>('/__sim/drives');
		expect(view.removed).toEqual([
			{
				kind: 'backup',
				id: LAPTOP,
				name: 'Laptop documents',
				pendingUploads: 6,
				folder: 'C:\\Users\\ann\\Documents'
			}
		]);
		await created(
			'/management/cloudbackup',
			backup({ name: 'Laptop documents', localPath: 'C:\\Users\\ann\\Documents' })
		);
	});
});

describe('changing a drive', () => {
	it('stores a credential of the model as a PUT sends it', async () => {
		const team = (await drive(TEAM))!;
		expect(team.encryptionPassphrase).toBe('team-drive-passphrase');
		const r = await send('PUT', `/management/clouddrive/${TEAM}`, {
			...team,
			encryptionPassphrase: '***'
		});
		expect(r.status, r.text).toBe(200);
		expect((await drive(TEAM))!.encryptionPassphrase).toBe('***');
	});

	it('moves a virtual drive to a free letter, which frees the old one', async () => {
		const team = (await drive(TEAM))!;
		const r = await send('PUT', `/management/clouddrive/${TEAM}`, {
			...team,
			name: 'Team',
			driveName: 'F'
		});
		expect(r.status, r.text).toBe(200);
		expect(r.json).toMatchObject({
			name: 'Team',
			driveName: 'F',
			localPath: 'F:\\',
			transferOptions: team.transferOptions
		});
		const free = await get<string[]>('/management/list_available_drives');
		expect(free).toContain('G');
		expect(free).not.toContain('F');
		const taken = await refusal('PUT', `/management/clouddrive/${TEAM}`, {
			...team,
			driveName: 'H'
		});
		expect(taken).toMatchObject({ type: 'DUPLICATE', errors: { driveName: [expect.any(String)] } });
		const twin = await refusal('PUT', `/management/clouddrive/${TEAM}`, {
			...team,
			name: 'archive'
		});
		expect(twin).toMatchObject({ type: 'DUPLICATE', errors: { name: [expect.any(String)] } });
	});

	it('refuses, naming each field, what cannot change on a live drive', async () => {
		const team = (await drive(TEAM))!;
		const locked = await refusal('PUT', `/management/clouddrive/${TEAM}`, {
			...team,
			cloudObjectsEncrypted: false,
			localCacheEncrypted: true,
			permanentLocalPath: 'D:\\Elsewhere'
		});
		expect(locked).toMatchObject({ type: 'LOCKED', status: 499 });
		expect(Object.keys(locked.errors).sort()).toEqual([
			'cloudObjectsEncrypted',
			'localCacheEncrypted',
			'permanentLocalPath'
		]);
		expect(locked.errors.permanentLocalPath![0]).toMatch(/clouddrive_change_cache/);
		const type = await refusal('PUT', `/management/clouddrive/${TEAM}`, {
			...team,
			driveType: 2,
			localPath: 'D:\\Scratch'
		});
		expect(Object.keys(type.errors)).toEqual(['driveType']);
		const archive = (await drive(ARCHIVE))!;
		const folder = await refusal('PUT', `/management/clouddrive/${ARCHIVE}`, {
			...archive,
			localPath: 'D:\\Scratch'
		});
		expect(folder).toMatchObject({
			type: 'LOCKED',
			errors: { localPath: [expect.stringMatching(/add a new one/)] }
		});
		expect(await drive(TEAM)).toEqual(team);
		expect((await send('PUT', '/management/clouddrive/unknown-id', team)).status).toBe(404);
	});

	it('changes a drive whose folder the machine does not hold (generated ones)', async () => {
		await api.call('POST', '/__sim/drives/generate', { body: { count: 1, backups: 1 } });
		for (const area of ['clouddrive', 'cloudbackup']) {
			const generated = (await get<Model[]>(`/management/${area}`)).at(-1)!;
			const r = await send('PUT', `/management/${area}/${generated.id}`, {
				...generated,
				name: `${generated.name} renamed`
			});
			expect(r.status, r.text).toBe(200);
		}
	});
});

describe('a new drive or backup fills as it syncs', () => {
	type Health = Record<string, number>;
	type States = { Total: number; StateCounts: { State: string; Count: number }[] };

	it('starts empty and finds its bucket’s files in batches on the agent’s clock', async () => {
		const d = await created('/management/clouddrive', virtualDrive());
		const health = () => get<Health>(`/drivereport/sync_health/${d.id}`);
		expect((await health()).TotalTrackedFiles).toBe(0);
		expect((await get<States>(`/drivereport/file_states/${d.id}`)).Total).toBe(0);
		sim.clock.advance(2000);
		const first = (await health()).TotalTrackedFiles!;
		expect(first).toBeGreaterThan(0);
		sim.clock.advance(4000);
		const h = await health();
		expect(h.TotalTrackedFiles).toBe(9);
		expect(h.TotalTrackedFiles).toBeGreaterThan(first);
		const states = await get<States>(`/drivereport/file_states/${d.id}`);
		expect(states.Total).toBe(9);
		expect(states.StateCounts.reduce((n, s) => n + s.Count, 0)).toBe(9);
		const summary = await get<Record<string, number>>(`/drivereport/summary/${d.id}`);
		expect(summary.TotalFiles).toBe(9);
	});

	it('uploads a new backup’s files, the reports and the history agreeing', async () => {
		const frames = await openSocket(sim, 'statechange');
		const b = await created('/management/cloudbackup', backup());
		sim.clock.advance(6000);
		const h = await vi.waitFor(async () => {
			const health = await get<Health>(`/backupreport/sync_health/${b.id}`);
			expect(health.FilesNormal! + health.FilesWithErrors!).toBe(4);
			return health;
		}, 10_000);
		expect(h).toMatchObject({ TotalTrackedFiles: 4, FilesPendingUpload: 0, FilesUploading: 0 });
		expect(h.SyncCompletionPercent).toBe(((4 - h.FilesWithErrors!) / 4) * 100);
		expect(frames.frames).toContainEqual(
			expect.objectContaining({ Path: 'C:\\Users\\ann\\Pictures\\profile.png', State: 4 })
		);
		const token = await api.login();
		const activity = await get<{ Total: number }>(
			`/backupreport/transfer_activity/${b.id}?token=${token}`
		);
		expect(activity.Total).toBe(4);
		frames.ws.close();
	});
});

describe('moving and resizing a cache', () => {
	it('moves a cache over a few seconds, saying so in the model, the summary and the frames', async () => {
		const socket = await openSocket(sim, 'notification');
		const team = (await drive(TEAM))!;
		const r = await send('PUT', `/management/clouddrive_change_cache/${TEAM}`, {
			...team,
			permanentLocalPath: 'd:\\caches\\team',
			maximumCacheSize: 0
		});
		expect(r.status, r.text).toBe(200);
		expect(r.json).toMatchObject({
			permanentLocalPath: team.permanentLocalPath,
			maximumCacheSize: 0,
			cacheMove: { destination: 'D:\\caches\\team', percent: 0 }
		});
		expect((await get<{ Status: string }>(`/drivereport/summary/${TEAM}`)).Status).toBe(
			'MovingCache'
		);
		const busy = await refusal('PUT', `/management/clouddrive/${TEAM}`, team);
		expect(busy.type).toBe('STATUS');
		expect((await send('DELETE', `/management/clouddrive/${TEAM}`)).status).toBe(499);
		sim.clock.advance(2000);
		expect((await drive(TEAM))!.cacheMove).toEqual({
			destination: 'D:\\caches\\team',
			percent: 40
		});
		sim.clock.advance(3000);
		const moved = (await drive(TEAM))!;
		expect(moved.permanentLocalPath).toBe('D:\\caches\\team');
		expect(moved).not.toHaveProperty('cacheMove');
		expect((await get<{ Status: string }>(`/drivereport/summary/${TEAM}`)).Status).toBe('Running');
		const percents = await until(() => {
			const list = socket.frames
				.map((f) => f as { Type: number; Data: Record<string, unknown> })
				.filter((f) => f.Type === 2 && f.Data.Operation === 'CacheMove' && f.Data.DriveId === TEAM)
				.map((f) => f.Data.Percent);
			return list.length === 6 && list;
		});
		expect(percents).toEqual([0, 20, 40, 60, 80, 100]);
		socket.ws.close();
	});

	it('tells a move only by the summary when asked to, as an agent answering the stored model may', async () => {
		sim.options.cacheMoveNews = 'summary';
		const socket = await openSocket(sim, 'notification');
		const team = (await drive(TEAM))!;
		const r = await send('PUT', `/management/clouddrive_change_cache/${TEAM}`, {
			...team,
			permanentLocalPath: 'd:\\caches\\quiet'
		});
		expect(r.status, r.text).toBe(200);
		expect(r.json).not.toHaveProperty('cacheMove');
		expect(await drive(TEAM)).not.toHaveProperty('cacheMove');
		expect((await get<{ Status: string }>(`/drivereport/summary/${TEAM}`)).Status).toBe(
			'MovingCache'
		);
		expect((await refusal('PUT', `/management/clouddrive/${TEAM}`, team)).type).toBe('STATUS');
		sim.clock.advance(5000);
		expect((await drive(TEAM))!.permanentLocalPath).toBe('D:\\caches\\quiet');
		expect((await get<{ Status: string }>(`/drivereport/summary/${TEAM}`)).Status).toBe('Running');
		const moves = socket.frames.filter(
			(f) => (f as { Data?: { Operation?: string } }).Data?.Operation === 'CacheMove'
		);
		expect(moves).toEqual([]);
		socket.ws.close();
	});

	it('resizes at once, and re-encrypts in place as a move', async () => {
		const team = (await drive(TEAM))!;
		const size = await send('PUT', `/management/clouddrive_change_cache/${TEAM}`, {
			...team,
			maximumCacheSize: 100 * 1024 ** 3,
			rotationalCache: false
		});
		expect(size.json).toMatchObject({ maximumCacheSize: 100 * 1024 ** 3, rotationalCache: false });
		expect(size.json).not.toHaveProperty('cacheMove');
		const enc = await send('PUT', `/management/clouddrive_change_cache/${TEAM}`, {
			...team,
			localCacheEncrypted: true
		});
		expect(enc.json).toMatchObject({
			localCacheEncrypted: false,
			cacheMove: { destination: team.permanentLocalPath }
		});
		sim.clock.advance(5000);
		expect((await drive(TEAM))!.localCacheEncrypted).toBe(true);
	});

	it('refuses a cache folder without room, inside another drive, or of a synced folder', async () => {
		const team = (await drive(TEAM))!;
		const summary = await get<{ CacheSizeBytes: number }>(`/drivereport/summary/${TEAM}`);
		expect(summary.CacheSizeBytes).toBeGreaterThan(2 * 1024 ** 3);
		const path = `/management/clouddrive_change_cache/${TEAM}`;
		const room = await refusal('PUT', path, { ...team, permanentLocalPath: 'E:\\Cache' });
		expect(room).toMatchObject({
			type: 'LIMIT',
			errors: { permanentLocalPath: [expect.stringMatching(/E:\\ has 2\.0 GB free/)] }
		});
		const inside = await refusal('PUT', path, {
			...team,
			permanentLocalPath: 'D:\\Archive\\cache'
		});
		expect(inside).toMatchObject({
			type: 'SECURITY',
			errors: { permanentLocalPath: [expect.any(String)] }
		});
		const design = (await get<Model[]>('/management/clouddrive'))[2]!;
		const other = await refusal('PUT', path, {
			...team,
			permanentLocalPath: design.permanentLocalPath
		});
		expect(other.type).toBe('SECURITY');
		const size = await refusal('PUT', path, { ...team, maximumCacheSize: 5 });
		expect(Object.keys(size.errors)).toEqual(['maximumCacheSize']);
		const archive = (await drive(ARCHIVE))!;
		const synced = await refusal('PUT', `/management/clouddrive_change_cache/${ARCHIVE}`, {
			...archive,
			permanentLocalPath: 'D:\\Scratch'
		});
		expect(synced.type).toBe('LOCKED');
		expect((await send('PUT', '/management/clouddrive_change_cache/nope', team)).status).toBe(404);
		expect((await drive(TEAM))!.permanentLocalPath).toBe(team.permanentLocalPath);
	});
});

describe('removing a drive', () => {
	it('unregisters it: its reports answer 404, its letter is free, its pending files stay in the cache', async () => {
		const health = await get<{ FilesPendingUpload: number; FilesUploading: number }>(
			`/drivereport/sync_health/${TEAM}`
		);
		expect((await send('DELETE', `/management/clouddrive/${TEAM}`)).status).toBe(200);
		expect(await drive(TEAM)).toBeUndefined();
		for (const report of ['summary', 'sync_health', 'file_states', 'dashboard'])
			expect((await api.call('GET', `/drivereport/${report}/${TEAM}`)).status, report).toBe(404);
		expect(await get('/management/list_available_drives')).toContain('G');
		expect((await api.call('GET', '/management/exist_clouddrive?path=G%3A%5Cx')).json).toBe('0');
		const view = await get<{ removed: unknown[] }>('/__sim/drives');
		expect(view.removed).toEqual([
			{
				kind: 'drive',
				id: TEAM,
				name: 'Team Drive',
				pendingUploads: health.FilesPendingUpload + health.FilesUploading,
				folder: 'C:\\ProgramData\\Agent\\cache\\team-drive'
			}
		]);
		expect((await send('DELETE', `/management/clouddrive/${TEAM}`)).status).toBe(404);
	});
});

describe('is a path in a drive', () => {
	it('answers the string 1 or 0, drives only', async () => {
		const exist = async (path: string) =>
			(await api.call('GET', `/management/exist_clouddrive?path=${encodeURIComponent(path)}`)).json;
		expect(await exist('G:\\Projects\\a.mov')).toBe('1');
		expect(await exist('d:/archive')).toBe('1');
		expect(await exist('D:\\Archived')).toBe('0');
		expect(await exist('C:\\Users\\ann\\Documents')).toBe('0');
		const r = await api.call('GET', '/management/exist_clouddrive');
		expect(r.status).toBe(499);
		expect(r.text).not.toBe('"1"');
	});
});

describe('every change is announced with its caller', () => {
	it('sends an AppNotification with the X-App-Origin of each non-GET call, refused ones too', async () => {
		const socket = await openSocket(sim, 'notification');
		const d = await created('/management/clouddrive', virtualDrive());
		const team = (await drive(TEAM))!;
		await send('PUT', `/management/clouddrive/${d.id}`, { ...d, name: 'Renamed' });
		await send('PUT', `/management/clouddrive_change_cache/${TEAM}`, {
			...team,
			maximumCacheSize: 0
		});
		await send('DELETE', `/management/clouddrive/${d.id}`);
		await send('POST', '/management/cloudbackup', {});
		await send('POST', '/management/make_directory', { directoryName: 'New' });
		await api.call('DELETE', `/management/cloudbackup/${LAPTOP}`, {
			headers: { 'x-app-origin': 'a-script' }
		});
		const expected = [
			['clouddrive', '/management/clouddrive', 'POST', 'agent-console'],
			[`clouddrive/${d.id}`, `/management/clouddrive/${d.id}`, 'PUT', 'agent-console'],
			[
				`clouddrive_change_cache/${TEAM}`,
				`/management/clouddrive_change_cache/${TEAM}`,
				'PUT',
				'agent-console'
			],
			[`clouddrive/${d.id}`, `/management/clouddrive/${d.id}`, 'DELETE', 'agent-console'],
			['cloudbackup', '/management/cloudbackup', 'POST', 'agent-console'],
			['make_directory', '/management/make_directory', 'POST', 'agent-console'],
			[`cloudbackup/${LAPTOP}`, `/management/cloudbackup/${LAPTOP}`, 'DELETE', 'a-script']
		].map(([Operation, EndpointAddress, HttpMethod, Origin]) => ({
			Operation,
			EndpointAddress,
			HttpMethod,
			Origin
		}));
		const seen = await until(() => {
			const list = socket.frames
				.filter((f) => (f as { Type: number }).Type === 4)
				.map((f) => (f as { Data: unknown }).Data);
			return list.length === expected.length && list;
		});
		expect(seen).toEqual(expected);
		socket.ws.close();
	});
});

describe('the control surface', () => {
	it('changes a drive behind the console, announced with Origin agent-app', async () => {
		const socket = await openSocket(sim, 'notification');
		const r = await api.call('POST', `/__sim/drives/${TEAM.toUpperCase()}`, {
			body: { name: 'Renamed in the app', driveName: 'K', account: { id: 'acc-wasabi-1' } }
		});
		expect(r.status, r.text).toBe(200);
		expect(r.json).toMatchObject({ id: TEAM, name: 'Renamed in the app', localPath: 'K:\\' });
		expect(await drive(TEAM)).toMatchObject({
			name: 'Renamed in the app',
			driveName: 'K',
			localPath: 'K:\\',
			account: { id: 'acc-wasabi-1', cloudType: 1 }
		});
		const frame = await until(() => socket.frames.find((f) => (f as { Type: number }).Type === 4));
		expect(frame).toEqual({
			Type: 4,
			Data: {
				Operation: `clouddrive/${TEAM}`,
				EndpointAddress: `/management/clouddrive/${TEAM}`,
				HttpMethod: 'PUT',
				Origin: 'agent-app'
			}
		});
		const backupChange = await api.call('POST', `/__sim/drives/${LAPTOP}`, {
			body: { syncIntervalSeconds: 60 }
		});
		expect(backupChange.json).toMatchObject({ syncIntervalSeconds: 60 });
		socket.ws.close();
	});

	it('refuses a change it cannot make, in words', async () => {
		for (const [body, message] of [
			[{ files: [] }, /files is not a field/],
			[{ id: 'x' }, /id is not a field/],
			[{ nope: 1 }, /nope is not a field/],
			[{ name: 5 }, /name must be a string/],
			[{ transferOptions: { chunkSize: 'big' } }, /transferOptions.chunkSize/],
			[{ account: 'acc' }, /account must be an object/]
		] as const) {
			const r = await api.call('POST', `/__sim/drives/${TEAM}`, { body });
			expect(r.status, JSON.stringify(body)).toBe(400);
			expect((r.json as { error: string }).error).toMatch(message);
		}
		expect((await api.call('POST', '/__sim/drives/nope', { body: { name: 'x' } })).status).toBe(
			404
		);
		expect((await drive(TEAM))!.name).toBe('Team Drive');
	});

	it('makes the agent refuse the next create on a named field, once', async () => {
		const r = await api.call('POST', '/__sim/drives/refuse', {
			body: {
				field: 'storageName',
				code: 'ACCESS',
				message: 'The account cannot reach this bucket.'
			}
		});
		expect(r.status, r.text).toBe(200);
		const refused = await refusal('POST', '/management/clouddrive', virtualDrive());
		expect(refused).toEqual({
			type: 'ACCESS',
			status: 499,
			errors: { storageName: ['The account cannot reach this bucket.'] }
		});
		expect((await get<Model[]>('/management/clouddrive')).length).toBe(4);
		await created('/management/clouddrive', virtualDrive());
		// A backup's create, and a change of one drive, the same way.
		await api.call('POST', '/__sim/drives/refuse', { body: { kind: 'backup', field: 'prefix' } });
		expect(await refusal('POST', '/management/cloudbackup', backup())).toMatchObject({
			type: 'VALIDATION',
			errors: { prefix: [expect.any(String)] }
		});
		await api.call('POST', '/__sim/drives/refuse', { body: { field: 'name', id: TEAM } });
		const team = (await drive(TEAM))!;
		expect((await refusal('PUT', `/management/clouddrive/${TEAM}`, team)).errors).toHaveProperty(
			'name'
		);
		expect((await send('PUT', `/management/clouddrive/${TEAM}`, team)).status).toBe(200);
		for (const body of [{}, { field: 3 }, { field: 'name', kind: 'share' }, { field: 'x', id: 4 }])
			expect((await api.call('POST', '/__sim/drives/refuse', { body })).status).toBe(400);
		// A reset forgets a refusal not yet used.
		await api.call('POST', '/__sim/drives/refuse', { body: { field: 'name' } });
		await api.call('POST', '/__sim/reset');
		await created('/management/clouddrive', virtualDrive());
	});
});

describe('bad requests', () => {
	const CHANGES: [string, string][] = [
		['POST', '/management/clouddrive'],
		['POST', '/management/cloudbackup'],
		['PUT', `/management/clouddrive/${TEAM}`],
		['PUT', `/management/cloudbackup/${LAPTOP}`],
		['PUT', `/management/clouddrive_change_cache/${TEAM}`],
		['POST', '/management/make_directory']
	];

	it('answers malformed, missing and non-object bodies with 499 VALIDATION keyed body', async () => {
		for (const [method, path] of CHANGES)
			for (const raw of ['{"name":', '', '[1,2]', '"text"', 'null', '42']) {
				const r = await api.call(method, path, {
					raw,
					headers: { 'content-type': 'application/json' }
				});
				expect(r.status, `${method} ${path} ${raw}`).toBe(499);
				expect(r.json).toMatchObject({
					type: 'VALIDATION',
					errors: { body: [expect.any(String)] }
				});
			}
		expect((await get<Model[]>('/management/clouddrive')).length).toBe(4);
	});

	it('answers a body over the limit with 413, and keeps serving', async () => {
		for (const [method, path] of CHANGES) {
			const r = await api.call(method, path, { body: { name: 'x'.repeat(200_000) } });
			expect(r.status, `${method} ${path}`).toBe(413);
		}
		expect((await api.call('GET', '/management/agent_status')).status).toBe(200);
	});

	it('answers odd values in every field with 499, never 500', async () => {
		const odd: unknown[] = [null, true, -1, 1e308, '', 'x'.repeat(300), [], {}, '\u0000', '😀'];
		const fields = [
			'name',
			'storageName',
			'prefix',
			'driveName',
			'driveType',
			'syncType',
			'permissionType',
			'localPath',
			'permanentLocalPath',
			'maximumCacheSize',
			'syncIntervalSeconds',
			'localCacheEncrypted',
			'account',
			'directoryName',
			'path'
		];
		const team = (await drive(TEAM))!;
		for (const [method, path] of CHANGES)
			for (const field of fields)
				for (const value of odd) {
					const base = path.includes('backup') ? backup() : path.includes('make') ? {} : team;
					const r = await api.call(method, path, { body: { ...base, [field]: value } });
					expect([200, 404, 499], `${method} ${path} ${field}=${JSON.stringify(value)}`).toContain(
						r.status
					);
				}
		expect((await api.call('GET', '/management/agent_status')).status).toBe(200);
	});
});
