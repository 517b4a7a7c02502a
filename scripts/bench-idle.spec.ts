import { describe, expect, it } from 'vitest';
import { isBrowsersOwn, parseStat, partOf, ticksBetween, treeOf } from './bench-idle.ts';

/** A /proc/<pid>/stat line: pid, (comm), state, ppid, 9 other fields, utime, stime, the rest. */
const stat = (pid: number, comm: string, ppid: number, utime: number, stime: number) =>
	`${pid} (${comm}) S ${ppid} ${pid} ${pid} 0 -1 4194560 100 0 0 0 ${utime} ${stime} 0 0 20 0 1 0 500 1000 100`;

describe('reading the CPU time of a process tree', () => {
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

	it('counts what each process used in between, a new one whole', () => {
		const before = new Map([
			[20, 100],
			[22, 50]
		]);
		const after = new Map([
			[20, 103],
			[22, 58],
			[23, 4]
		]);
		expect(ticksBetween(before, after)).toBe(3 + 8 + 4);
	});
});

describe('naming a Chromium process', () => {
	it('reads its part from the command line, NUL- or space-separated (Chromium rewrites it)', () => {
		expect(partOf('/usr/lib/chromium/chromium\0--headless\0--remote-debugging-port=0')).toBe(
			'browser'
		);
		expect(partOf('/usr/lib/chromium/chromium --type=renderer --lang=en-US')).toBe('renderer');
		expect(partOf('/usr/lib/chromium/chromium --type=gpu-process --headless')).toBe('gpu');
		expect(
			partOf('chromium --type=utility --utility-sub-type=network.mojom.NetworkService --lang=en-US')
		).toBe('network');
		expect(
			partOf('chromium\0--type=utility\0--utility-sub-type=storage.mojom.StorageService')
		).toBe('storage');
		expect(partOf('chromium --type=utility --utility-sub-type=audio.mojom.AudioService')).toBe(
			'utility audio'
		);
		expect(partOf('chromium --type=utility')).toBe('utility');
		expect(
			isBrowsersOwn(
				partOf(
					'chromium --type=utility --utility-sub-type=on_device_model.mojom.OnDeviceModelService'
				)
			)
		).toBe(true);
		expect(isBrowsersOwn('network')).toBe(false);
		expect(isBrowsersOwn('utility')).toBe(false);
	});
});
