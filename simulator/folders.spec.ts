import { describe, expect, it } from 'vitest';
import { type Client, shareSimulator } from './test/helpers.ts';

let api: Client;

shareSimulator((started) => ({ api } = started));

const get = async (path: string) => {
	const r = await api.call('GET', path);
	expect(r.status, `${path}: ${r.text}`).toBe(200);
	return r.json;
};
const q = (path: string) => encodeURIComponent(path);

describe('the pickers on the agent machine', () => {
	it('lists the disks of a Windows desktop and the letters still free', async () => {
		expect(await get('/management/list_drives')).toEqual(['C:\\', 'D:\\', 'E:\\', 'S:\\']);
		// Taken: the disks C, D, E and S, the virtual drives G and H, the SMB shares Y and Z.
		const free = (await get('/management/list_available_drives')) as string[];
		expect(free[0]).toBe('F');
		for (const taken of ['C', 'D', 'E', 'G', 'H', 'S', 'Y', 'Z']) expect(free).not.toContain(taken);
		expect(free).toHaveLength(24 - 8);
	});

	it('answers the home folder for an empty path or /, and full paths of any folder', async () => {
		const home = [
			'C:\\Users\\ann\\Desktop',
			'C:\\Users\\ann\\Documents',
			'C:\\Users\\ann\\Downloads',
			'C:\\Users\\ann\\Music',
			'C:\\Users\\ann\\Pictures',
			'C:\\Users\\ann\\Videos'
		];
		expect(await get('/management/list_directories')).toEqual(home);
		expect(await get('/management/list_directories?path=')).toEqual(home);
		expect(await get('/management/list_directories?path=%2F')).toEqual(home);
		expect(await get(`/management/list_directories?path=${q('D:\\')}`)).toEqual([
			'D:\\Archive',
			'D:\\Footage',
			'D:\\Projects',
			'D:\\Scratch'
		]);
		// Any case and either slash, answered in the folder's own spelling.
		expect(await get(`/management/list_directories?path=${q('c:/users/ANN/pictures/')}`)).toEqual([
			'C:\\Users\\ann\\Pictures\\Holidays 2026',
			'C:\\Users\\ann\\Pictures\\Screenshots'
		]);
	});

	it('lists folders (objectType 2) then files (1) of a folder', async () => {
		const items = await get(
			`/management/list_files_directories?path=${q('C:\\Users\\ann\\Documents')}`
		);
		expect(items).toEqual([
			{ fileName: 'Contracts', fullPath: 'C:\\Users\\ann\\Documents\\Contracts', objectType: 2 },
			{ fileName: 'Invoices', fullPath: 'C:\\Users\\ann\\Documents\\Invoices', objectType: 2 },
			{ fileName: 'Notes', fullPath: 'C:\\Users\\ann\\Documents\\Notes', objectType: 2 },
			{
				fileName: 'Budget 2027.xlsx',
				fullPath: 'C:\\Users\\ann\\Documents\\Budget 2027.xlsx',
				objectType: 1
			},
			{
				fileName: 'Letter to the landlord.docx',
				fullPath: 'C:\\Users\\ann\\Documents\\Letter to the landlord.docx',
				objectType: 1
			}
		]);
	});

	it('answers 404 NOT_FOUND for a folder that does not exist, and 499 SECURITY for ..', async () => {
		for (const path of [
			'Z:\\',
			'C:\\Nowhere',
			'C:\\Users\\ann\\Documents\\Budget 2027.xlsx',
			'x'
		]) {
			for (const endpoint of ['list_directories', 'list_files_directories']) {
				const r = await api.call('GET', `/management/${endpoint}?path=${q(path)}`);
				expect(r.status, `${endpoint} ${path}`).toBe(404);
				expect(r.json).toMatchObject({
					type: 'NOT_FOUND',
					errors: { NOT_FOUND: [expect.any(String)] }
				});
			}
		}
		const r = await api.call(
			'GET',
			`/management/list_directories?path=${q('C:\\Users\\..\\Windows')}`
		);
		expect(r.status).toBe(499);
		expect(r.json).toMatchObject({ type: 'SECURITY' });
	});

	it('makes a folder that the pickers then list, refusing a name twice in any case', async () => {
		const body = { path: 'c:\\users\\ann\\documents', directoryName: 'Tax 2026' };
		const made = await api.call('POST', '/management/make_directory', { body });
		expect(made.status, made.text).toBe(200);
		expect(made.json).toBe('C:\\Users\\ann\\Documents\\Tax 2026');
		expect(
			await get(`/management/list_directories?path=${q('C:\\Users\\ann\\Documents')}`)
		).toContain('C:\\Users\\ann\\Documents\\Tax 2026');
		const again = await api.call('POST', '/management/make_directory', {
			body: { ...body, directoryName: 'TAX 2026' }
		});
		expect(again.status).toBe(499);
		expect(again.json).toMatchObject({
			type: 'DUPLICATE',
			errors: { directoryName: [expect.any(String)] }
		});
		// In the user's home when no path is given.
		const home = await api.call('POST', '/management/make_directory', {
			body: { directoryName: 'Inbox' }
		});
		expect(home.json).toBe('C:\\Users\\ann\\Inbox');
	});

	it('refuses traversal and separators with 499 SECURITY on the name, nothing made', async () => {
		for (const directoryName of [
			'..',
			'..\\Windows',
			'a/b',
			'C:',
			'what?',
			'a*',
			'"q"',
			'<x>',
			'p|q',
			'.',
			'bell\u0007'
		]) {
			const r = await api.call('POST', '/management/make_directory', {
				body: { path: 'C:\\Users\\ann', directoryName }
			});
			expect(r.status, directoryName).toBe(499);
			expect(r.json).toMatchObject({
				type: 'SECURITY',
				errors: { directoryName: [expect.any(String)] }
			});
		}
		const names = (await get('/management/list_directories')) as string[];
		expect(names).toHaveLength(6);
	});

	it('refuses what is not a folder name, and a folder that does not exist', async () => {
		const bad = async (body: unknown, status: number, type: string) => {
			const r = await api.call('POST', '/management/make_directory', { body });
			expect(r.status, JSON.stringify(body)).toBe(status);
			expect(r.json).toMatchObject({ type });
		};
		await bad({ path: 'C:\\' }, 499, 'VALIDATION');
		await bad({ path: 'C:\\', directoryName: 12 }, 499, 'VALIDATION');
		await bad({ path: 'C:\\', directoryName: 'x'.repeat(256) }, 499, 'VALIDATION');
		await bad({ path: 'C:\\', directoryName: 'trailing.' }, 499, 'VALIDATION');
		await bad({ path: 'C:\\', directoryName: 'CON' }, 499, 'VALIDATION');
		await bad({ path: 'Q:\\Nope', directoryName: 'x' }, 404, 'NOT_FOUND');
	});

	it('starts again from the seeded folders on reset', async () => {
		await api.call('POST', '/management/make_directory', { body: { directoryName: 'Temp' } });
		expect(await get('/management/list_directories')).toHaveLength(7);
		await api.call('POST', '/__sim/reset');
		expect(await get('/management/list_directories')).toHaveLength(6);
	});
});
