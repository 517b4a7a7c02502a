import { describe, expect, it } from 'vitest';
import { folded, ranked, scoreOf, type PaletteItem } from './palette-match.ts';

const item = (kind: PaletteItem['kind'], label: string, detail?: string, also?: string[]) => ({
	key: `${kind}:${label}`,
	kind,
	label,
	...(detail ? { detail } : {}),
	...(also ? { also } : {})
});

describe('scoreOf', () => {
	it('finds a part of a name, in any case, width and accent', () => {
		expect(scoreOf(item('drive', 'Team Drive'), 'team')).not.toBeNull();
		expect(scoreOf(item('drive', 'Team Drive'), 'DRI')).not.toBeNull();
		expect(scoreOf(item('drive', 'Équipe'), 'equi')).not.toBeNull();
		expect(scoreOf(item('drive', 'ＴＥＡＭ'), 'team')).not.toBeNull();
		expect(folded('  Ärger ')).toBe('arger');
	});

	it('needs every word somewhere: in the name, its folder or a hidden text', () => {
		const drive = item('drive', 'Team Drive', 'C:\\Users\\alex\\Team', ['bucket-1', 'abc-id']);
		expect(scoreOf(drive, 'team alex')).not.toBeNull();
		expect(scoreOf(drive, 'bucket')).not.toBeNull();
		expect(scoreOf(drive, 'team nothing')).toBeNull();
	});

	it('ranks the whole name over its start, a word start over the middle, the name over the folder', () => {
		const exact = scoreOf(item('page', 'Drives'), 'drives')!;
		const start = scoreOf(item('page', 'Drives and more'), 'drives')!;
		const word = scoreOf(item('page', 'My drives'), 'drives')!;
		const middle = scoreOf(item('page', 'Mydrives'), 'drives')!;
		const folder = scoreOf(item('drive', 'Other', '/home/drives'), 'drives')!;
		expect(exact).toBeGreaterThan(start);
		expect(start).toBeGreaterThan(word);
		expect(word).toBeGreaterThan(middle);
		expect(middle).toBeGreaterThan(folder);
	});
});

describe('ranked', () => {
	const items = [
		item('user', 'Team Lead', 'lead@example.com'),
		item('drive', 'Team Drive'),
		item('page', 'Transfers'),
		item('action', 'Team Drive sync')
	];

	it('keeps the order given for an empty text, up to the most', () => {
		expect(ranked(items, '  ').map((i) => i.label)).toEqual(items.map((i) => i.label));
		expect(ranked(items, '', 2)).toHaveLength(2);
	});

	it('puts the best first, and on a tie actions before places and the shorter label first', () => {
		expect(ranked(items, 'team').map((i) => i.label)).toEqual([
			'Team Drive sync',
			'Team Drive',
			'Team Lead'
		]);
		expect(ranked(items, 'team drive').map((i) => i.label)).toEqual([
			'Team Drive',
			'Team Drive sync'
		]);
	});

	it('finds nothing for a text in no item, and never throws on odd text', () => {
		expect(ranked(items, 'zzz')).toEqual([]);
		expect(ranked(items, '(*[\\')).toEqual([]);
	});
});
