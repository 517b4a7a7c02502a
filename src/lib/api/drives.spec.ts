import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAgent } from '$lib/test/fake-agent';
import {
	changeBackup,
	changeDrive,
	createBackup,
	createDrive,
	isInDrive,
	moveDriveCache,
	oneADay,
	readDriveOrBackup,
	removeBackup,
	removeDrive,
	trendDays,
	type BackupBody,
	type DriveBody
} from './drives.ts';
import { AgentContractError, AgentHttpError } from './errors.ts';
import type { Drive } from './schemas/drives.ts';

describe('trend days', () => {
	const sent = [
		{ Date: '2026-11-25T00:00:00', Value: 2 },
		{ Date: '2026-11-24', Value: 4 },
		{ Date: '2026-11-25', Value: 1 },
		{ Date: 'not a day', Value: 9 },
		{ Value: 3 }
	];

	it('keeps every point as sent, in order of days, odd ones left out', () => {
		expect(trendDays(sent).map((p) => [p.day, p.value])).toEqual([
			['2026-11-24', 4],
			['2026-11-25', 2],
			['2026-11-25', 1]
		]);
		expect(trendDays(null)).toEqual([]);
	});

	it('has one point a day for charts: a day listed twice added up or averaged', () => {
		const points = trendDays(sent);
		expect(oneADay(points, 'sum')).toEqual({
			points: [
				{ at: Date.parse('2026-11-24T12:00:00Z'), day: '2026-11-24', value: 4 },
				{ at: Date.parse('2026-11-25T12:00:00Z'), day: '2026-11-25', value: 3 }
			],
			repeated: ['2026-11-25']
		});
		expect(oneADay(points, 'mean').points.map((p) => p.value)).toEqual([4, 1.5]);
		expect(oneADay(points.slice(0, 2), 'sum').repeated).toEqual([]);
	});
});

describe('configuring drives and backups', () => {
	afterEach(() => vi.unstubAllGlobals());

	const stored = {
		id: 'd-1',
		name: 'Team Drive',
		driveName: 'G',
		driveType: 1,
		localPath: 'G:\\',
		permanentLocalPath: 'C:\\Agent\\cache\\d-1',
		maximumCacheSize: 0,
		transferOptions: { chunkSize: 5242880, retryCount: 5, concurrentChunks: 5, concurrentFiles: 5 },
		account: { id: 'acc-1', cloudType: 1, region: 'eu-west-1' },
		brandNew: { kept: true }
	};
	const body: DriveBody = {
		name: 'Team Drive',
		storageName: 'team-bucket',
		prefix: '',
		driveName: 'G',
		driveType: 1,
		syncType: 1,
		permissionType: 2,
		localCacheEncrypted: false,
		cloudObjectsEncrypted: false,
		allowDelete: false,
		maximumCacheSize: 0,
		permanentLocalPath: '$$$',
		account: { id: 'acc-1' }
	};

	it('creates a drive with a POST naming the console, and reads the stored model', async () => {
		const calls = fakeAgent(200, JSON.stringify(stored));
		const drive = await createDrive(body);
		expect(calls).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: '/management/clouddrive',
				headers: expect.objectContaining({ 'x-app-origin': 'agent-console' }),
				body
			})
		]);
		expect(drive).toMatchObject({ id: 'd-1', transferOptions: { retryCount: 5 } });
		// Fields this console does not know stay, so a change sends them back.
		expect(drive).toMatchObject({ brandNew: { kept: true }, account: { region: 'eu-west-1' } });
	});

	it('keeps the open fields of a stored model as sent, whatever their type', async () => {
		fakeAgent(
			200,
			JSON.stringify({
				id: 'd-1',
				maximumCacheSize: '50 GB',
				transferOptions: 'standard',
				storageId: { id: 3 },
				account: { id: { odd: true }, cloudType: 1 }
			})
		);
		expect(await createDrive(body)).toEqual({
			id: 'd-1',
			maximumCacheSize: '50 GB',
			transferOptions: 'standard',
			storageId: { id: 3 },
			account: { id: { odd: true }, cloudType: 1 }
		});
	});

	it('changes a drive and a backup with a PUT of the whole model to its id', async () => {
		const calls = fakeAgent(200, JSON.stringify(stored));
		const model = { ...stored, id: 'a/b' } as Drive;
		await changeDrive(model);
		await changeBackup({ ...model, id: 'b-1' });
		expect(calls.map((c) => [c.method, c.path, c.headers['x-app-origin']])).toEqual([
			['PUT', '/management/clouddrive/a%2Fb', 'agent-console'],
			['PUT', '/management/cloudbackup/b-1', 'agent-console']
		]);
		expect(calls[0]?.body).toEqual(model);
	});

	it('moves a cache with the model and the new cache folder, size and flags', async () => {
		const calls = fakeAgent(200, JSON.stringify(stored));
		await moveDriveCache(stored as Drive, {
			permanentLocalPath: 'E:\\Cache',
			maximumCacheSize: 2 * 1024 ** 3,
			rotationalCache: true
		});
		expect(calls[0]).toMatchObject({
			method: 'PUT',
			path: '/management/clouddrive_change_cache/d-1',
			headers: { 'x-app-origin': 'agent-console' },
			body: {
				...stored,
				permanentLocalPath: 'E:\\Cache',
				maximumCacheSize: 2147483648,
				rotationalCache: true
			}
		});
	});

	describe('a model read masked and sent back', () => {
		const secret = {
			...stored,
			encryptionPassphrase: 'correct horse',
			account: { ...stored.account, secretKey: 'wJalrXUtnFEMI' }
		};
		/** The agent: the list on a GET, the stored model on a PUT. */
		const agent = () =>
			fakeAgent(200, (call) =>
				JSON.stringify(call.method === 'GET' ? [{ id: 'd-0' }, secret] : secret)
			);

		it('reads masked, and sends the stored credentials back, not the mask', async () => {
			const calls = agent();
			const model = (await readDriveOrBackup('drive', 'd-1'))!;
			expect(model).toMatchObject({
				encryptionPassphrase: '***',
				account: { secretKey: '***' }
			});
			const saved = await changeDrive({ ...model, name: 'Renamed' });
			expect(saved).toMatchObject({ encryptionPassphrase: '***' });
			expect(calls.map((c) => [c.method, c.path])).toEqual([
				['GET', '/management/clouddrive'],
				['GET', '/management/clouddrive'],
				['PUT', '/management/clouddrive/d-1']
			]);
			expect(calls[2]?.body).toEqual({ ...secret, name: 'Renamed' });
		});

		it('does the same for a backup and a cache move', async () => {
			const calls = agent();
			const model = { ...stored, encryptionPassphrase: '***' } as Drive;
			await changeBackup(model);
			await moveDriveCache(model, { permanentLocalPath: 'E:\\Cache', maximumCacheSize: 0 });
			expect(calls.map((c) => [c.method, c.path])).toEqual([
				['GET', '/management/cloudbackup'],
				['PUT', '/management/cloudbackup/d-1'],
				['GET', '/management/clouddrive'],
				['PUT', '/management/clouddrive_change_cache/d-1']
			]);
			expect(calls[1]?.body).toMatchObject({ encryptionPassphrase: 'correct horse' });
			expect(calls[3]?.body).toMatchObject({
				encryptionPassphrase: 'correct horse',
				permanentLocalPath: 'E:\\Cache'
			});
		});

		it('leaves a masked field out when the stored model cannot be read', async () => {
			const calls = fakeAgent(200, (call) => (call.method === 'GET' ? '<html>' : '{"id":"d-1"}'));
			await changeDrive({ ...stored, encryptionPassphrase: '***' } as Drive);
			expect(calls[1]?.method).toBe('PUT');
			expect(calls[1]?.body).toEqual(stored);
		});
	});

	it('removes a drive and a backup with a DELETE, whatever the 200 carries', async () => {
		const calls = fakeAgent(200, '');
		await removeDrive('d-1');
		await removeBackup('b 1');
		expect(calls.map((c) => [c.method, c.path, c.headers['x-app-origin']])).toEqual([
			['DELETE', '/management/clouddrive/d-1', 'agent-console'],
			['DELETE', '/management/cloudbackup/b%201', 'agent-console']
		]);
	});

	it('reads one item afresh from its list, and null when it is gone', async () => {
		const calls = fakeAgent(200, JSON.stringify([{ name: 'no id' }, stored, { id: 'd-2' }]));
		expect(await readDriveOrBackup('drive', 'd-1')).toMatchObject({
			id: 'd-1',
			name: 'Team Drive'
		});
		expect(await readDriveOrBackup('backup', 'gone')).toBeNull();
		expect(calls.map((c) => [c.method, c.path])).toEqual([
			['GET', '/management/clouddrive'],
			['GET', '/management/cloudbackup']
		]);
		fakeAgent(200, '{"not":"a list"}');
		await expect(readDriveOrBackup('drive', 'd-1')).rejects.toBeInstanceOf(AgentContractError);
	});

	it('creates a backup with a POST', async () => {
		const calls = fakeAgent(200, JSON.stringify({ id: 'b-1', name: 'Photos' }));
		const backup: BackupBody = {
			name: 'Photos',
			localPath: 'C:\\Users\\ana\\Pictures',
			prefix: 'photos/',
			storageName: 'team-bucket',
			syncIntervalSeconds: 300,
			localCacheEncrypted: false,
			cloudObjectsEncrypted: true,
			account: { id: 'acc-1' }
		};
		expect(await createBackup(backup)).toMatchObject({ id: 'b-1' });
		expect(calls[0]).toMatchObject({
			method: 'POST',
			path: '/management/cloudbackup',
			body: backup
		});
	});

	it('turns a stored model without an id, or not JSON, into a contract error', async () => {
		fakeAgent(200, JSON.stringify({ name: 'No id' }));
		await expect(createDrive(body)).rejects.toBeInstanceOf(AgentContractError);
		fakeAgent(200, '<html>');
		await expect(changeDrive(stored as Drive)).rejects.toBeInstanceOf(AgentContractError);
		fakeAgent(200, JSON.stringify({ id: 'd-1', driveType: 'VirtualDrive' }));
		await expect(createDrive(body)).rejects.toMatchObject({
			kind: 'contract',
			detail: 'driveType: expected number'
		});
	});

	it("keeps the agent's refusal of a field for the form to show beside it", async () => {
		fakeAgent(
			499,
			JSON.stringify({ type: 'VALIDATION', errors: { driveName: ['The letter G is taken.'] } })
		);
		const error = await createDrive(body).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(AgentHttpError);
		expect(error).toMatchObject({
			code: 'VALIDATION',
			fieldErrors: { driveName: ['The letter G is taken.'] }
		});
	});

	it('reads whether a path is in a drive: "1", "0", their numbers and booleans, else unknown', async () => {
		for (const [sent, read] of [
			['"1"', true],
			['"0"', false],
			['1', true],
			['0', false],
			['true', true],
			['false', false],
			['"yes"', null],
			['2', null],
			['', null],
			['{"exists":true}', null]
		] as const) {
			const calls = fakeAgent(200, sent);
			expect(await isInDrive('C:\\Users\\ana'), sent).toBe(read);
			expect(calls[0]).toMatchObject({
				method: 'GET',
				path: '/management/exist_clouddrive',
				query: { path: 'C:\\Users\\ana' }
			});
		}
		fakeAgent(200, 'yes');
		await expect(isInDrive('/home')).rejects.toBeInstanceOf(AgentContractError);
	});
});
