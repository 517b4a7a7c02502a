import { describe, expect, it, vi } from 'vitest';
import { TaskQueue } from './task-queue.ts';

/** A task that resolves when told to, noting when it started. */
function gate(started: string[], name: string) {
	let open!: (value: string) => void;
	const done = new Promise<string>((resolve) => (open = resolve));
	return {
		task: () => {
			started.push(name);
			return done;
		},
		open: () => open(name)
	};
}

describe('TaskQueue', () => {
	it('runs at most its limit at once, the next as one ends, in order', async () => {
		const queue = new TaskQueue(2);
		const started: string[] = [];
		const gates = ['a', 'b', 'c', 'd'].map((n) => gate(started, n));
		const signal = new AbortController().signal;
		const results = gates.map((g) => queue.run(g.task, signal));
		expect(started).toEqual(['a', 'b']);
		expect([queue.running, queue.waiting]).toEqual([2, 2]);
		gates[1]!.open();
		// The next starts as soon as one ends.
		await vi.waitFor(() => expect(started).toEqual(['a', 'b', 'c']));
		expect([queue.running, queue.waiting]).toEqual([2, 1]);
		gates[0]!.open();
		gates[2]!.open();
		gates[3]!.open();
		expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
		expect([queue.running, queue.waiting]).toEqual([0, 0]);
	});

	it('drops a waiting task whose signal aborts, and never starts it', async () => {
		const queue = new TaskQueue(1);
		const started: string[] = [];
		const first = gate(started, 'first');
		const second = gate(started, 'second');
		const third = gate(started, 'third');
		const page = new AbortController();
		const dropped = new AbortController();
		void queue.run(first.task, page.signal);
		const gone = queue.run(second.task, dropped.signal);
		const last = queue.run(third.task, page.signal);
		dropped.abort(new DOMException('off screen', 'AbortError'));
		await expect(gone).rejects.toThrow('off screen');
		expect(queue.waiting).toBe(1);
		first.open();
		third.open();
		expect(await last).toBe('third');
		expect(started).toEqual(['first', 'third']);
	});

	it('refuses at once with a signal already aborted, and a failed task frees its place', async () => {
		const queue = new TaskQueue(1);
		const aborted = AbortSignal.abort();
		let ran = false;
		await expect(
			queue.run(async () => {
				ran = true;
			}, aborted)
		).rejects.toBeDefined();
		expect(ran).toBe(false);
		const signal = new AbortController().signal;
		await expect(queue.run(() => Promise.reject(new Error('no')), signal)).rejects.toThrow('no');
		expect(await queue.run(() => Promise.resolve(1), signal)).toBe(1);
	});

	it('hands the signal to a started task, which decides how to stop', async () => {
		const queue = new TaskQueue(1);
		const controller = new AbortController();
		const seen = queue.run(
			(signal) =>
				new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
			controller.signal
		);
		controller.abort(new Error('page gone'));
		await expect(seen).rejects.toThrow('page gone');
		expect(queue.running).toBe(0);
	});
});
