import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The machine's processes as /proc tells them (Linux): who started whom, and the CPU time each
 * used. The idle bench sums a browser's tree; `npm test` stops a failed run's whole tree.
 */

export type Proc = { pid: number; ppid: number; ticks: number };

/**
 * One line of /proc/<pid>/stat: the parent (field 4) and the CPU time so far, user and system
 * (fields 14 and 15). The command name (field 2) is in parentheses and may hold spaces and
 * parentheses itself: the fields are counted from the last closing one.
 */
export function parseStat(pid: number, stat: string): Proc {
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	return { pid, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** Every process, from /proc; none where there is no /proc. */
export function processes(): Proc[] {
	const found: Proc[] = [];
	let names: string[];
	try {
		names = readdirSync('/proc');
	} catch {
		return found;
	}
	for (const name of names) {
		if (!/^\d+$/.test(name)) continue;
		try {
			found.push(parseStat(Number(name), readFileSync(join('/proc', name, 'stat'), 'utf8')));
		} catch {
			// Ended since the directory was read.
		}
	}
	return found;
}

/** The processes below `roots`, the roots included, with their CPU time. */
export function treeOf(all: Proc[], roots: Set<number>): Map<number, number> {
	const inTree = new Set(roots);
	for (let grew = true; grew;) {
		grew = false;
		for (const p of all)
			if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
				inTree.add(p.pid);
				grew = true;
			}
	}
	return new Map(all.filter((p) => inTree.has(p.pid)).map((p) => [p.pid, p.ticks]));
}

/** The processes below `roots` now, the roots included, with their CPU time. */
export const tree = (roots: Set<number>) => treeOf(processes(), roots);
