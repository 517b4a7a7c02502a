import { describe, expect, it } from 'vitest';
import { folderConcern } from './folder-concerns.ts';

describe('folders not to take over', () => {
	it.each([
		['C:\\Windows', 'C:\\Windows'],
		['c:\\windows\\System32', 'C:\\Windows'],
		['\\\\?\\C:\\Windows\\System32', 'C:\\Windows'],
		['C:\\WINDOWS.\\system32', 'C:\\Windows'],
		['C:\\Windows \\System32', 'C:\\Windows'],
		['\\\\localhost\\C$\\Windows', 'C:\\Windows'],
		['\\\\127.0.0.1\\c$\\Program Files\\App', 'C:\\Program Files'],
		['C:\\Users\\ann\\..\\..\\Windows', 'C:\\Windows'],
		['C:\\Temp\\.. \\.. \\Windows\\Fonts', 'C:\\Windows'],
		['C:/ProgramData/./Agent', 'C:\\ProgramData'],
		['/etc/ssh', '/etc'],
		['/home/ann/../../usr/bin', '/usr']
	])('calls %s a system folder (%s)', (path, folder) => {
		expect(folderConcern(path)).toEqual({ kind: 'system', folder });
	});

	it('lets a cache sit inside ProgramData, where the agent keeps its own, but not take it over', () => {
		expect(folderConcern('C:\\ProgramData\\Agent\\cache\\team', 'cache')).toBeNull();
		expect(folderConcern('\\\\?\\C:\\PROGRAMDATA.\\Agent\\cache', 'cache')).toBeNull();
		expect(folderConcern('C:\\ProgramData', 'cache')?.kind).toBe('system');
		expect(folderConcern('C:\\Windows\\Temp', 'cache')?.kind).toBe('system');
		expect(folderConcern('C:\\ProgramData\\Agent\\cache\\team')?.kind).toBe('system');
	});

	it("keeps a cache out of ProgramData's Microsoft folder, which is Windows' own", () => {
		const startup = 'C:\\ProgramData\\Microsoft\\Windows\\Start Menu\\Programs\\StartUp';
		expect(folderConcern(startup, 'cache')).toEqual({ kind: 'system', folder: 'C:\\ProgramData' });
		expect(folderConcern('c:/programdata/MICROSOFT.', 'cache')?.kind).toBe('system');
		expect(folderConcern('C:\\ProgramData\\Microsoft Agent\\cache', 'cache')).toBeNull();
	});

	it('calls the root of a disk a system folder', () => {
		expect(folderConcern('D:')).toEqual({ kind: 'system', folder: 'D:\\' });
		expect(folderConcern('\\\\?\\E:\\')).toEqual({ kind: 'system', folder: 'E:\\' });
		expect(folderConcern('/')).toEqual({ kind: 'system', folder: '/' });
	});

	it("names a user's whole profile, in any spelling", () => {
		expect(folderConcern('C:\\Users\\ann')).toEqual({
			kind: 'profile-root',
			folder: 'C:\\Users\\ann'
		});
		expect(folderConcern('\\\\?\\c:\\users\\Ann.\\')).toEqual({
			kind: 'profile-root',
			folder: 'C:\\users\\Ann'
		});
		expect(folderConcern('\\\\localhost\\C$\\Users\\ann\\Documents\\..')?.kind).toBe(
			'profile-root'
		);
		expect(folderConcern('C:\\Users')?.kind).toBe('profile-root');
		expect(folderConcern('/Users/ann')?.kind).toBe('profile-root');
		expect(folderConcern('/home/ann/')?.kind).toBe('profile-root');
	});

	it('names a network share, and not a loopback spelling of a local disk', () => {
		expect(folderConcern('\\\\nas\\cache')).toEqual({ kind: 'network', folder: '\\\\nas\\cache' });
		expect(folderConcern('//nas/cache/x')).toEqual({
			kind: 'network',
			folder: '\\\\nas\\cache\\x'
		});
		expect(folderConcern('//nas/share', 'cache')?.kind).toBe('network');
		expect(folderConcern('\\\\?\\UNC\\nas\\cache')).toEqual({
			kind: 'network',
			folder: '\\\\nas\\cache'
		});
		expect(folderConcern('\\\\localhost\\D$\\Cache')).toBeNull();
	});

	it('leaves ordinary folders alone', () => {
		expect(folderConcern('C:\\Users\\ann\\Documents')).toBeNull();
		expect(folderConcern('D:\\Projects')).toBeNull();
		expect(folderConcern('C:\\WindowsApps')).toBeNull();
		expect(folderConcern('/Users/ann/Library')).toBeNull();
		expect(folderConcern('/home/ann/Music')).toBeNull();
		expect(folderConcern('  ')).toBeNull();
	});
});
