/**
 * The table of current figures in docs/PERFORMANCE.md, between its two markers, which
 * `npm run bench` rewrites from what it measured. A run of some sections (`BENCH_ONLY`) changes
 * their rows and keeps the others; the rest of the file is never touched. The history of a figure
 * is in the commits that changed it, not in the file.
 */

export const TABLE_START = '<!-- bench:start -->';
export const TABLE_END = '<!-- bench:end -->';
const HEADINGS = ['what', 'figure', 'target', 'measured'] as const;

/** One row: `what` names it (a row with the same `what` is replaced), `measured` is set on writing. */
export type Figure = { what: string; figure: string; target: string };
type Row = Figure & { measured: string };

const recorded: Figure[] = [];

/** Keeps a figure for the table; the sections call this beside what they print. */
export function record(what: string, figure: string, target = ''): void {
	const at = recorded.findIndex((f) => f.what === what);
	if (at >= 0) recorded.splice(at, 1);
	recorded.push({ what, figure, target });
}

/** What the run recorded, in the order it was measured. */
export const recordedFigures = (): readonly Figure[] => recorded;

/** A cell as Markdown reads it: one line, its pipes escaped. */
const cell = (text: string) =>
	text
		.replace(/\s+/g, ' ')
		.trim()
		.replace(/(?<!\\)\|/g, '\\|');

/** The cells of a table line, pipes escaped inside a cell kept as they are. */
function cellsOf(line: string): string[] {
	const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
	return inner.split(/(?<!\\)\|/).map((c) => c.trim());
}

function rowsOf(table: string): Row[] {
	const lines = table.split('\n').filter((l) => l.trim().startsWith('|'));
	// The headings and the line under them.
	return lines.slice(2).map((line) => {
		const [what = '', figure = '', target = '', measured = ''] = cellsOf(line);
		return { what, figure, target, measured };
	});
}

/** The table as Prettier lays it out, so that `npm run lint:format` passes after a run. */
function render(rows: Row[]): string {
	const lines = [
		[...HEADINGS],
		...rows.map((r) => [cell(r.what), cell(r.figure), cell(r.target), cell(r.measured)])
	];
	const widths = HEADINGS.map((_, i) => Math.max(3, ...lines.map((l) => l[i]!.length)));
	const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
	return [
		line(lines[0]!),
		line(widths.map((w) => '-'.repeat(w))),
		...lines.slice(1).map(line)
	].join('\n');
}

/**
 * The file with its table's rows for `figures` replaced (or added at the end), the others kept,
 * each changed row dated `date`. A file without the markers gets the table at its end.
 */
export function writeFigures(file: string, figures: readonly Figure[], date: string): string {
	const start = file.indexOf(TABLE_START);
	const end = file.indexOf(TABLE_END, start);
	const found = start >= 0 && end > start;
	const rows = found ? rowsOf(file.slice(start + TABLE_START.length, end)) : [];
	for (const f of figures) {
		const row = { what: cell(f.what), figure: f.figure, target: f.target, measured: date };
		const at = rows.findIndex((r) => r.what === row.what);
		if (at >= 0) rows[at] = row;
		else rows.push(row);
	}
	const table = `${TABLE_START}\n\n${render(rows)}\n\n${TABLE_END}`;
	if (!found) return `${file.replace(/\n*$/, '')}\n\n${table}\n`;
	return file.slice(0, start) + table + file.slice(end + TABLE_END.length);
}
