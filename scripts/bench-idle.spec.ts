import { describe, expect, it } from 'vitest';
import { isBrowsersOwn, ownCost, partOf, ticksBetween } from './bench-idle.ts';

describe('the CPU time of a process tree', () => {
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

describe("an idle console's own cost", () => {
	it('is its figure less the channels alone, judged against the target', () => {
		expect(ownCost({ page: 1.62, channels: 0.13 }, 1).own).toBeCloseTo(1.49);
		expect(ownCost({ page: 1.62, channels: 0.13 }, 1).ok).toBe(false);
		expect(ownCost({ page: 0.48, channels: 0.18 }, 0.3).ok).toBe(true);
		expect(ownCost({ page: 0.49, channels: 0.18 }, 0.3).ok).toBe(false);
	});
});
