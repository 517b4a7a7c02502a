import { describe, expect, it, vi } from 'vitest';
import { maskCredentials } from '../src/lib/mask.ts';
import { type Client, openSocket, shareSimulator, until } from './test/helpers.ts';
import type { Simulator } from './server.ts';

let sim: Simulator;
let api: Client;

shareSimulator((started) => ({ sim, api } = started));

const TEAM = '6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f';
const ARCHIVE = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

type Info = {
	driveName: string;
	bucketName: string;
	path: string;
	size: number;
	lastModifiedDate: string | null;
	state: number;
	isDirectory: boolean;
	id: string;
	isOffline: boolean;
	cachedSize: number;
};
type Frame = { Path: string; State: number };

const q = (path: string) => encodeURIComponent(path);
const get = async <T>(path: string) => {
	const r = await api.call('GET', path);
	expect(r.status, `${path}: ${r.text}`).toBe(200);
	return r.json as T;
};
const children = (path: string) => get<Info[]>(`/management/objects_info?path=${q(path)}`);
const info = (path: string) => get<Info>(`/management/object_info?path=${q(path)}`);
const post = (action: string, path: string) =>
	api.call('POST', `/management/${action}?path=${q(path)}`);
const summary = (id = TEAM) =>
	get<{ CacheSizeBytes: number; TotalFiles: number }>(`/drivereport/summary/${id}`);
const nameOf = (path: string) => path.slice(path.lastIndexOf('\\') + 1);

/** Waits until an answer of the agent says yes. */
const eventually = (check: () => Promise<boolean>, timeout = 10_000) =>
	vi.waitFor(
		async () => {
			if (!(await check())) throw new Error('not yet');
		},
		{ timeout, interval: 50 }
	);

/** The first file in a folder (at any depth) that `test` accepts. */
async function findFile(folder: string, test: (i: Info) => boolean): Promise<Info> {
	for (const item of await children(folder)) {
		if (!item.isDirectory && test(item)) return item;
		if (item.isDirectory) {
			const found = await findFile(item.path, test).catch(() => null);
			if (found) return found;
		}
	}
	throw new Error(`no such file in ${folder}`);
}

describe('browsing a drive', () => {
	it('lists a folder: folders then files by name, in the drive’s own paths', async () => {
		const root = await children('G:\\');
		expect(root.map((i) => i.path)).toEqual([
			'G:\\Audio',
			'G:\\Docs',
			'G:\\Footage',
			'G:\\Projects',
			'G:\\Stills'
		]);
		expect(root.every((i) => i.isDirectory && i.driveName === 'G')).toBe(true);
		expect(root[0]!.bucketName).toBe('studio-projects');
		// Sizes add up: the root's folders hold every file of the drive, as the summary counts them.
		const all = await get<{ TotalSizeBytes: number }>(`/drivereport/summary/${TEAM}`);
		expect(root.reduce((sum, i) => sum + i.size, 0)).toBe(all.TotalSizeBytes);
		// Any case, either slash; nested folders and a project bundle.
		const raw = await children('g:/footage/raw/');
		expect(raw.map((i) => nameOf(i.path))).toEqual(['Day 1', 'Day 2', 'Day 3']);
		const brand = await children('G:\\Projects\\Brand 2027');
		expect(brand[0]).toMatchObject({
			path: 'G:\\Projects\\Brand 2027\\Brand film.fcpbundle',
			isDirectory: true
		});
		const files = brand.filter((i) => !i.isDirectory);
		expect(files.length).toBeGreaterThan(100);
		const names = files.map((i) => nameOf(i.path));
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
		const spring = (await children('G:\\Projects\\Spring campaign')).map((i) => i.path);
		expect(spring.some((p) => p.endsWith('.prproj'))).toBe(true);
		expect(spring.some((p) => p.endsWith('.aep'))).toBe(true);
	});

	it('says which files are on this computer and kept there, beside the contract’s fields', async () => {
		const contracts = await children('G:\\Docs\\Contracts');
		expect(contracts.length).toBeGreaterThan(10);
		expect(contracts.every((i) => i.isOffline)).toBe(true);
		const here = contracts.filter((i) => i.state === 0);
		expect(here.every((i) => i.cachedSize === i.size)).toBe(true);
		const folder = (await children('G:\\Docs')).find((i) => i.path === 'G:\\Docs\\Contracts')!;
		expect(folder).toMatchObject({ isOffline: true, state: 0 });
		// A Stream drive keeps some files in the cloud only; the summary's cache size is the sum.
		const everything = await children('G:\\');
		const cached = everything.reduce((sum, i) => sum + i.cachedSize, 0);
		expect(cached).toBeGreaterThan(0);
		expect(cached).toBeLessThan(everything.reduce((sum, i) => sum + i.size, 0));
		expect((await summary()).CacheSizeBytes).toBe(cached);
	});

	it('answers the statechange flags in objects_info and its own numbering in object_status', async () => {
		const waiting = await findFile('G:\\', (i) => i.state === 4);
		expect(await get(`/management/object_status?path=${q(waiting.path)}`)).toBe(1);
		const inSync = await findFile('G:\\Docs', (i) => i.state === 0);
		expect(await get(`/management/object_status?path=${q(inSync.path)}`)).toBe(0);
		expect(await get(`/management/object_status?path=${q('G:\\Docs')}`)).toBe(0);
		expect(await info(waiting.path)).toEqual(waiting);
	});

	it('refuses traversal, and answers 404 outside any drive, in a backup, or for nothing', async () => {
		for (const path of ['G:\\..\\C:\\Windows', 'G:\\Docs\\.\\Contracts', 'G:/Docs/../..']) {
			const r = await api.call('GET', `/management/objects_info?path=${q(path)}`);
			expect(r.status, path).toBe(499);
			expect(r.json).toMatchObject({ type: 'SECURITY' });
		}
		for (const path of ['Q:\\Nothing', 'C:\\Users\\ann\\Documents', 'G:\\No such folder']) {
			const r = await api.call('GET', `/management/object_info?path=${q(path)}`);
			expect(r.status, path).toBe(404);
			expect(r.json).toMatchObject({ type: 'NOT_FOUND' });
		}
		expect((await api.call('GET', '/management/objects_info')).status).toBe(499);
		const file = await findFile('G:\\Docs', () => true);
		expect((await api.call('GET', `/management/objects_info?path=${q(file.path)}`)).status).toBe(
			404
		);
	});

	it('lists a drive’s folders for the pickers too, and makes folders in it', async () => {
		expect(await get(`/management/list_directories?path=${q('G:\\Docs')}`)).toEqual([
			'G:\\Docs\\Contracts',
			'G:\\Docs\\Finance'
		]);
		const make = (path: string, directoryName: string) =>
			api.call('POST', '/management/make_directory', { body: { path, directoryName } });
		const made = await make('G:\\Docs', 'Offers');
		expect(made.json).toBe('G:\\Docs\\Offers');
		expect((await children('G:\\Docs')).map((i) => i.path)).toContain('G:\\Docs\\Offers');
		expect(await children('G:\\Docs\\Offers')).toEqual([]);
		expect((await make('G:\\Docs', 'offers')).json).toMatchObject({ type: 'DUPLICATE' });
		const traversal = await make('G:\\Docs', '..\\..\\Windows');
		expect(traversal.status).toBe(499);
		expect(traversal.json).toMatchObject({
			type: 'SECURITY',
			errors: { directoryName: [expect.any(String)] }
		});
		const readOnly = await make('D:\\Archive', 'New');
		expect(readOnly.status).toBe(403);
		expect(readOnly.json).toMatchObject({ type: 'ACCESS' });
		expect((await make('G:\\Nope', 'x')).status).toBe(404);
	});
});

describe('acting on files', () => {
	it('fetches a file now: it comes down with its frames, and is on this computer after', async () => {
		const st = await openSocket(sim, 'statechange');
		const note = await openSocket(sim, 'notification');
		const file = await findFile('G:\\Audio', (i) => i.state === 0 && i.cachedSize === 0);
		const cacheBefore = (await summary()).CacheSizeBytes;
		expect((await api.call('GET', `/management/object_download?path=${q(file.path)}`)).status).toBe(
			200
		);
		const states = await until(() => {
			const mine = (st.frames as Frame[]).filter((f) => f.Path === file.path);
			return mine.at(-1)?.State === 0 && mine.map((f) => f.State);
		});
		expect(states).toEqual([2, 130, 0]);
		const progress = (note.frames as { Type: number; Data: { Path: string; Status: string } }[])
			.filter((f) => f.Type === 1 && f.Data.Path === file.path)
			.map((f) => f.Data.Status);
		expect(progress[0]).toBe('InProgress');
		expect(progress.at(-1)).toBe('Completed');
		expect(await info(file.path)).toMatchObject({ cachedSize: file.size, state: 0 });
		expect((await summary()).CacheSizeBytes).toBe(cacheBefore + file.size);
		// Already here: nothing moves. A fetch would say so at once on this channel (its first
		// state frame goes out with the answer), so every frame of the file sent before a marker
		// sent after the answer has arrived with the marker.
		const framesBefore = st.frames.length;
		await api.call('GET', `/management/object_download?path=${q(file.path)}`);
		const marker = { Path: 'after the fetch', StorageName: 'marker', State: 0 };
		await api.call('POST', '/__sim/push', { body: { channel: 'statechange', frame: marker } });
		await until(() => (st.frames as Frame[]).some((f) => f.Path === marker.Path));
		const since = (st.frames as Frame[]).slice(framesBefore);
		expect(since.filter((f) => f.Path === file.path)).toEqual([]);
		st.ws.close();
		note.ws.close();
	});

	it('fetches a whole project bundle when asked for a file in it', async () => {
		const bundle = 'G:\\Projects\\Brand 2027\\Brand film.fcpbundle';
		const inside = await findFile(bundle, () => true);
		await api.call('GET', `/management/object_download?path=${q(inside.path)}`);
		await eventually(async () => {
			const now = await info(bundle);
			return now.cachedSize === now.size;
		}, 20_000);
	});

	it('keeps a folder on this computer: pins it, fetches what is missing, and undoes it', async () => {
		const folder = 'G:\\Projects\\Brand 2027\\Brand film.fcpbundle\\Render Files';
		const before = await info(folder);
		expect(before.cachedSize).toBeLessThan(before.size);
		expect(
			(await api.call('GET', `/management/object_make_offline?path=${q(folder)}`)).status
		).toBe(200);
		expect((await info(folder)).isOffline).toBe(true);
		await eventually(async () => (await info(folder)).cachedSize === before.size, 30_000);
		// Freeing a pinned file is refused, with the reason; the folder frees nothing pinned.
		const pinned = await findFile(folder, () => true);
		const refused = await post('object_remove_from_cache', pinned.path);
		expect(refused.status).toBe(499);
		expect(refused.json).toMatchObject({ type: 'STATUS' });
		expect((await post('object_remove_from_cache', folder)).status).toBe(200);
		expect((await info(folder)).cachedSize).toBe(before.size);
		expect((await post('object_remove_offline', folder)).status).toBe(200);
		expect(await info(folder)).toMatchObject({ isOffline: false, cachedSize: before.size });
	});

	it('frees up space: what it frees leaves the cache; pinned, waiting and cloud-only files are not freed', async () => {
		const file = await findFile(
			'G:\\Stills',
			(i) => i.cachedSize > 0 && !i.isOffline && i.state === 0
		);
		const cacheBefore = (await summary()).CacheSizeBytes;
		expect((await post('object_remove_from_cache', file.path)).status).toBe(200);
		expect(await info(file.path)).toMatchObject({ cachedSize: 0, state: 0 });
		expect((await summary()).CacheSizeBytes).toBe(cacheBefore - file.size);
		// Not on this computer: nothing to free, and nothing changes.
		expect((await post('object_remove_from_cache', file.path)).status).toBe(200);
		expect((await summary()).CacheSizeBytes).toBe(cacheBefore - file.size);
		const waiting = await findFile('G:\\', (i) => i.state === 4);
		const r = await post('object_remove_from_cache', waiting.path);
		expect(r.status).toBe(499);
		expect(JSON.stringify(r.json)).toContain('only copy');
		// A Mirror drive keeps everything here.
		const mirror = await post('object_remove_from_cache', 'D:\\Archive\\Docs');
		expect(mirror.status).toBe(499);
		expect(mirror.json).toMatchObject({ type: 'STATUS' });
	});

	it('deletes where the drive allows it, skipping files still uploading', async () => {
		const st = await openSocket(sim, 'statechange');
		const readOnly = await post('object_delete', 'D:\\Archive\\Docs');
		expect(readOnly.status).toBe(403);
		expect(readOnly.json).toMatchObject({ type: 'ACCESS' });
		await api.call('POST', `/__sim/drives/${TEAM}`, { body: { allowDelete: false } });
		const notAllowed = await post('object_delete', 'G:\\Docs');
		expect(notAllowed.status).toBe(403);
		expect(JSON.stringify(notAllowed.json)).toContain('does not allow deleting');
		await api.call('POST', `/__sim/drives/${TEAM}`, { body: { allowDelete: true } });

		const folder = 'G:\\Footage\\Raw\\Day 2';
		const inside = await children(folder);
		const uploading = inside.filter((i) => i.state & 4);
		expect(uploading.length).toBeGreaterThan(0);
		const total = (await summary()).TotalFiles;
		expect((await post('object_delete', folder)).status).toBe(200);
		// Only the uploading files are left, in the folder that leads to them.
		expect((await children(folder)).map((i) => i.path)).toEqual(uploading.map((i) => i.path));
		expect((await summary()).TotalFiles).toBe(total - inside.length + uploading.length);
		const deleted = await until(() => {
			const gone = (st.frames as Frame[]).filter((f) => f.State === 64);
			return gone.length === inside.length - uploading.length && gone;
		});
		expect(deleted.every((f) => f.Path.startsWith(`${folder}\\`))).toBe(true);
		// One file still uploading: 200, and it stays.
		expect((await post('object_delete', uploading[0]!.path)).status).toBe(200);
		expect(await info(uploading[0]!.path)).toMatchObject({ path: uploading[0]!.path });
		// A folder with nothing uploading goes whole.
		await api.call('POST', '/management/make_directory', {
			body: { path: 'G:\\Docs', directoryName: 'Empty' }
		});
		expect((await post('object_delete', 'G:\\Docs\\Empty')).status).toBe(200);
		expect(
			(await api.call('GET', `/management/object_info?path=${q('G:\\Docs\\Empty')}`)).status
		).toBe(404);
		st.ws.close();
	});

	it('announces every change with an AppNotification, like any other call', async () => {
		const note = await openSocket(sim, 'notification');
		await api.call('POST', `/management/object_remove_offline?path=${q('G:\\Docs')}`, {
			headers: { 'x-app-origin': 'agent-console' }
		});
		const frame = await until(() =>
			(note.frames as { Type: number; Data: Record<string, unknown> }[]).find((f) => f.Type === 4)
		);
		expect(frame.Data).toMatchObject({
			Operation: 'object_remove_offline',
			HttpMethod: 'POST',
			Origin: 'agent-console'
		});
		note.ws.close();
	});
});

describe('download links', () => {
	const link = (body: unknown) => api.call('POST', '/management/generate_presigned_urls', { body });

	it('signs a link to one file for 24 hours, by the drive’s display name', async () => {
		const file = await findFile('G:\\Docs\\Contracts', () => true);
		const relativePath = file.path.slice('G:\\'.length);
		const r = await link({ driveName: 'Team Drive', relativePath, uploadKey: '' });
		expect(r.status).toBe(200);
		const { downloadUrl, uploadUrl } = r.json as { downloadUrl: string; uploadUrl: string | null };
		expect(uploadUrl).toBeNull();
		const url = new URL(downloadUrl);
		expect(url.host).toBe('studio-projects.s3.eu-west-1.amazonaws.com');
		expect(decodeURIComponent(url.pathname)).toBe(`/team/${relativePath.replace(/\\/g, '/')}`);
		expect(url.searchParams.get('X-Amz-Expires')).toBe('86400');
		expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
		const date = url.searchParams.get('X-Amz-Date')!;
		expect(date).toBe(
			sim.clock
				.date()
				.toISOString()
				.replace(/[-:]/g, '')
				.replace(/\.\d{3}/, '')
		);
		// Any case of the name; an upload link when a key is given; a new link each time.
		const again = await link({ driveName: 'team drive', relativePath, uploadKey: 'Inbox/new.pdf' });
		const both = again.json as { downloadUrl: string; uploadUrl: string };
		expect(new URL(both.uploadUrl).pathname).toBe('/team/Inbox/new.pdf');
		// Azure writes a shared access signature that says when it ends.
		const azure = await findFile('H:\\Docs', () => true);
		const sas = new URL(
			(
				(
					await link({
						driveName: 'Design assets',
						relativePath: azure.path.slice(3),
						uploadKey: ''
					})
				).json as { downloadUrl: string }
			).downloadUrl
		);
		expect(sas.searchParams.get('sig')).toBeTruthy();
		expect(Date.parse(sas.searchParams.get('se')!) - Date.parse(sas.searchParams.get('st')!)).toBe(
			86_400_000
		);
	});

	it('writes links whose secret parts the console’s mask hides, for every cloud', async () => {
		const drives: [string, string][] = [
			['Team Drive', 'G:\\Docs'],
			['Design assets', 'H:\\Docs'],
			['Archive', 'D:\\Archive\\Docs'],
			['Old media', 'E:\\Media\\Docs']
		];
		for (const [driveName, folder] of drives) {
			const file = await findFile(folder, () => true);
			const root = folder.slice(0, folder.lastIndexOf('\\Docs'));
			const r = await link({ driveName, relativePath: file.path.slice(root.length + 1) });
			const url = (r.json as { downloadUrl: string }).downloadUrl;
			const secrets = [...new URL(url).searchParams]
				.filter(([k]) => /signature|credential|^sig$/i.test(k))
				.map(([, v]) => v);
			expect(secrets.length, driveName).toBeGreaterThan(0);
			const masked = maskCredentials(url);
			for (const secret of secrets) {
				expect(masked).not.toContain(secret);
				expect(masked).not.toContain(encodeURIComponent(secret));
			}
		}
	});

	it('answers 404 for a letter or an unknown drive, and refuses folders and traversal', async () => {
		const file = await findFile('G:\\Docs\\Contracts', () => true);
		const relativePath = file.path.slice(3);
		expect((await link({ driveName: 'G', relativePath, uploadKey: '' })).status).toBe(404);
		expect((await link({ driveName: 'Team Drive', relativePath: 'nope.txt' })).status).toBe(404);
		const folder = await link({ driveName: 'Team Drive', relativePath: 'Docs' });
		expect(folder.status).toBe(499);
		expect(folder.json).toMatchObject({
			type: 'VALIDATION',
			errors: { relativePath: [expect.any(String)] }
		});
		const out = await link({ driveName: 'Team Drive', relativePath: '..\\..\\secrets.txt' });
		expect(out.json).toMatchObject({ type: 'SECURITY' });
		expect((await link({ relativePath })).json).toMatchObject({
			type: 'VALIDATION',
			errors: { driveName: [expect.any(String)] }
		});
	});
});

describe('the control surface', () => {
	it('adds a very large folder to a drive', async () => {
		const r = await api.call('POST', '/__sim/files', {
			body: { id: TEAM, folder: 'Renders\\Frames', count: 50_000 }
		});
		expect(r.json).toMatchObject({ folder: 'Renders\\Frames', files: 53_000 });
		const list = await children('G:\\Renders\\Frames');
		expect(list).toHaveLength(50_000);
		expect(list[0]!.path).toBe('G:\\Renders\\Frames\\frame-000001.mov');
		expect(list.at(-1)!.path).toBe('G:\\Renders\\Frames\\frame-050000.pdf');
		expect(
			(await api.call('POST', '/__sim/files', { body: { id: ARCHIVE, count: 0 } })).status
		).toBe(400);
	});
});
