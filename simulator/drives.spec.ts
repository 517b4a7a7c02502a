import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, testSimulator } from './test/helpers.ts';
import type { Simulator } from './server.ts';

let sim: Simulator;
let api: ReturnType<typeof client>;

beforeAll(async () => {
	sim = await testSimulator();
	api = client(sim);
});
afterAll(() => sim.close());

type Drive = { id: string; name: string; localPath: string; driveName: string };
type Health = Record<string, number | string | { Label: string; Value: number }[]>;

describe('drives and backups', () => {
	it('lists the drives and backups without a token, narrowed by a local path', async () => {
		const drives = (await api.call('GET', '/management/clouddrive')).json as Drive[];
		expect(drives.map((d) => d.name)).toEqual(['Team Drive', 'Archive']);
		expect(drives[0]).toMatchObject({ driveName: 'G', driveType: 1, account: { cloudType: 1 } });
		expect(drives[0]).not.toHaveProperty('files');
		const narrowed = (await api.call('GET', '/management/clouddrive?path=D%3A%5CArchive%5Cx.mov'))
			.json as Drive[];
		expect(narrowed.map((d) => d.name)).toEqual(['Archive']);
		expect((await api.call('GET', '/management/clouddrive?path=Z%3A%5C')).json).toEqual([]);
		const backups = (await api.call('GET', '/management/cloudbackup')).json as Drive[];
		expect(backups.map((b) => b.name)).toEqual(['Laptop documents']);
	});

	it('answers sync health whose counts add up, PascalCase, with the status in words', async () => {
		const [team, archive] = (await api.call('GET', '/management/clouddrive')).json as Drive[];
		const h = (await api.call('GET', `/drivereport/sync_health/${team!.id}`)).json as Health;
		expect(h).toMatchObject({
			DriveId: team!.id,
			DriveStatus: 'Syncing',
			FilesPendingUpload: 9,
			FilesUploading: 2,
			FilesPendingDownload: 4,
			FilesDownloading: 1,
			FilesWithErrors: 0,
			TotalTrackedFiles: 240
		});
		const breakdown = h.SyncStateBreakdown as { Value: number }[];
		expect(breakdown.reduce((sum, x) => sum + x.Value, 0)).toBe(240);
		expect(h.FilesNormal).toBe(240 - 16);
		const a = (await api.call('GET', `/drivereport/sync_health/${archive!.id}`)).json as Health;
		expect(a).toMatchObject({ DriveStatus: 'Error', FilesWithErrors: 3 });
		const [backup] = (await api.call('GET', '/management/cloudbackup')).json as Drive[];
		const b = (await api.call('GET', `/backupreport/sync_health/${backup!.id}`)).json as Health;
		expect(b).toMatchObject({ BackupStatus: 'Synced', SyncCompletionPercent: 100 });
	});

	it('answers 404 NOT_FOUND for an unknown id', async () => {
		const r = await api.call('GET', '/drivereport/sync_health/nope');
		expect(r.status).toBe(404);
		expect(r.json).toMatchObject({ type: 'NOT_FOUND' });
	});
});
