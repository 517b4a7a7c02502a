import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from '$lib/config.svelte';
import { memoryStorage } from '$lib/test/memory-storage';
import { folderPathOf, readDriveFolder } from './folder-read';

afterEach(() => vi.unstubAllGlobals());

const TEAM = { id: 't1', name: 'Team Drive', localPath: 'G:\\' };

/** An agent that answers by path: the drive list, a folder, one item's status. */
function agent(answers: Record<string, { status?: number; body: unknown }>) {
	vi.stubGlobal('sessionStorage', memoryStorage());
	vi.stubGlobal('localStorage', memoryStorage());
	vi.stubGlobal('location', { origin: 'http://localhost:4173' });
	config.reset();
	const asked: string[] = [];
	vi.stubGlobal(
		'fetch',
		vi.fn(async (url: URL) => {
			asked.push(url.pathname);
			const answer = answers[url.pathname] ?? { status: 404, body: '' };
			return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
		})
	);
	return asked;
}

const folder = (...states: number[]) =>
	states.map((state, i) => ({ path: `G:\\Docs\\f${i}.pdf`, isDirectory: false, size: 1, state }));

describe('reading a folder of a drive', () => {
	it('finds the folder from the drive’s own folder and the path in the URL', () => {
		expect(folderPathOf(TEAM, 'Projects/Brand 2027')).toBe('G:\\Projects\\Brand 2027');
		expect(folderPathOf({ id: 'a', localPath: 'D:\\Archive' }, '')).toBe('D:\\Archive');
		expect(folderPathOf({ id: 'a', localPath: null }, 'x')).toBeNull();
	});

	it('asks object_status about one item when the folder’s values read two ways', async () => {
		const asked = agent({
			'/management/clouddrive': { body: [TEAM] },
			'/management/objects_info': { body: folder(0, 4, 0) },
			// The sequential numbering says 1 for a file waiting to upload: 4 was a flag.
			'/management/object_status': { body: 1 }
		});
		const read = await readDriveFolder('t1', 'Docs');
		expect(read).toMatchObject({ folderPath: 'G:\\Docs', numbering: 'flags', missing: null });
		expect(asked).toEqual([
			'/management/clouddrive',
			'/management/objects_info',
			'/management/object_status'
		]);
		agent({
			'/management/clouddrive': { body: [TEAM] },
			'/management/objects_info': { body: folder(0, 4) },
			'/management/object_status': { body: 4 }
		});
		expect((await readDriveFolder('t1', 'Docs')) as { numbering: string }).toMatchObject({
			numbering: 'sequential'
		});
	});

	it('asks nothing more when the values tell, and stays unsure when the status cannot be read', async () => {
		const asked = agent({
			'/management/clouddrive': { body: [TEAM] },
			'/management/objects_info': { body: folder(0, 132) }
		});
		expect(await readDriveFolder('t1', 'Docs')).toMatchObject({ numbering: 'flags' });
		expect(asked).not.toContain('/management/object_status');
		agent({
			'/management/clouddrive': { body: [TEAM] },
			'/management/objects_info': { body: folder(4) },
			'/management/object_status': { status: 500, body: '' }
		});
		expect(await readDriveFolder('t1', 'Docs')).toMatchObject({ numbering: 'unsure' });
	});

	it('says a folder the drive does not have, and a drive the agent does not run', async () => {
		agent({
			'/management/clouddrive': { body: [TEAM] },
			'/management/objects_info': {
				status: 404,
				body: {
					type: 'NOT_FOUND',
					status: 404,
					errors: { NOT_FOUND: ['G:\\Nope is not in Team Drive.'] }
				}
			}
		});
		expect(await readDriveFolder('t1', 'Nope')).toMatchObject({
			folder: null,
			missing: 'G:\\Nope is not in Team Drive.'
		});
		agent({ '/management/clouddrive': { body: [] } });
		expect(await readDriveFolder('t1', '')).toEqual({ drive: null });
	});
});
