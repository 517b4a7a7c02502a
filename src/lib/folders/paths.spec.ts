import { describe, expect, it } from 'vitest';
import {
	FOLDER_NAME_MAX,
	folderNameProblem,
	joinPath,
	normalizePath,
	parentOf,
	pathStyle,
	relatePaths
} from './paths.ts';

describe('paths on the agent machine', () => {
	it('tells a Windows path from a POSIX one', () => {
		expect(pathStyle('C:\\Users')).toBe('windows');
		expect(pathStyle('d:/Media')).toBe('windows');
		expect(pathStyle('\\\\nas\\share')).toBe('windows');
		expect(pathStyle('/Users/ana')).toBe('posix');
		expect(pathStyle('/Volumes/My Disk')).toBe('posix');
	});

	it('spells a path one way: one separator, no repeats, no trailing one but at a root', () => {
		expect(normalizePath('c:/Users//ana/')).toBe('C:\\Users\\ana');
		expect(normalizePath('C:')).toBe('C:\\');
		expect(normalizePath('C:\\')).toBe('C:\\');
		expect(normalizePath('//nas/share/x/', 'windows')).toBe('\\\\nas\\share\\x');
		expect(normalizePath('//nas/share/x/')).toBe('/nas/share/x');
		expect(normalizePath('/home//ana/')).toBe('/home/ana');
		expect(normalizePath('/')).toBe('/');
		expect(normalizePath('  /tmp  ')).toBe('/tmp');
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
