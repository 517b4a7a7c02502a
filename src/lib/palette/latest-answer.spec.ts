import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LatestAnswer } from './latest-answer.ts';

/** A question whose answer the test gives when it wants, ignoring aborts as a slow agent would. */
function pending() {
	const asked: {
		question: string;
		signal: AbortSignal;
		answer: (a: string) => void;
		fail: (e: unknown) => void;
	}[] = [];
	const ask = (question: string, signal: AbortSignal) =>
		new Promise<string>((answer, fail) => asked.push({ question, signal, answer, fail }));
	return { asked, ask };
}

describe('LatestAnswer', () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => vi.useRealTimers());

	it('asks once typing rests, not at every key', async () => {
		const { asked, ask } = pending();
		const lookup = new LatestAnswer({ ask, answered: vi.fn(), failed: vi.fn(), delayMs: 250 });
		lookup.ask('a');
		await vi.advanceTimersByTimeAsync(100);
		lookup.ask('al');
		await vi.advanceTimersByTimeAsync(100);
		lookup.ask('ale');
		expect(asked).toHaveLength(0);
		await vi.advanceTimersByTimeAsync(250);
		expect(asked.map((a) => a.question)).toEqual(['ale']);
	});

	it('drops an answer that comes after a newer question was asked', async () => {
		const { asked, ask } = pending();
		const answered = vi.fn();
		const lookup = new LatestAnswer({ ask, answered, failed: vi.fn(), delayMs: 250 });
		lookup.ask('al');
		await vi.advanceTimersByTimeAsync(250);
		lookup.ask('alex');
		await vi.advanceTimersByTimeAsync(250);
		expect(asked.map((a) => a.question)).toEqual(['al', 'alex']);
		// The newer question aborts the older one, which this agent answers anyway, and late.
		expect(asked[0]!.signal.aborted).toBe(true);
		asked[1]!.answer('for alex');
		await vi.advanceTimersByTimeAsync(0);
		asked[0]!.answer('for al');
		await vi.advanceTimersByTimeAsync(0);
		expect(answered.mock.calls).toEqual([['for alex', 'alex']]);
	});

	it('drops what is under way once stopped, and says a failure of the newest question only', async () => {
		const { asked, ask } = pending();
		const answered = vi.fn();
		const failed = vi.fn();
		const lookup = new LatestAnswer({ ask, answered, failed, delayMs: 250 });
		lookup.ask('al');
		await vi.advanceTimersByTimeAsync(250);
		lookup.stop();
		asked[0]!.answer('late');
		lookup.ask('bo');
		await vi.advanceTimersByTimeAsync(250);
		asked[1]!.fail(new Error('refused'));
		await vi.advanceTimersByTimeAsync(0);
		expect(answered).not.toHaveBeenCalled();
		expect(failed.mock.calls).toEqual([[new Error('refused'), 'bo']]);
	});
});
