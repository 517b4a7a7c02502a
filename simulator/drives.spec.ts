import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Client, openSocket, shareSimulator, until } from './test/helpers.ts';
import type { Simulator } from './server.ts';

let sim: Simulator;
let api: Client;
let token: string;

shareSimulator((started) => ({ sim, api } = started));
beforeEach(async () => {
	token = await api.login();
});

type Drive = { id: string; name: string; localPath: string; driveName: string; active: boolean };
type Health = Record<string, number | string | { Label: string; Value: number }[]>;
type FileStates = {
	Files: { Path: string; State: string; SizeBytes: number }[];
	Total: number;
	Page: number;
	PageSize: number;
	StateCounts: { State: string; Count: number }[];
};

const get = async <T>(path: string) => {
	const r = await api.call('GET', path);
	expect(r.status, `${path}: ${r.text}`).toBe(200);
	return r.json as T;
};
const list = async () => ({
	drives: await get<Drive[]>('/management/clouddrive'),
	backups: await get<Drive[]>('/management/cloudbackup')
});

describe('drives and backups', () => {
	it('lists drives of every kind and two backups, without a token, narrowed by a local path', async () => {
		const { drives, backups } = await list();
		expect(drives.map((d) => d.name)).toEqual([
			'Team Drive',
			'Archive',
			'Design assets',
			'Old media'
		]);
		expect(drives[0]).toMatchObject({ driveName: 'G', driveType: 1, account: { cloudType: 1 } });
		expect(drives[0]).not.toHaveProperty('files');
		expect(drives[0]).not.toHaveProperty('version');
		const narrowed = await get<Drive[]>('/management/clouddrive?path=D%3A%5CArchive%5Cx.mov');
		expect(narrowed.map((d) => d.name)).toEqual(['Archive']);
		expect(await get('/management/clouddrive?path=Z%3A%5C')).toEqual([]);
		expect(backups.map((b) => b.name)).toEqual(['Laptop documents', 'Studio server']);
	});

	it('answers sync health whose counts add up and agree with the file states', async () => {
		const { drives, backups } = await list();
		const team = drives[0]!;
		const h = await get<Health>(`/drivereport/sync_health/${team.id}`);
		expect(h).toMatchObject({ DriveId: team.id, DriveStatus: 'Error', TotalTrackedFiles: 3000 });
		const breakdown = h.SyncStateBreakdown as { Value: number }[];
		expect(breakdown.reduce((sum, x) => sum + x.Value, 0)).toBe(3000);
		const states = await get<FileStates>(`/drivereport/file_states/${team.id}?pageSize=1`);
		const count = (name: string) => states.StateCounts.find((s) => s.State === name)?.Count ?? 0;
		expect(count('Uploading')).toBe(h.FilesPendingUpload);
		expect(count('Uploading, Reading')).toBe(h.FilesUploading);
		expect(count('Downloading')).toBe(h.FilesPendingDownload);
		expect(count('Downloading, Reading')).toBe(h.FilesDownloading);
		expect(count('Error')).toBe(h.FilesWithErrors);
		expect(count('Normal')).toBe(h.FilesNormal);
		expect(count('Temporary')).toBe(h.FilesTemporary);
		expect(count('Deleting')).toBe(h.FilesDeleting);
		for (const name of ['Uploading', 'Uploading, Reading', 'Downloading', 'Error', 'Temporary'])
			expect(count(name), name).toBeGreaterThan(0);
		const b = await get<Health>(`/backupreport/sync_health/${backups[0]!.id}`);
		expect(b).toMatchObject({ BackupId: backups[0]!.id, BackupStatus: 'Syncing' });
		expect(b).not.toHaveProperty('FilesPendingDownload');
		const old = await get<Health>(`/drivereport/sync_health/${drives[3]!.id}`);
		expect(old.DriveStatus).toBe('Inactive');
	});

	it('pages file states with exactly the state asked for, PageSize and Page in PascalCase', async () => {
		const team = (await list()).drives[0]!;
		const all = await get<FileStates>(`/drivereport/file_states/${team.id}?page=3&pageSize=25`);
		expect(all).toMatchObject({ DriveId: team.id, Total: 3000, Page: 3, PageSize: 25 });
		expect(all.Files).toHaveLength(25);
		expect(all.Files[0]!.Path.startsWith('G:\\')).toBe(true);
		const up = await get<FileStates>(`/drivereport/file_states/${team.id}?state=4&pageSize=500`);
		expect(up.Files.every((f) => f.State === 'Uploading')).toBe(true);
		expect(up.Total).toBe(up.StateCounts.find((s) => s.State === 'Uploading')?.Count);
		// The parameter name is case-insensitive, as the agent binds it.
		const same = await get<FileStates>(`/drivereport/file_states/${team.id}?STATE=4&pagesize=500`);
		expect(same.Total).toBe(up.Total);
		const bad = await api.call('GET', `/drivereport/file_states/${team.id}?state=x`);
		expect(bad.status).toBe(499);
		expect(bad.json).toMatchObject({ type: 'VALIDATION', errors: { state: [expect.any(String)] } });
	});

	it('summarises with strings for enums, sizes formatted, and a field newer than the contract', async () => {
		const team = (await list()).drives[0]!;
		const s = await get<Record<string, unknown>>(`/drivereport/summary/${team.id}`);
		expect(s).toMatchObject({
			DriveId: team.id,
			Name: 'Team Drive',
			DriveName: 'G',
			CloudProvider: 'AWS',
			DriveType: 'VirtualDrive',
			SyncType: 'Stream',
			PermissionType: 'ReadWrite',
			TotalFiles: 3000,
			TotalSizeFormatted: expect.stringMatching(/B$/),
			IndexVersion: 7
		});
		expect(s.CacheSizeBytes as number).toBeLessThan(s.TotalSizeBytes as number);
		const dash = await get<Record<string, Record<string, unknown>>>(
			`/drivereport/dashboard/${team.id}`
		);
		expect(Object.keys(dash)).toEqual(['Summary', 'SyncHealth', 'FileDistribution']);
		const dist = dash.FileDistribution!;
		const byExt = dist.FileCountByExtension as { Count: number }[];
		expect(byExt.reduce((sum, x) => sum + x.Count, 0)).toBe(3000);
		expect((dist.LargestFiles as unknown[]).length).toBe(20);
		const fewer = await get<Record<string, unknown[]>>(
			`/drivereport/file_distribution/${team.id}?topFiles=5&topDirectories=2`
		);
		expect(fewer.LargestFiles).toHaveLength(5);
		expect(fewer.DirectoryBreakdown).toHaveLength(2);
	});

	it('answers 404 NOT_FOUND for an unknown id, on every report and action', async () => {
		for (const [method, path] of [
			['GET', '/drivereport/sync_health/nope'],
			['GET', '/backupreport/dashboard/nope'],
			['GET', '/management/clouddrive/sync/nope?path=/'],
			['POST', '/management/clouddrive_open/nope']
		] as const) {
			const r = await api.call(method, path);
			expect(r.status, path).toBe(404);
			expect(r.json).toMatchObject({ type: 'NOT_FOUND' });
		}
	});
});

describe('activity, sync and history', () => {
	it('moves a waiting file to normal in the frames, the reports and the history alike', async () => {
		const team = (await list()).drives[0]!;
		const st = await openSocket(sim, 'statechange');
		const before = await get<Health>(`/drivereport/sync_health/${team.id}`);
		const historyBefore = sim.state.history.length;
		const waiting = await get<FileStates>(`/drivereport/file_states/${team.id}?state=4&pageSize=1`);
		const path = waiting.Files[0]!.Path;
		const r = await api.call('POST', '/__sim/transfer', { body: { id: team.id, path } });
		expect(r.json).toEqual({ path });
		const frames = await until(() => {
			const mine = (st.frames as { Path: string; State: number }[]).filter((f) => f.Path === path);
			return mine.length >= 2 && mine;
		});
		expect(frames.map((f) => f.State)).toEqual([132, 0]);
		const after = await get<Health>(`/drivereport/sync_health/${team.id}`);
		expect(after.FilesPendingUpload).toBe((before.FilesPendingUpload as number) - 1);
		expect(after.FilesNormal).toBe((before.FilesNormal as number) + 1);
		expect(sim.state.history.length).toBe(historyBefore + 1);
		const activity = await get<{ Data: { sourcePath: string; transferStatus: number }[] }>(
			`/drivereport/transfer_activity/${team.id}?token=${token}&pageSize=5`
		);
		expect(activity.Data[0]).toMatchObject({ sourcePath: path, transferStatus: 4 });
		st.ws.close();
	});

	it('syncs a drive now: the GET starts a pass that empties what waits, then stops', async () => {
		const archive = (await list()).drives[1]!;
		const waiting = (h: Health) =>
			(h.FilesPendingDownload as number) + (h.FilesDownloading as number);
		expect(waiting(await get<Health>(`/drivereport/sync_health/${archive.id}`))).toBeGreaterThan(0);
		expect((await api.call('GET', `/management/clouddrive/sync/${archive.id}?path=/`)).status).toBe(
			200
		);
		expect(sim.work.syncing).toEqual([archive.id]);
		await until(() => sim.work.syncing.length === 0, 15_000);
		expect(waiting(await get<Health>(`/drivereport/sync_health/${archive.id}`))).toBe(0);
		const inactive = (await list()).drives[3]!;
		const r = await api.call('GET', `/management/clouddrive/sync/${inactive.id}`);
		expect(r.status).toBe(499);
		expect(r.json).toMatchObject({ type: 'INACTIVE' });
	});

	it('syncs one failed file: it waits again, moves, and ends in sync; other paths are refused', async () => {
		const team = (await list()).drives[0]!;
		const failed = await get<FileStates>(`/drivereport/file_states/${team.id}?state=256`);
		const path = failed.Files[0]!.Path;
		const st = await openSocket(sim, 'statechange');
		const sync = (p: string) =>
			api.call('GET', `/management/clouddrive/sync/${team.id}?path=${encodeURIComponent(p)}`);
		expect((await sync(path)).status).toBe(200);
		const frames = await until(() => {
			const mine = (st.frames as { Path: string; State: number }[]).filter((f) => f.Path === path);
			return mine.at(-1)?.State === 0 && mine;
		}, 15_000);
		expect(frames.map((f) => f.State)).toEqual([4, 132, 0]);
		const after = await get<FileStates>(`/drivereport/file_states/${team.id}?state=256`);
		expect(after.Files.map((f) => f.Path)).not.toContain(path);
		const outside = await sync('Z:\\elsewhere\\a.txt');
		expect(outside.status).toBe(499);
		expect(outside.json).toMatchObject({ type: 'SECURITY' });
		const missing = await sync(`${path}.nothing`);
		expect(missing.status).toBe(404);
		expect(missing.json).toMatchObject({ type: 'NOT_FOUND' });
		st.ws.close();
	});

	it('records explorer windows opened and shared-drive fetches in the control surface', async () => {
		const { drives, backups } = await list();
		expect((await api.call('POST', `/management/clouddrive_open/${drives[0]!.id}`)).status).toBe(
			200
		);
		expect((await api.call('POST', `/management/cloudbackup_open/${backups[0]!.id}`)).status).toBe(
			200
		);
		expect((await api.call('POST', '/management/sync_shareddrive')).status).toBe(200);
		const view = await get<{ opened: { kind: string; path: string }[]; sharedDriveSyncs: number }>(
			'/__sim/drives'
		);
		expect(view.opened.map((o) => [o.kind, o.path])).toEqual([
			['drive', 'G:\\'],
			['backup', 'C:\\Users\\ann\\Documents']
		]);
		expect(view.sharedDriveSyncs).toBe(1);
	});

	it('pages, sorts and filters the history with a token; others see only their own', async () => {
		expect((await api.call('GET', '/transferhistory/get_all')).status).toBe(401);
		type Page = {
			data: {
				id: number;
				transferStatus: number;
				direction: number;
				origin: number;
				startDate: string;
				userId: string;
			}[];
			total: number;
			options: { page: number; pageSize: number };
		};
		const first = await get<Page>(`/transferhistory/get_all?token=${token}&page=1&pagesize=20`);
		expect(first.data).toHaveLength(20);
		expect(first.total).toBe(sim.state.history.length);
		const dates = first.data.map((e) => e.startDate);
		expect(dates).toEqual([...dates].sort().reverse());
		const errors = await get<Page>(
			`/transferhistory/get_all?token=${token}&status=16&pagesize=500`
		);
		expect(errors.total).toBeGreaterThan(0);
		expect(errors.data.every((e) => e.transferStatus === 16)).toBe(true);
		const downs = await get<Page>(`/transferhistory/get_all?token=${token}&direction=2&origin=2`);
		expect(downs.data.every((e) => e.direction === 2 && e.origin === 2)).toBe(true);
		const oldest = await get<Page>(
			`/transferhistory/get_all?token=${token}&sortfield=StartDate&descending=false&pagesize=1`
		);
		expect(oldest.data[0]!.startDate <= dates.at(-1)!).toBe(true);
		const bad = await api.call('GET', `/transferhistory/get_all?token=${token}&sortfield=nope`);
		expect(bad.status).toBe(499);
		const standard = await api.login('standard@example.com', 64);
		const own = await get<Page>(`/transferhistory/get_all?token=${standard}&pagesize=500`);
		expect(own.total).toBeLessThan(first.total);
		expect(new Set(own.data.map((e) => e.userId)).size).toBeLessThanOrEqual(1);
	});

	it('holds failures of the last hour from the start, one for each of the first files in error', async () => {
		type Entry = { transferStatus: number; endDate: string; destinationBucket: string | null };
		const newest = await get<{ data: Entry[] }>(
			`/transferhistory/get_all?token=${token}&status=16&sortfield=StartDate&descending=true&pagesize=50`
		);
		const now = sim.clock.now();
		const recent = newest.data.filter((e) => now - Date.parse(e.endDate) <= 3_600_000);
		const { drives, backups } = await list();
		let inError = 0;
		for (const [kind, items] of [
			['drivereport', drives],
			['backupreport', backups]
		] as const) {
			for (const d of items) {
				const health = await get<Health>(`/${kind}/sync_health/${d.id}`);
				inError += Math.min(3, Number(health.FilesWithErrors));
			}
		}
		expect(inError).toBeGreaterThan(0);
		expect(recent).toHaveLength(inError);
		expect(recent.every((e) => e.transferStatus === 16 && e.destinationBucket)).toBe(true);
	});

	it('deletes a history entry once; an unknown id is 404', async () => {
		const id = sim.state.history.at(-1)!.id;
		const del = await api.call('DELETE', `/transferhistory/delete?id=${id}&token=${token}`);
		expect(del.status).toBe(200);
		expect(sim.state.history.some((e) => e.id === id)).toBe(false);
		const again = await api.call('DELETE', `/transferhistory/delete?id=${id}&token=${token}`);
		expect(again.status).toBe(404);
	});

	it('pages transfer activity before filtering it, so a filtered page can be short', async () => {
		const team = (await list()).drives[0]!;
		expect((await api.call('GET', `/drivereport/transfer_activity/${team.id}`)).status).toBe(401);
		type Activity = {
			Data: { direction: number }[];
			Total: number;
			PageSize: number;
			Direction: string;
		};
		const all = await get<Activity>(
			`/drivereport/transfer_activity/${team.id}?token=${token}&pageSize=20`
		);
		const ups = await get<Activity>(
			`/drivereport/transfer_activity/${team.id}?token=${token}&pageSize=20&direction=1`
		);
		expect(ups.Direction).toBe('Upload');
		expect(ups.Total).toBe(all.Total);
		expect(ups.Data.length).toBeLessThan(20);
		expect(ups.Data.every((e) => e.direction === 1)).toBe(true);
	});

	it('derives trends per day from the history', async () => {
		const team = (await list()).drives[0]!;
		const t = await get<{
			TransfersPerDay: { Date: string; Value: number }[];
			DataVolumePerDay: { Value: number }[];
			SuccessVsFailureRate: { Label: string; Value: number }[];
			CumulativeDataTransferred: number;
		}>(`/drivereport/historical_trends/${team.id}?token=${token}&days=30`);
		expect(t.TransfersPerDay).toHaveLength(30);
		expect(t.TransfersPerDay.reduce((s, d) => s + d.Value, 0)).toBeGreaterThan(50);
		expect(t.DataVolumePerDay.reduce((s, d) => s + d.Value, 0)).toBe(t.CumulativeDataTransferred);
		const rate = t.SuccessVsFailureRate.map((x) => x.Label);
		expect(rate).toEqual(['Success', 'Failure']);
	});

	it('reseeds with many files per drive for benchmarks', async () => {
		const r = await api.call('POST', '/__sim/drives', { body: { filesPerDrive: 20_000 } });
		expect(r.json).toMatchObject({ drives: [{ files: 20_000 }, {}, {}, {}] });
		const team = (await list()).drives[0]!;
		const page = await get<FileStates>(
			`/drivereport/file_states/${team.id}?state=4&page=3&pageSize=50`
		);
		expect(page.Files).toHaveLength(50);
	});
});

describe('many drives and odd ids (control surface)', () => {
	type Trend = { Date: string; Value: number }[];
	type Trends = { TransfersPerDay: Trend; DataVolumePerDay: Trend; AverageSpeedPerDay: Trend };
	type Reads = { reads: Record<string, number> };

	it('generates drives after the seeded ones whose lists, health and files agree', async () => {
		const r = await api.call('POST', '/__sim/drives/generate', {
			body: { count: 3000, backups: 20 }
		});
		expect(r.status).toBe(200);
		const { drives, backups } = await list();
		expect(drives).toHaveLength(3004);
		expect(backups).toHaveLength(22);
		expect(new Set(drives.map((d) => d.id)).size).toBe(3004);
		expect(drives[4]).toMatchObject({
			name: 'Project 00001',
			localPath: 'P:\\Projects\\Project 00001'
		});
		expect(drives[3003]!.name).toBe('Project 03000');
		// Drive 3 of the generated ones has files waiting: its health and its files agree.
		const third = drives[6]!;
		const h = await get<Health>(`/drivereport/sync_health/${third.id}`);
		const states = await get<FileStates>(`/drivereport/file_states/${third.id}?state=4`);
		expect(h.FilesPendingUpload).toBe(2);
		expect(states.Total).toBe(2);
		expect(h.TotalTrackedFiles).toBe(6);
		const reads = (await api.call('GET', '/__sim/drives')).json as Reads;
		expect(reads.reads).toEqual({ 'drivereport/sync_health': 1, 'drivereport/file_states': 1 });
		// Reseeding the drives starts again: the generated ones and the counts go.
		await api.call('POST', '/__sim/drives', { body: {} });
		expect((await list()).drives).toHaveLength(4);
		expect(((await api.call('GET', '/__sim/drives')).json as Reads).reads).toEqual({});
	});

	it('answers health slowly when asked to, and refuses odd generate options', async () => {
		await api.call('POST', '/__sim/drives/generate', { body: { count: 1, healthDelayMs: 60_000 } });
		const team = (await list()).drives[0]!;
		let answered = false;
		const health = api.call('GET', `/drivereport/sync_health/${team.id}`).then((x) => {
			answered = true;
			return x;
		});
		await vi.waitFor(async () => {
			const { reads } = (await api.call('GET', '/__sim/drives')).json as Reads;
			expect(reads['drivereport/sync_health']).toBe(1);
		});
		expect(answered).toBe(false);
		await api.call('POST', '/__sim/clock', { body: { advanceSeconds: 60 } });
		expect((await health).status).toBe(200);
		for (const body of [{ count: -1 }, { count: 1.5 }, { count: 1, healthDelayMs: 'x' }]) {
			const bad = await api.call('POST', '/__sim/drives/generate', { body });
			expect(bad.status, JSON.stringify(body)).toBe(400);
		}
	});

	it('injects drives with odd ids; the one needing escapes answers its reports', async () => {
		await api.call('POST', '/__sim/drives/hostile');
		const { drives, backups } = await list();
		expect(drives.slice(4).map((d) => d.id)).toEqual([
			'',
			'/lead',
			'trail/',
			'..',
			'bell\u0007',
			'twin-7e1d',
			'twin-7e1d',
			'a b?c#d'
		]);
		expect(backups.slice(2).map((b) => b.id)).toEqual(['', 'twin-backup', 'twin-backup']);
		const id = encodeURIComponent('a b?c#d');
		const dash = await get<{ Summary: { Name: string } }>(`/drivereport/dashboard/${id}`);
		expect(dash.Summary.Name).toBe('Odd characters');
		const slash = await get<{ Summary: { Name: string } }>(
			`/drivereport/dashboard/${encodeURIComponent('/lead')}`
		);
		expect(slash.Summary.Name).toBe('Leading slash');
		expect((await api.call('GET', '/drivereport/dashboard/%E0%A4%A')).status).toBe(404);
	});

	it.each([
		['now', 0],
		['a minute after midnight', 1]
	])(
		'lists the busiest day twice in the odd drive’s trends, the two adding up to the day (%s)',
		async (_, afterMidnight) => {
			if (afterMidnight) {
				// The three uploads are minutes apart: just after midnight they must still share a day.
				const { now } = await get<{ now: string }>('/__sim/clock');
				const toMidnight = 86_400_000 - (Date.parse(now) % 86_400_000);
				await api.call('POST', '/__sim/clock', {
					body: { advanceSeconds: Math.ceil(toMidnight / 1000) + 60 }
				});
				token = await api.login();
			}
			await api.call('POST', '/__sim/drives/hostile');
			const id = encodeURIComponent('a b?c#d');
			const t = await get<Trends & { CumulativeDataTransferred: number }>(
				`/drivereport/historical_trends/${id}?token=${token}&days=30`
			);
			const days = t.TransfersPerDay.map((p) => p.Date);
			expect(days).toHaveLength(31);
			const twice = days.filter((d, i) => days.indexOf(d) !== i);
			expect(twice).toHaveLength(1);
			const on = (list: Trend) => list.filter((p) => p.Date === twice[0]).map((p) => p.Value);
			expect(on(t.TransfersPerDay)).toEqual([2, 1]);
			expect(on(t.DataVolumePerDay).reduce((a, b) => a + b)).toBe(t.CumulativeDataTransferred);
			const [a, b] = on(t.AverageSpeedPerDay);
			expect(a).toBe(b);
			const activity = await get<{ Total: number }>(
				`/drivereport/transfer_activity/${id}?token=${token}`
			);
			expect(activity.Total).toBe(3);
		}
	);
});
