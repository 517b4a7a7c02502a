import { describe, expect, it } from 'vitest';
import type { FileObject } from '$lib/api/files';
import { pathKey, reportOf } from './file-outcome';
import type { Target } from './file-words';

const item = (name: string, more: Partial<FileObject> = {}): FileObject => ({
	name,
	path: `G:\\Docs\\${name}`,
	folder: false,
	size: 4096,
	modified: null,
	state: 0,
	offline: false,
	cachedSize: 4096,
	raw: {},
	...more
});
const t = (e: FileObject, group: Target['group'] = 'insync'): Target => ({ entry: e, group });
const after = (...list: [FileObject, FileObject | null][]) =>
	new Map(list.map(([before, now]) => [pathKey(before.path), now]));

describe('what an action did, from the items read again', () => {
	it('says the space freed, and nothing freed as nothing done', () => {
		const a = item('a.psd');
		const freed = reportOf('free', [t(a)], [t(a)], after([a, { ...a, cachedSize: 0 }]), [], null);
		expect(freed).toMatchObject({
			ok: true,
			text: 'Freed 4.0 KB on this computer. The cloud copy stays.'
		});
		const folder = item('Docs', { folder: true, cachedSize: 8192, size: 8192 });
		const nothing = reportOf('free', [t(folder)], [t(folder)], after([folder, folder]), [], null);
		expect(nothing.ok).toBe(false);
		expect(nothing.text).toMatch(/^Nothing was freed: what is on this computer in “Docs” is kept/);
		const cloud = item('c.psd', { cachedSize: 0 });
		expect(reportOf('free', [t(cloud)], [t(cloud)], after([cloud, cloud]), [], null).text).toBe(
			'Nothing was freed: “c.psd” was not on this computer.'
		);
		const some = reportOf(
			'free',
			[t(folder)],
			[t(folder)],
			after([folder, { ...folder, cachedSize: 1024 }]),
			[],
			null
		);
		expect(some.text).toBe(
			'Freed 7.0 KB on this computer. The cloud copy stays. 1.0 KB stays here: files kept on this computer or waiting to upload.'
		);
	});

	it('lists what a delete skipped, and says a refusal as the agent said it', () => {
		const a = item('a.psd');
		const b = item('b.psd');
		const folder = item('Day 2', { folder: true, size: 10_000 });
		const report = reportOf(
			'delete',
			[t(a), t(b), t(folder)],
			[t(a), t(b), t(folder)],
			after([a, null], [b, b], [folder, { ...folder, size: 2000 }]),
			[],
			null,
			new Map([[pathKey(folder.path), ['x.mov', 'y.mov']]])
		);
		expect(report).toMatchObject({ ok: false, partial: true });
		expect(report.text).toBe(
			'Deleted 1 of 3. Deleted what was in “Day 2” but what still uploads. Skipped, still uploading: b.psd, x.mov, y.mov.'
		);
		expect(report.details).toEqual([
			'b.psd: skipped, still uploading.',
			'Day 2: kept, with 2 still uploading in it (x.mov, y.mov).'
		]);
		const refused = reportOf(
			'delete',
			[t(a)],
			[],
			new Map(),
			[{ target: t(a), error: 'No.' }],
			'Not deleted: a.psd: Team Drive does not allow deleting.'
		);
		expect(refused).toMatchObject({
			ok: false,
			text: 'Not deleted: a.psd: Team Drive does not allow deleting.'
		});
		expect(refused.failed).toHaveLength(1);
	});

	it('says when what changed could not be read again', () => {
		const a = item('a.psd');
		expect(reportOf('keep', [t(a)], [t(a)], new Map(), [], null).text).toMatch(
			/could not be asked/
		);
	});
});
