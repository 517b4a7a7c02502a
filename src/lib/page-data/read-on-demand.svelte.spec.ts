import { describe, expect, it } from 'vitest';
import { AgentHttpError, AgentNetworkError } from '$lib/api/errors';
import { ReadOnDemand } from './read-on-demand.svelte.ts';

/** A read the test answers by hand, with the signal each call was given. */
function held<T>() {
	const calls: {
		signal: AbortSignal;
		args: unknown[];
		answer: (value: T) => void;
		fail: (error: unknown) => void;
	}[] = [];
	const read = (signal: AbortSignal, ...args: unknown[]) =>
		new Promise<T>((answer, fail) => {
			calls.push({ signal, args, answer, fail });
			signal.addEventListener('abort', () => fail(new DOMException('gone', 'AbortError')));
		});
	return { calls, read };
}

/**
 * A reader and its owner's going: in a component, the teardown of the effect the constructor
 * makes calls `stop()` (the unit tests run Svelte's server build, where effects do not run).
 */
function owned<T, A extends unknown[]>(read: (signal: AbortSignal, ...args: A) => Promise<T>) {
	const reader = new ReadOnDemand(read);
	return { reader, leave: () => reader.stop() };
}

describe('a read on demand', () => {
	it('keeps its answer, and the agent error of a later read beside it', async () => {
		const { calls, read } = held<string>();
		const { reader, leave } = owned(read);
		const first = reader.run();
		expect(reader.pending).toBe(true);
		calls[0]!.answer('C:\\cache');
		expect(await first).toEqual({ ok: true, value: 'C:\\cache' });
		expect(reader.value).toBe('C:\\cache');
		expect(reader.pending).toBe(false);

		const error = new AgentHttpError(500, null);
		const second = reader.run();
		calls[1]!.fail(error);
		expect(await second).toEqual({ ok: false, error });
		expect(reader.error).toBe(error);
		expect(reader.value).toBe('C:\\cache');
		leave();
	});

	it('aborts a read under way when a newer one starts, and drops its answer', async () => {
		const { calls, read } = held<string>();
		const { reader, leave } = owned((signal, path: string) => read(signal, path));
		const older = reader.run('D:\\a');
		const newer = reader.run('D:\\b');
		expect(calls.map((c) => c.args)).toEqual([['D:\\a'], ['D:\\b']]);
		expect(calls[0]!.signal.aborted).toBe(true);
		expect(await older).toBeNull();
		calls[1]!.answer('b');
		expect(await newer).toEqual({ ok: true, value: 'b' });
		expect(reader.value).toBe('b');
		leave();
	});

	it('aborts when its owner goes, and says nothing of it', async () => {
		const { calls, read } = held<string>();
		const { reader, leave } = owned(read);
		const going = reader.run();
		leave();
		expect(calls[0]!.signal.aborted).toBe(true);
		expect(await going).toBeNull();
		expect(reader.error).toBeNull();
		expect(reader.pending).toBe(false);
	});

	it('drops an answer that comes after it was cleared, even one that ignores its signal', async () => {
		let answer!: (value: string) => void;
		const { reader, leave } = owned(() => new Promise<string>((resolve) => (answer = resolve)));
		const read = reader.run();
		reader.clear();
		answer('late');
		expect(await read).toBeNull();
		expect(reader.value).toBeUndefined();
		leave();
	});

	it('keeps a network failure as the agent error it is', async () => {
		const failure = new AgentNetworkError(
			'unreachable',
			'http://agent.test',
			'http://console.test'
		);
		const { reader, leave } = owned(() => Promise.reject(failure));
		await reader.run();
		expect(reader.error).toBe(failure);
		leave();
	});

	it('throws on anything but an agent error: a bug in the console is seen', async () => {
		const { reader, leave } = owned(() => Promise.reject(new TypeError('x is undefined')));
		await expect(reader.run()).rejects.toThrow(TypeError);
		expect(reader.error).toBeNull();
		leave();
	});
});
