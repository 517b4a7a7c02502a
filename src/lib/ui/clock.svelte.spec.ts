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

	it('wakes the page as often as its finest reader needs, and stops when nobody reads it', () => {
		vi.stubGlobal('document', new FakePage());
		try {
			let coarse = 0;
			let fine = 0;
			const stopCoarse = clock.listen(5000, () => coarse++);
			// Told at once when the time it had is a step behind; then at each step.
			const coarseAtStart = coarse;
			// Only 5 s steps read: one timer, every 5 s.
			expect(vi.getTimerCount()).toBe(1);
			const wakes = vi.fn();
			expect(clock.atNextTick(wakes)).toBe(true);
			vi.advanceTimersByTime(4999);
			expect(wakes).not.toHaveBeenCalled();
			vi.advanceTimersByTime(1);
			expect(wakes).toHaveBeenCalledTimes(1);
			expect(coarse - coarseAtStart).toBe(1);

			// A reader of seconds: a tick every second, the 5 s reader still told every 5 s.
			const stopFine = clock.listen(1000, () => fine++);
			expect(vi.getTimerCount()).toBe(1);
			const [fineBefore, coarseBefore] = [fine, coarse];
			vi.advanceTimersByTime(5000);
			expect(fine - fineBefore).toBe(5);
			expect(coarse - coarseBefore).toBe(1);

			// Back to 5 s steps, then nobody: no timer, and nothing waits for a tick.
			stopFine();
			const atFine = fine;
			vi.advanceTimersByTime(5000);
			expect(fine).toBe(atFine);
			expect(coarse - coarseBefore).toBe(2);
			// By the minute only: too seldom to wait for.
			const stopMinute = clock.listen(60_000, () => undefined);
			stopCoarse();
			expect(vi.getTimerCount()).toBe(1);
			expect(clock.atNextTick(wakes)).toBe(false);
			stopMinute();
			expect(vi.getTimerCount()).toBe(0);
			expect(clock.atNextTick(wakes)).toBe(false);
		} finally {
			vi.unstubAllGlobals();
		}
	});
});

describe('clock.repeat', () => {
	it('re-reads every period while shown, not at once, on one timer with the other readers', () => {
		const page = new FakePage();
		vi.stubGlobal('document', page);
		try {
			const slow = vi.fn();
			const stopSlow = clock.repeat(30_000, slow);
			expect(slow).not.toHaveBeenCalled();
			vi.advanceTimersByTime(29_999);
			expect(slow).not.toHaveBeenCalled();
			vi.advanceTimersByTime(1);
			expect(slow).toHaveBeenCalledTimes(1);

			// A wait every 2 s and one every 3 s: one timer, each called on its own time.
			const [two, three] = [vi.fn(), vi.fn()];
			const stopTwo = clock.repeat(2000, two);
			const stopThree = clock.repeat(3000, three);
			expect(vi.getTimerCount()).toBe(1);
			vi.advanceTimersByTime(6000);
			expect(two).toHaveBeenCalledTimes(3);
			expect(three).toHaveBeenCalledTimes(2);
			stopTwo();
			stopThree();

			// Hidden: nothing, and no timer; shown after its time went by: at once, then on time.
			page.show(false);
			expect(vi.getTimerCount()).toBe(0);
			vi.advanceTimersByTime(60_000);
			expect(slow).toHaveBeenCalledTimes(1);
			page.show(true);
			expect(slow).toHaveBeenCalledTimes(2);
			vi.advanceTimersByTime(30_000);
			expect(slow).toHaveBeenCalledTimes(3);

			stopSlow();
			expect(vi.getTimerCount()).toBe(0);
			vi.advanceTimersByTime(60_000);
			expect(slow).toHaveBeenCalledTimes(3);
		} finally {
			vi.unstubAllGlobals();
		}
	});

	it('runs where there is no document, as on a page always shown', () => {
		const then = vi.fn();
		const stop = clock.repeat(1000, then);
		vi.advanceTimersByTime(3000);
		expect(then).toHaveBeenCalledTimes(3);
		stop();
		expect(vi.getTimerCount()).toBe(0);
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
