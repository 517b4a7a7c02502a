import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clock, tickWhileShown, whenShown } from './clock.svelte';

class FakePage extends EventTarget {
	hidden = false;
	show(shown: boolean) {
		this.hidden = !shown;
		this.dispatchEvent(new Event('visibilitychange'));
	}
}

beforeEach(() => void vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') }));
afterEach(() => void vi.useRealTimers());

describe('tickWhileShown', () => {
	it('ticks at once and once a second, and stops with its stop', () => {
		const tick = vi.fn();
		const stop = tickWhileShown(tick, new FakePage());
		vi.advanceTimersByTime(3000);
		expect(tick).toHaveBeenCalledTimes(4);
		stop();
		expect(vi.getTimerCount()).toBe(0);
		vi.advanceTimersByTime(3000);
		expect(tick).toHaveBeenCalledTimes(4);
	});

	it('has no timer while the page is hidden, and ticks at once when shown again', () => {
		const page = new FakePage();
		const tick = vi.fn();
		const stop = tickWhileShown(tick, page);
		page.show(false);
		expect(vi.getTimerCount()).toBe(0);
		vi.advanceTimersByTime(60_000);
		expect(tick).toHaveBeenCalledTimes(1);
		page.show(true);
		expect(tick).toHaveBeenCalledTimes(2);
		vi.advanceTimersByTime(1000);
		expect(tick).toHaveBeenCalledTimes(3);
		stop();
	});

	it('starts with no timer on a hidden page', () => {
		const page = new FakePage();
		page.hidden = true;
		const tick = vi.fn();
		tickWhileShown(tick, page);
		expect(tick).not.toHaveBeenCalled();
		expect(vi.getTimerCount()).toBe(0);
	});
});

describe('clock', () => {
	it('is the time itself outside an effect', () => {
		expect(clock.now).toBe(Date.now());
	});
});

describe('whenShown', () => {
	it('calls back once when the hidden page is shown, however often it was asked', () => {
		const page = new FakePage();
		page.hidden = true;
		const then = vi.fn();
		whenShown(then, page);
		whenShown(then, page);
		page.show(false);
		expect(then).not.toHaveBeenCalled();
		page.show(true);
		expect(then).toHaveBeenCalledTimes(1);
		page.show(false);
		page.show(true);
		expect(then).toHaveBeenCalledTimes(1);
	});
});
