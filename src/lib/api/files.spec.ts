import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAgent } from '$lib/test/fake-agent';
import { AgentHttpError } from './errors.ts';
import {
	childPath,
	deleteObject,
	downloadObject,
	makeOffline,
	presignedLink,
	readFolder,
	readObject,
	readObjectStatus,
	removeFromCache,
	removeOffline
} from './files.ts';

afterEach(() => vi.unstubAllGlobals());

const SIGNED =
	'https://b.s3.amazonaws.com/k/a.pdf?X-Amz-Credential=AKIAEXAMPLEEXAMPLE12%2F2026&X-Amz-Signature=abc123def456';

describe('files inside a drive', () => {
	it('reads a folder’s children, placing each in the folder whatever its path’s form', async () => {
		const calls = fakeAgent(
			200,
			JSON.stringify([
				{ path: 'G:\\Docs\\Contracts', isDirectory: true, size: 10, state: 0, cachedSize: 4 },
				// The object's key instead of a local path: placed in the folder by its name.
				{ path: 'team/Docs/lease.pdf', isDirectory: false, size: 5, state: 132, isOffline: true },
				{ path: 'G:\\Docs\\odd', objectType: 'Folder', state: '4' },
				{ fileName: 'no path' },
				'not an object'
			])
		);
		const folder = await readFolder('G:\\Docs');
		expect(calls[0]).toMatchObject({
			method: 'GET',
			path: '/management/objects_info',
			query: { path: 'G:\\Docs' }
		});
		expect(folder.unreadable).toBe(2);
		expect(folder.source).toBe('objects');
		expect(folder.entries.map((e) => [e.name, e.path, e.folder, e.state])).toEqual([
			['Contracts', 'G:\\Docs\\Contracts', true, 0],
			['lease.pdf', 'G:\\Docs\\lease.pdf', false, 132],
			['odd', 'G:\\Docs\\odd', true, 4]
		]);
		expect(folder.entries[0]).toMatchObject({ cachedSize: 4, offline: null, size: 10 });
		expect(folder.entries[1]).toMatchObject({ cachedSize: null, offline: true });
	});

	it('waits 30 s for a folder, where other calls give up after 10 s: a big one is slow to list', async () => {
		fakeAgent();
		vi.useFakeTimers();
		try {
			// An agent that answers after 15 s, and stops when the console gives up.
			const slow = (_url: URL, init: RequestInit = {}) =>
				new Promise<Response>((resolve, reject) => {
					const timer = setTimeout(() => resolve(new Response('[]')), 15_000);
					init.signal?.addEventListener('abort', () => {
						clearTimeout(timer);
						reject(new DOMException('The call was aborted.', 'AbortError'));
					});
				});
			vi.stubGlobal('fetch', vi.fn(slow));
			const read = readFolder('G:\\Big');
			await vi.advanceTimersByTimeAsync(15_000);
			await expect(read).resolves.toMatchObject({ entries: [], unreadable: 0 });
		} finally {
			vi.useRealTimers();
		}
	});

	it('asks an agent without objects_info for the names, and says the rest is unknown', async () => {
		const calls = fakeAgent(404, '');
		await expect(readFolder('G:\\Docs')).rejects.toBeInstanceOf(AgentHttpError);
		expect(calls.map((c) => c.path)).toEqual([
			'/management/objects_info',
			'/management/list_files_directories'
		]);
		// The agent's own NOT_FOUND is an answer about the folder, not a missing call.
		const notFound = fakeAgent(
			404,
			JSON.stringify({ type: 'NOT_FOUND', status: 404, errors: { NOT_FOUND: ['No folder.'] } })
		);
		await expect(readFolder('G:\\Nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
		expect(notFound).toHaveLength(1);
	});

	it('reads one item and its status in the sequential numbering', async () => {
		fakeAgent(200, JSON.stringify({ path: 'team/a.mov', size: 3, isDirectory: false }));
		expect(await readObject('G:\\a.mov')).toMatchObject({ path: 'G:\\a.mov', name: 'a.mov' });
		fakeAgent(200, '4');
		expect(await readObjectStatus('G:\\a.mov')).toEqual({ value: 4, sent: 4 });
		fakeAgent(200, JSON.stringify({ status: 'Odd' }));
		expect(await readObjectStatus('G:\\a.mov')).toEqual({ value: null, sent: { status: 'Odd' } });
	});

	it('acts with the path as a query, GETs for the calls that start work', async () => {
		const calls = fakeAgent(200, '');
		await downloadObject('G:\\a.mov');
		await makeOffline('G:\\a.mov');
		await removeOffline('G:\\a.mov');
		await removeFromCache('G:\\a.mov');
		await deleteObject('G:\\a.mov');
		expect(calls.map((c) => [c.method, c.path, c.query.path, c.body])).toEqual([
			['GET', '/management/object_download', 'G:\\a.mov', undefined],
			['GET', '/management/object_make_offline', 'G:\\a.mov', undefined],
			['POST', '/management/object_remove_offline', 'G:\\a.mov', undefined],
			['POST', '/management/object_remove_from_cache', 'G:\\a.mov', undefined],
			['POST', '/management/object_delete', 'G:\\a.mov', undefined]
		]);
		expect(calls[2]?.headers['x-app-origin']).toBe('agent-console');
	});

	it('hands the download link over unmasked, and drops the upload link', async () => {
		const calls = fakeAgent(200, JSON.stringify({ downloadUrl: SIGNED, uploadUrl: SIGNED }));
		expect(await presignedLink('Team Drive', 'Docs\\a.pdf')).toBe(SIGNED);
		expect(calls[0]).toMatchObject({
			method: 'POST',
			path: '/management/generate_presigned_urls',
			body: { driveName: 'Team Drive', relativePath: 'Docs\\a.pdf', uploadKey: '' }
		});
		fakeAgent(200, JSON.stringify({ downloadUrl: 'javascript:alert(1)' }));
		expect(await presignedLink('Team Drive', 'a')).toBeNull();
	});

	it('keeps a refused link’s message masked', async () => {
		fakeAgent(
			499,
			JSON.stringify({ type: 'NOT_FOUND', status: 499, errors: { NOT_FOUND: [`gone ${SIGNED}`] } })
		);
		const error = await presignedLink('Team Drive', 'a').catch((e: AgentHttpError) => e);
		expect(String((error as AgentHttpError).message)).not.toContain('abc123def456');
	});

	it('puts a name in a folder with the folder’s separator', () => {
		expect(childPath('G:\\', 'a')).toBe('G:\\a');
		expect(childPath('G:\\Docs\\', 'a')).toBe('G:\\Docs\\a');
		expect(childPath('/Volumes/Team', 'a')).toBe('/Volumes/Team/a');
	});
});
