import { describe, expect, it } from 'vitest';
import type { FileObject } from '$lib/api/files';
import { arrange, type Look } from './arrange';
import { DEFAULT_VIEW, type FilesView } from './files-view';

const entry = (name: string, more: Partial<FileObject> = {}): FileObject => ({
	name,
	path: `G:\\${name}`,
	folder: false,
	size: 1,
	modified: '2026-11-01T00:00:00Z',
	state: 0,
	offline: null,
	cachedSize: null,
	raw: {},
	...more
});

const entries = [
	entry('file 10.mov', { size: 30 }),
	entry('File 9.mov', { size: 10, state: 4 }),
	entry('b folder', { folder: true, size: 5 }),
	entry('a folder', { folder: true, size: 50 }),
	entry('notes.txt', { size: 20, modified: '2026-11-20T00:00:00Z', state: 256 })
];
const look: Look = {
	group: (i) =>
		entries[i]!.state === 4 ? 'upload' : entries[i]!.state === 256 ? 'errors' : 'insync',
	place: (i) => (i === 0 ? 'kept' : i === 1 ? 'cloud' : 'here')
};
const names = (view: Partial<FilesView>) =>
	arrange(entries, { ...DEFAULT_VIEW, ...view }, look).map((i) => entries[i]!.name);

describe('a folder as the view shows it', () => {
	it('puts folders first, then names in a person’s order (numbers as numbers, any case)', () => {
		expect(names({})).toEqual(['a folder', 'b folder', 'File 9.mov', 'file 10.mov', 'notes.txt']);
		expect(names({ desc: true })).toEqual([
			'b folder',
			'a folder',
			'notes.txt',
			'file 10.mov',
			'File 9.mov'
		]);
	});

	it('sorts by size, date or state, folders still first', () => {
		expect(names({ sort: 'size', desc: true })).toEqual([
			'a folder',
			'b folder',
			'file 10.mov',
			'notes.txt',
			'File 9.mov'
		]);
		expect(names({ sort: 'modified', desc: true })[2]).toBe('notes.txt');
		expect(names({ sort: 'state' }).slice(2)).toEqual(['notes.txt', 'File 9.mov', 'file 10.mov']);
	});

	it('filters by state, place and name', () => {
		expect(names({ state: 'upload' })).toEqual(['File 9.mov']);
		expect(names({ state: 'errors' })).toEqual(['notes.txt']);
		expect(names({ place: 'kept' })).toEqual(['file 10.mov']);
		expect(names({ place: 'cloud' })).toEqual(['File 9.mov']);
		expect(names({ place: 'here' })).toHaveLength(4);
		expect(names({ q: 'FOLDER' })).toEqual(['a folder', 'b folder']);
	});

	it('arranges 50,000 entries', () => {
		const many = Array.from({ length: 50_000 }, (_, i) =>
			entry(`frame-${String(50_000 - i).padStart(6, '0')}.jpg`, { size: i })
		);
		const order = arrange(many, DEFAULT_VIEW, { group: () => 'insync', place: () => null });
		expect(order).toHaveLength(50_000);
		expect(many[order[0]!]!.name).toBe('frame-000001.jpg');
		expect(many[order.at(-1)!]!.name).toBe('frame-050000.jpg');
	});
});
