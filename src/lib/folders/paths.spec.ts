import { describe, expect, it } from 'vitest';
import {
	FOLDER_NAME_MAX,
	folderNameProblem,
	canonicalPath,
	isAbsolutePath,
	joinPath,
	namesWithin,
	normalizePath,
	parentOf,
	pathStyle,
	relatePaths,
	shortNameIn
} from './paths.ts';

/** Spellings of one folder that Windows reads alike, each with the form every check compares. */
const SPELLINGS: readonly (readonly [string, string])[] = [
	['C:\\Users\\ann\\Documents', 'c:/users/ann/documents'],
	['c:\\USERS\\Ann\\documents', 'c:/users/ann/documents'],
	['C:/Users\\ann//Documents/', 'c:/users/ann/documents'],
	['\\\\?\\C:\\Users\\ann\\Documents', 'c:/users/ann/documents'],
	['//?/C:/Users/ann/Documents', 'c:/users/ann/documents'],
	['\\\\.\\C:\\Users\\ann\\Documents', 'c:/users/ann/documents'],
	['\\??\\C:\\Users\\ann\\Documents', 'c:/users/ann/documents'],
	['C:\\Users\\ann\\Documents.', 'c:/users/ann/documents'],
	['C:\\Users\\ann\\Documents . .', 'c:/users/ann/documents'],
	['C:\\Users.\\ann \\Documents', 'c:/users/ann/documents'],
	['\\\\localhost\\C$\\Users\\ann\\Documents', 'c:/users/ann/documents'],
	['\\\\LOCALHOST\\c$\\Users\\ann\\Documents', 'c:/users/ann/documents'],
	['\\\\127.0.0.1\\C$\\Users\\ann\\Documents', 'c:/users/ann/documents'],
	['\\\\[::1]\\C$\\Users\\ann\\Documents', 'c:/users/ann/documents'],
	['\\\\?\\UNC\\localhost\\C$\\Users\\ann\\Documents', 'c:/users/ann/documents'],
	['C:\\Users\\ann\\.\\Documents', 'c:/users/ann/documents'],
	['C:\\Users\\ann\\Music\\..\\Documents', 'c:/users/ann/documents'],
	['C:\\Users\\ann\\Music\\.. \\Documents', 'c:/users/ann/documents'],
	['C:\\Users\\ann\\Documents\\...', 'c:/users/ann/documents'],
	['C:\\Users\\ann\\...\\Documents', 'c:/users/ann/documents'],
	['C:\\Users\\ann\\Music\\...\\Documents', 'c:/users/ann/music/documents'],
	['C:\\Windows\\.... \\Temp', 'c:/windows/temp'],
	['C:\\..\\..\\Users\\ann\\Documents', 'c:/users/ann/documents'],
	['C:\\Users\\ann\\Documents\\.. /.. /.. /Windows', 'c:/windows'],
	['C:\\.. /.. /Windows', 'c:/windows'],
	['\\\\?\\UNC\\nas\\Media\\Films', '//nas/media/films'],
	['\\\\NAS\\media\\Films.', '//nas/media/films'],
	['\\\\nas\\media\\..\\..\\Films', '//nas/media/films'],
	['\\\\nas\\C$\\Users', '//nas/c$/users'],
	['//nas/share', '//nas/share'],
	['//NAS/Media/./Films/', '//nas/media/films'],
	['/home/ann/Documents', '/home/ann/Documents'],
	['/home/ann/Documents.', '/home/ann/Documents.'],
	['/home//ann/./Music/../Documents/', '/home/ann/Documents'],
	['/../../etc', '/etc']
];

describe('paths on the agent machine', () => {
	it('tells a Windows path from a POSIX one', () => {
		expect(pathStyle('C:\\Users')).toBe('windows');
		expect(pathStyle('d:/Media')).toBe('windows');
		expect(pathStyle('\\\\nas\\share')).toBe('windows');
		expect(pathStyle('//nas/share')).toBe('windows');
		expect(pathStyle('//?/C:/Users')).toBe('windows');
		expect(pathStyle('///srv/data')).toBe('posix');
		expect(pathStyle('/Users/ana')).toBe('posix');
		expect(pathStyle('/Volumes/My Disk')).toBe('posix');
	});

	it('spells a path one way: one separator, no repeats, no trailing one but at a root', () => {
		expect(normalizePath('c:/Users//ana/')).toBe('C:\\Users\\ana');
		expect(normalizePath('C:')).toBe('C:\\');
		expect(normalizePath('C:\\')).toBe('C:\\');
		expect(normalizePath('//nas/share/x/', 'windows')).toBe('\\\\nas\\share\\x');
		expect(normalizePath('//nas/share/x/')).toBe('\\\\nas\\share\\x');
		expect(normalizePath('///srv//x/')).toBe('/srv/x');
		expect(normalizePath('/home//ana/')).toBe('/home/ana');
		expect(normalizePath('/')).toBe('/');
		expect(normalizePath('  /tmp  ')).toBe('/tmp');
	});

	it.each([
		['D:\\Cache', true],
		['d:/cache', true],
		['C:\\', true],
		['\\\\nas\\share', true],
		['//nas/share', true],
		['\\\\?\\C:\\Cache', true],
		['\\\\?\\UNC\\nas\\share', true],
		['/srv/cache', true],
		['\\Windows\\System32', false],
		['/Windows\\System32', false],
		['C:Config', false],
		['C:', false],
		['\\\\?\\C:Config', false],
		['Windows', false],
		['Cache/team', false],
		['', false]
	] as const)('reads %s as absolute: %s', (path, absolute) => {
		expect(isAbsolutePath(path)).toBe(absolute);
	});

	it('relates two folders: the same, inside, containing, or apart', () => {
		expect(relatePaths('C:\\Data', 'C:\\Data')).toBe('same');
		expect(relatePaths('C:\\Data\\Photos', 'C:\\Data')).toBe('inside');
		expect(relatePaths('C:\\', 'C:\\Data')).toBe('contains');
		expect(relatePaths('C:\\Data', 'C:\\Database')).toBeNull();
		expect(relatePaths('C:\\Database', 'C:\\Data')).toBeNull();
		expect(relatePaths('D:\\Data', 'C:\\Data')).toBeNull();
	});

	it('compares Windows paths in any case and with either slash', () => {
		expect(relatePaths('c:/data/photos/', 'C:\\DATA')).toBe('inside');
		expect(relatePaths('C:\\Users\\Ana', 'c:\\users\\ana\\')).toBe('same');
		expect(relatePaths('\\\\NAS\\Share', '//nas/share/team')).toBe('contains');
	});

	it('compares POSIX paths case by case', () => {
		expect(relatePaths('/Users/ana', '/users/ana')).toBeNull();
		expect(relatePaths('/Users/ana/Music', '/Users/ana')).toBe('inside');
		expect(relatePaths('/', '/Users')).toBe('contains');
		expect(relatePaths('/data', '/database')).toBeNull();
		expect(relatePaths('/a//b/', '/a/b')).toBe('same');
	});

	it.each(SPELLINGS)('reads %s as %s', (spelling, canonical) => {
		expect(canonicalPath(spelling)).toBe(canonical);
	});

	it('relates every spelling of a folder to it as the same folder', () => {
		for (const [spelling, canonical] of SPELLINGS)
			if (canonical === 'c:/users/ann/documents')
				expect(relatePaths(spelling, 'C:\\Users\\Ann\\Documents'), spelling).toBe('same');
		expect(relatePaths('\\\\?\\C:\\Users\\ann\\Documents\\Work', 'C:\\Users\\ann\\Documents')).toBe(
			'inside'
		);
		expect(relatePaths('\\\\localhost\\C$\\Users', 'C:\\Users\\ann\\Documents.')).toBe('contains');
		expect(relatePaths('\\\\nas\\media', '\\\\nas\\media2')).toBeNull();
		expect(relatePaths('\\\\nas\\C$', 'C:\\')).toBeNull();
		expect(relatePaths('/home/ann/Documents.', '/home/ann/Documents')).toBeNull();
	});

	it('shows a path in one spelling, case kept', () => {
		expect(normalizePath('\\\\?\\C:\\Users\\Ann\\.\\Documents.')).toBe('C:\\Users\\Ann\\Documents');
		expect(normalizePath('\\\\localhost\\d$')).toBe('D:\\');
		expect(normalizePath('\\\\?\\UNC\\Nas\\Media')).toBe('\\\\Nas\\Media');
		expect(normalizePath('G:\\.. \\.. \\Windows')).toBe('G:\\Windows');
	});

	it('finds a folder name that may be an 8.3 short name', () => {
		expect(shortNameIn('C:\\DOCUME~1\\ann')).toBe('DOCUME~1');
		expect(shortNameIn('c:/Users/ann/MYDOCU~12/x')).toBe('MYDOCU~12');
		expect(shortNameIn('C:\\Users\\ann\\Docs~old')).toBeNull();
		expect(shortNameIn('C:\\Users\\ann\\Documents')).toBeNull();
		expect(shortNameIn('/home/ann/DOCUME~1')).toBeNull();
	});

	it('keeps a path inside a drive within it, whatever dots and spaces it holds', () => {
		expect(namesWithin('.. /.. /Windows')).toEqual(['Windows']);
		expect(namesWithin('..\\..\\Windows')).toEqual(['Windows']);
		expect(namesWithin('Team/Plans/. /.. ./Budget')).toEqual(['Team', 'Budget']);
		expect(namesWithin('Team/ ../../../x')).toEqual(['x']);
		expect(namesWithin('Team//Notes./a b')).toEqual(['Team', 'Notes.', 'a b']);
		expect(namesWithin('')).toEqual([]);
	});

	it('reads three or more dots as no name, not as .., in a drive as in a folder check', () => {
		// Windows strips a name's trailing dots, so `...` is no name at all: the folder it is in.
		expect(namesWithin('Team/.../Budget')).toEqual(['Team', 'Budget']);
		expect(namesWithin('Team/Plans/..../.... /x')).toEqual(['Team', 'Plans', 'x']);
		expect(namesWithin('.../Windows')).toEqual(['Windows']);
		// The same rule as canonicalPath's, which lowers the case (these paths are all lower case).
		for (const path of ['team/.../budget', 'team/plans/.. ./..../x', 'a/. /.. /b', 'a\\...\\..\\c'])
			expect(['g:', ...namesWithin(path)].join('/'), path).toBe(canonicalPath(`G:\\${path}`));
	});

	it('relates nothing to an empty path', () => {
		expect(relatePaths('', 'C:\\Data')).toBeNull();
		expect(relatePaths('/x', '  ')).toBeNull();
	});

	it('joins a name to a folder with its separator', () => {
		expect(joinPath('C:\\Users\\ana', 'New')).toBe('C:\\Users\\ana\\New');
		expect(joinPath('C:\\', 'New')).toBe('C:\\New');
		expect(joinPath('/home/ana/', 'New')).toBe('/home/ana/New');
		expect(joinPath('/', 'New')).toBe('/New');
	});

	it('goes up one folder, and not past a root', () => {
		expect(parentOf('C:\\Users\\ana')).toBe('C:\\Users');
		expect(parentOf('C:\\Users')).toBe('C:\\');
		expect(parentOf('C:\\')).toBeNull();
		expect(parentOf('\\\\nas\\share\\team')).toBe('\\\\nas\\share');
		expect(parentOf('\\\\nas\\share')).toBeNull();
		expect(parentOf('/home/ana')).toBe('/home');
		expect(parentOf('/home')).toBe('/');
		expect(parentOf('/')).toBeNull();
		expect(parentOf('relative')).toBeNull();
	});

	it("says what is wrong with a new folder's name", () => {
		expect(folderNameProblem('Projects 2026')).toBeNull();
		expect(folderNameProblem('  ')).toBe('Enter a name for the new folder.');
		expect(folderNameProblem('..')).toContain('"."');
		expect(folderNameProblem('a/b')).toContain('slash');
		expect(folderNameProblem('..\\..\\Windows')).toContain('slash');
		expect(folderNameProblem('a:b')).toContain('cannot hold');
		expect(folderNameProblem('a\u0001')).toContain('control');
		expect(folderNameProblem('x'.repeat(FOLDER_NAME_MAX + 1))).toContain('at most 255');
		expect(folderNameProblem('notes.')).toContain('end with a dot');
	});
});
