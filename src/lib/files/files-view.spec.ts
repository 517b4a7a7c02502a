import { describe, expect, it } from 'vitest';
import { parseFilesView, pathParts, relativeTo, DEFAULT_VIEW } from './files-view';

describe('the file browser’s view in the URL', () => {
	it('reads the folder without empty or dot parts, and ignores odd values', () => {
		const view = parseFilesView(
			new URLSearchParams(
				'path=/Projects\\..\\Brand 2027//./a&sort=size&desc=1&state=odd&place=kept'
			)
		);
		expect(view).toEqual({
			...DEFAULT_VIEW,
			path: 'Brand 2027/a',
			sort: 'size',
			desc: true,
			place: 'kept'
		});
		expect(parseFilesView(new URLSearchParams('sort=__proto__'))).toEqual(DEFAULT_VIEW);
		expect(pathParts(null)).toEqual([]);
	});

	it('never climbs above the drive, whatever dots and spaces the path holds', () => {
		expect(parseFilesView(new URLSearchParams('path=.. /.. /Windows')).path).toBe('Windows');
		expect(parseFilesView(new URLSearchParams('path=..%5C..%5CWindows')).path).toBe('Windows');
		expect(pathParts('Team/... /..  . /.. /../x')).toEqual(['x']);
		expect(pathParts('Team/Plans/. /Budget')).toEqual(['Team', 'Plans', 'Budget']);
		expect(pathParts('Team/Plans/.. /Budget')).toEqual(['Team', 'Budget']);
		expect(pathParts('Team/Notes./a b ')).toEqual(['Team', 'Notes.', 'a b ']);
	});

	it('finds a folder’s path relative to the drive’s folder, in any case and slash', () => {
		expect(relativeTo('G:\\', 'G:\\Projects\\Brand 2027')).toBe('Projects/Brand 2027');
		expect(relativeTo('D:\\Archive', 'd:/archive/Docs')).toBe('Docs');
		expect(relativeTo('D:\\Archive', 'D:\\Archive')).toBe('');
		expect(relativeTo('D:\\Archive', 'D:\\Archived\\x')).toBeNull();
	});
});
