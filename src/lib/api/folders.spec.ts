import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAgent } from '$lib/test/fake-agent';
import { AgentContractError, AgentHttpError } from './errors.ts';
import {
	listDirectories,
	listFilesAndFolders,
	listFreeLetters,
	listMachineDrives,
	makeDirectory
} from './folders.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the pickers on the agent machine', () => {
	it("lists the machine's drives as sent, without odd or repeated elements", async () => {
		const calls = fakeAgent(200, JSON.stringify(['C:\\', 'D:\\', 5, null, '', 'C:\\']));
		expect(await listMachineDrives()).toEqual(['C:\\', 'D:\\']);
		expect(calls[0]).toMatchObject({ method: 'GET', path: '/management/list_drives' });
	});

	it('reads free letters in any of their spellings, upper case', async () => {
		const calls = fakeAgent(200, JSON.stringify(['F', 'g', 'H:', 'I:\\', 'JK', 7, 'F']));
		expect(await listFreeLetters()).toEqual(['F', 'G', 'H', 'I']);
		expect(calls[0]?.path).toBe('/management/list_available_drives');
	});

	it('lists the folders of a path in its own form, and the home folder for none', async () => {
		const calls = fakeAgent(200, JSON.stringify(['C:\\Users\\ana\\Documents']));
		expect(await listDirectories('C:\\Users\\ana')).toEqual(['C:\\Users\\ana\\Documents']);
		await listDirectories('');
		expect(calls.map((c) => c.query)).toEqual([{ path: 'C:\\Users\\ana' }, {}]);
		expect(calls[0]?.path).toBe('/management/list_directories');
	});

	it('reads files and folders by objectType 1 and 2, and keeps what it cannot place', async () => {
		const calls = fakeAgent(
			200,
			JSON.stringify([
				{ fileName: 'notes.txt', fullPath: '/home/ana/notes.txt', objectType: 1 },
				{ fileName: 'Music', fullPath: '/home/ana/Music', objectType: 2 },
				{ fullPath: '/home/ana/Odd/', objectType: 7, extra: 'kept' },
				{ fileName: 'Film', fullPath: '/home/ana/Film', objectType: 'Directory' },
				{ fileName: 'x', fullPath: '/home/ana/x', objectType: 1, isDirectory: true },
				{ fileName: 'no path' },
				'junk'
			])
		);
		const { entries, unreadable } = await listFilesAndFolders('/home/ana');
		expect(entries.map((e) => [e.name, e.kind])).toEqual([
			['notes.txt', 'file'],
			['Music', 'folder'],
			['Odd', 'unknown'],
			['Film', 'folder'],
			['x', 'folder']
		]);
		expect(entries[2]?.sent).toMatchObject({ objectType: 7, extra: 'kept' });
		expect(unreadable).toBe(2);
		expect(calls[0]).toMatchObject({
			path: '/management/list_files_directories',
			query: { path: '/home/ana' }
		});
	});

	it('turns a listing that is not a list into a contract error', async () => {
		fakeAgent(200, JSON.stringify({ folders: [] }));
		await expect(listDirectories('/')).rejects.toBeInstanceOf(AgentContractError);
		fakeAgent(200, 'C:\\');
		await expect(listMachineDrives()).rejects.toBeInstanceOf(AgentContractError);
	});

	it('makes a folder with a POST naming the console, and reads the new path if sent', async () => {
		const calls = fakeAgent(200, JSON.stringify('C:\\Users\\ana\\New'));
		expect(await makeDirectory('C:\\Users\\ana', 'New')).toBe('C:\\Users\\ana\\New');
		expect(calls[0]).toMatchObject({
			method: 'POST',
			path: '/management/make_directory',
			headers: { 'x-app-origin': 'agent-console' },
			body: { path: 'C:\\Users\\ana', directoryName: 'New' }
		});
		fakeAgent(200, '');
		expect(await makeDirectory('/home', 'x')).toBeNull();
		fakeAgent(200, '{"ok":true}');
		expect(await makeDirectory('/home', 'x')).toBeNull();
	});

	it("keeps the agent's SECURITY refusal of a name", async () => {
		fakeAgent(499, JSON.stringify({ type: 'SECURITY', errors: { SECURITY: ['Not allowed.'] } }));
		const error = await makeDirectory('C:\\', '..\\x').catch((e: unknown) => e);
		expect(error).toBeInstanceOf(AgentHttpError);
		expect(error).toMatchObject({ code: 'SECURITY', status: 499 });
	});
});
