import { describe, expect, it } from 'vitest';
import type { FileObject } from '$lib/api/files';
import type { Drive } from '$lib/api/schemas/drives';
import {
	confirmWords,
	numberingOf,
	placeOf,
	readState,
	rulesOf,
	whyNot,
	type Target
} from './file-words';

const file = (more: Partial<FileObject> = {}): FileObject => ({
	name: 'hero.mov',
	path: 'G:\\Projects\\hero.mov',
	folder: false,
	size: 2048,
	modified: null,
	state: 0,
	offline: false,
	cachedSize: 2048,
	raw: {},
	...more
});
const team: Drive = {
	id: 't',
	name: 'Team Drive',
	storageName: 'studio-projects',
	active: true,
	syncType: 1,
	permissionType: 2,
	allowDelete: true
};
const rules = rulesOf(team);
const target = (more: Partial<FileObject> = {}, group: Target['group'] = 'insync'): Target => ({
	entry: file(more),
	group
});

describe('a file’s state in either numbering', () => {
	it('tells the numbering of a folder from values only one of them has', () => {
		const of = (...states: (number | null)[]) => numberingOf(states.map((state) => ({ state })));
		expect(of(0, 4, 132)).toBe('flags');
		expect(of(0, 1, 10)).toBe('sequential');
		expect(of(0, 2, 4)).toBe('unsure');
		expect(of(null)).toBe('unsure');
		expect(of(132, 10)).toBe('unsure');
	});

	it('reads each numbering in the tiles’ words, a live frame first, a guess with a note', () => {
		expect(readState(132, 'flags')).toMatchObject({ words: 'Uploading now', group: 'upload' });
		expect(readState(1, 'sequential')).toMatchObject({
			words: 'Waiting to upload or uploading now',
			group: 'upload'
		});
		expect(readState(10, 'sequential')).toMatchObject({ words: 'With errors', group: 'errors' });
		expect(readState(4, 'flags', 0)).toMatchObject({ words: 'In sync', note: null });
		const guess = readState(4, 'unsure');
		expect(guess).toMatchObject({ words: 'Waiting to upload', group: 'upload' });
		expect(guess?.note).toContain('Being deleted');
		expect(readState(0, 'unsure')?.note).toBeNull();
		expect(readState(null, 'flags')).toBeNull();
		expect(readState(260, 'flags')).toMatchObject({ group: 'errors' });
	});
});

describe('where the bytes are', () => {
	it('says kept, here, partly, cloud only, or nothing when the agent does not say', () => {
		expect(placeOf(file({ offline: true }))?.words).toBe('Kept on this computer');
		expect(placeOf(file())?.key).toBe('here');
		expect(placeOf(file({ cachedSize: 0 }))?.words).toBe('In the cloud only');
		expect(placeOf(file({ folder: true, cachedSize: 1024 }))).toEqual({
			words: '1.0 KB on this computer',
			key: 'partly'
		});
		expect(placeOf(file({ offline: null, cachedSize: null }))).toBeNull();
	});
});

describe('why an action cannot be done', () => {
	it('says why, and blocks nothing the agent does not say', () => {
		expect(whyNot('free', target({ offline: true }), rules)).toMatch(/stop keeping/);
		expect(whyNot('free', target({ cachedSize: 0 }), rules)).toMatch(/nothing to free/);
		expect(whyNot('free', target({}, 'upload'), rules)).toMatch(/only copy/);
		expect(whyNot('free', target({ cachedSize: null, offline: null }), rules)).toBeNull();
		expect(whyNot('free', target(), rulesOf({ ...team, syncType: 2 }))).toMatch(/mirror/);
		expect(whyNot('fetch', target(), rules)).toBe('Already on this computer.');
		expect(whyNot('fetch', target({ cachedSize: 0 }), rules)).toBeNull();
		expect(whyNot('keep', target({ offline: true }), rules)).toMatch(/Already kept/);
		expect(whyNot('delete', target(), rulesOf({ ...team, allowDelete: false }))).toMatch(
			/does not allow deleting/
		);
		expect(whyNot('delete', target(), rulesOf({ ...team, permissionType: 1 }))).toMatch(
			/read-only/
		);
		expect(whyNot('delete', target({}, 'upload'), rules)).toMatch(/Still uploading/);
		expect(whyNot('delete', target(), rulesOf({ id: 'x' }))).toBeNull();
		expect(whyNot('share', target({ folder: true }), rules)).toMatch(/one file/);
		expect(whyNot('share', target({ folder: null }), rules)).toMatch(/one file/);
	});
});

describe('what an action will do', () => {
	it('says the space freed first, exactly for a file and as “up to” otherwise', () => {
		expect(confirmWords('free', [target()], rules).consequences[0]).toBe(
			'Frees 2.0 KB on this computer.'
		);
		expect(
			confirmWords('free', [target({ folder: true, size: 4096 })], rules).consequences[0]
		).toMatch(/^Frees up to 2.0 KB/);
		expect(
			confirmWords('free', [target({ cachedSize: null, offline: null })], rules).consequences[0]
		).toMatch(/^Frees up to 2.0 KB on this computer: the agent does not say/);
	});

	it('says what keeping and fetching download, and that deleting cannot be undone', () => {
		expect(confirmWords('keep', [target({ cachedSize: 1024 })], rules).consequences[1]).toMatch(
			/^1.0 KB is not on this computer yet/
		);
		expect(confirmWords('fetch', [target({ cachedSize: 0 })], rules).consequences[0]).toContain(
			'(2.0 KB)'
		);
		expect(
			confirmWords('fetch', [target({ path: 'G:\\a.fcpbundle\\x', cachedSize: 0 })], rules)
				.consequences[1]
		).toMatch(/bundle comes whole/);
		const del = confirmWords('delete', [target(), target({ name: 'b' })], rules);
		expect(del).toMatchObject({ title: 'Delete 2 items?', danger: true });
		expect(del.consequences.join(' ')).toMatch(/studio-projects.*cannot be undone.*skipped/);
	});
});
