import { describe, expect, it } from 'vitest';
import { parseStat, treeOf } from './processes.ts';

/** A /proc/<pid>/stat line: pid, (comm), state, ppid, 9 other fields, utime, stime, the rest. */
const stat = (pid: number, comm: string, ppid: number, utime: number, stime: number) =>
	`${pid} (${comm}) S ${ppid} ${pid} ${pid} 0 -1 4194560 100 0 0 0 ${utime} ${stime} 0 0 20 0 1 0 500 1000 100`;

describe('the process table', () => {
	it('reads the parent and user + system time, whatever the command name holds', () => {
		expect(parseStat(42, stat(42, 'chromium', 7, 150, 30))).toEqual({
			pid: 42,
			ppid: 7,
			ticks: 180
		});
		expect(parseStat(43, stat(43, 'Web Content (x) 9 9', 42, 5, 1))).toEqual({
			pid: 43,
			ppid: 42,
			ticks: 6
		});
	});

	it('keeps the roots and everything below them, nothing else', () => {
		const all = [
			{ pid: 1, ppid: 0, ticks: 1000 },
			{ pid: 10, ppid: 1, ticks: 5 }, // this process
			{ pid: 20, ppid: 10, ticks: 100 }, // the browser measured
			{ pid: 21, ppid: 20, ticks: 7 }, // its zygote
			{ pid: 22, ppid: 21, ticks: 50 }, // a renderer under the zygote
			{ pid: 30, ppid: 10, ticks: 900 } // another browser of this process
		];
		expect(treeOf(all, new Set([20]))).toEqual(
			new Map([
				[20, 100],
				[21, 7],
				[22, 50]
			])
		);
	});
});
