import { format } from 'prettier';
import { describe, expect, it } from 'vitest';
import { TABLE_END, TABLE_START, writeFigures } from './bench-table.ts';

const FILE = `# Performance

Words before the table.

${TABLE_START}

| what | figure | target | measured |
| --- | --- | --- | --- |
| sign-in first load | 69.1 KB gzip | at most 69.2 KB gzip | 2026-11-28 |
| idle CPU, overview | 1.62 %, 0.48 % | under 1 % \\| 0.3 % | 2026-11-28 |

${TABLE_END}

Words after the table.
`;

const rowsOf = (file: string) =>
	file
		.slice(file.indexOf(TABLE_START), file.indexOf(TABLE_END))
		.split('\n')
		.filter((l) => l.startsWith('|'))
		.slice(2)
		.map((l) => l.split(/(?<!\\)\|/).map((c) => c.trim()));

describe('the table of figures that the bench rewrites', () => {
	it('replaces a measured row, keeps the others and everything outside the markers', () => {
		const out = writeFigures(
			FILE,
			[{ what: 'sign-in first load', figure: '68.0 KB gzip', target: 'at most 69.2 KB gzip' }],
			'2026-11-29'
		);
		expect(out.startsWith('# Performance\n\nWords before the table.\n\n')).toBe(true);
		expect(out.endsWith(`${TABLE_END}\n\nWords after the table.\n`)).toBe(true);
		expect(rowsOf(out)).toEqual([
			['', 'sign-in first load', '68.0 KB gzip', 'at most 69.2 KB gzip', '2026-11-29', ''],
			['', 'idle CPU, overview', '1.62 %, 0.48 %', 'under 1 % \\| 0.3 %', '2026-11-28', '']
		]);
	});

	it('adds a row it did not have at the end, its pipes escaped and its lines joined', () => {
		const out = writeFigures(
			FILE,
			[{ what: 'a new\nfigure', figure: 'a | b', target: '' }],
			'2026-11-29'
		);
		expect(rowsOf(out).at(-1)).toEqual(['', 'a new figure', 'a \\| b', '', '2026-11-29', '']);
		expect(rowsOf(out)).toHaveLength(3);
	});

	it('is laid out as Prettier lays it out, so a run leaves the docs formatted', async () => {
		const out = writeFigures(
			FILE,
			[{ what: 'flood: arrival to row', figure: 'median 28 ms, p95 41 ms', target: '' }],
			'2026-11-29'
		);
		expect(await format(out, { parser: 'markdown' })).toBe(out);
	});

	it('changes nothing when given nothing, once laid out', async () => {
		const once = writeFigures(FILE, [], '2026-11-29');
		expect(writeFigures(once, [], '2026-11-30')).toBe(once);
		expect(rowsOf(once)).toEqual(rowsOf(FILE));
	});

	it('puts the table at the end of a file without the markers', () => {
		const out = writeFigures('# Performance\n', [{ what: 'x', figure: '1', target: '2' }], 'd');
		expect(out).toBe(
			`# Performance\n\n${TABLE_START}\n\n| what | figure | target | measured |\n| ---- | ------ | ------ | -------- |\n| x    | 1      | 2      | d        |\n\n${TABLE_END}\n`
		);
	});
});
