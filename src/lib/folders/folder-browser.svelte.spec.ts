import { describe, expect, it } from 'vitest';
import { AgentHttpError } from '$lib/api/errors';
import { FolderBrowser } from './folder-browser.svelte.ts';

/** A listing that waits until the test answers it, and ignores aborts (a late answer). */
function slowAgent() {
	const asked: { path: string; answer: (folders: string[]) => void; fail: (e: Error) => void }[] =
		[];
	const listDirectories = (path: string) =>
		new Promise<string[]>((resolve, reject) => {
			asked.push({ path, answer: resolve, fail: reject });
		});
	return { asked, listDirectories };
}

describe('FolderBrowser', () => {
	it('asks the agent for a typed folder in one spelling, dots and spaces resolved', async () => {
		const agent = slowAgent();
		const browser = new FolderBrowser({ listDirectories: agent.listDirectories });
		void browser.open('C:\\Users\\ann\\.. \\.. \\Windows');
		void browser.open('\\\\?\\C:\\Users\\ann\\.\\Documents.');
		void browser.open('\\\\localhost\\D$\\Projects\\..\\..\\..');
		void browser.open('/home/ann/./Music/../Documents');
		expect(agent.asked.map((a) => a.path)).toEqual([
			'C:\\Windows',
			'C:\\Users\\ann\\Documents',
			'D:\\',
			'/home/ann/Documents'
		]);
		browser.stop();
	});

	it('never lets an older listing replace a newer one', async () => {
		const agent = slowAgent();
		const browser = new FolderBrowser({ listDirectories: agent.listDirectories });
		const first = browser.open('C:\\Users');
		const second = browser.open('D:\\');
		agent.asked[1]!.answer(['D:\\Archive', 'D:\\Projects']);
		expect(await second).toBe(true);
		agent.asked[0]!.answer(['C:\\Users\\ann']);
		expect(await first).toBe(false);
		expect(browser.path).toBe('D:\\');
		expect(browser.folders).toEqual(['D:\\Archive', 'D:\\Projects']);
		expect(browser.busy).toBe(false);
	});

	it('says an unknown folder in words, and a late failure is dropped too', async () => {
		const agent = slowAgent();
		const browser = new FolderBrowser({ listDirectories: agent.listDirectories });
		const gone = browser.open('c:/Nowhere');
		agent.asked[0]!.fail(
			new AgentHttpError(404, 'NOT_FOUND', { NOT_FOUND: ['No folder C:\\Nowhere.'] })
		);
		expect(await gone).toBe(false);
		expect(browser.problem).toBe(
			'There is no folder C:\\Nowhere on the computer the agent runs on.'
		);
		const late = browser.open('E:\\');
		const now = browser.open('D:\\');
		agent.asked[2]!.answer([]);
		await now;
		agent.asked[1]!.fail(new AgentHttpError(404, 'NOT_FOUND'));
		await late;
		expect(browser.problem).toBeNull();
		expect(browser.path).toBe('D:\\');
	});

	it('takes the home folder from the answer when asked for no path', async () => {
		const browser = new FolderBrowser({
			listDirectories: async () => ['C:\\Users\\ann\\Desktop', 'C:\\Users\\ann\\Documents']
		});
		await browser.open('');
		expect(browser.path).toBe('C:\\Users\\ann');
		expect(browser.up).toBe('C:\\Users');
	});

	it('checks a new folder’s name first, then says the agent’s refusal beside it', async () => {
		const made: string[] = [];
		const browser = new FolderBrowser({
			listDirectories: async () => [],
			makeDirectory: async (path, name) => {
				if (name === 'Taken')
					throw new AgentHttpError(499, 'DUPLICATE', {
						directoryName: [`${path}\\Taken already exists.`]
					});
				made.push(name);
				return null;
			}
		});
		await browser.open('C:\\Users\\ann');
		expect(await browser.makeFolder('a/b')).toBeNull();
		expect(browser.newFolderProblem).toBe('A folder name cannot hold a slash or a backslash.');
		expect(await browser.makeFolder('Taken')).toBeNull();
		expect(browser.newFolderProblem).toBe('C:\\Users\\ann\\Taken already exists.');
		expect(await browser.makeFolder(' Synced ')).toBe('C:\\Users\\ann\\Synced');
		expect(made).toEqual(['Synced']);
	});
});
