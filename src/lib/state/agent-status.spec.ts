import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '$lib/config.svelte';
import { agentStatusMonitor } from './agent-status.svelte.ts';

class FakeDocument extends EventTarget {
	hidden = false;
}

let doc: FakeDocument;

// A failed call loads the local-network diagnosis on demand; loaded here, it answers at once.
beforeAll(() => import('$lib/api/local-network'));

let calls = 0;
let answer: () => Promise<Response>;

beforeEach(() => {
	vi.useFakeTimers();
	doc = new FakeDocument();
	vi.stubGlobal('document', doc);
	vi.stubGlobal('location', { origin: 'http://localhost:4173' });
	calls = 0;
	answer = async () => new Response('1');
	vi.stubGlobal(
		'fetch',
		vi.fn(async () => {
			calls += 1;
			return answer();
		})
	);
	config.reset();
	agentStatusMonitor.reset();
});
afterEach(() => {
	agentStatusMonitor.reset();
	vi.useRealTimers();
	vi.unstubAllGlobals();
});

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('agentStatusMonitor', () => {
	it('polls every 10 seconds while the agent answers', async () => {
		agentStatusMonitor.start();
		await settle();
		expect(agentStatusMonitor.reading).toMatchObject({ state: 'ok', value: 1 });
		expect(calls).toBe(1);
		await vi.advanceTimersByTimeAsync(10_000);
		expect(calls).toBe(2);
	});

	it('backs off 2, 4, 8 seconds while the agent does not answer, then recovers', async () => {
		answer = async () => Promise.reject(new TypeError('Failed to fetch'));
		agentStatusMonitor.start();
		await settle();
		expect(agentStatusMonitor.reading.state).toBe('error');
		await vi.advanceTimersByTimeAsync(1999);
		expect(calls).toBe(1);
		await vi.advanceTimersByTimeAsync(1);
		expect(calls).toBe(2);
		await vi.advanceTimersByTimeAsync(4000);
		expect(calls).toBe(3);
		answer = async () => new Response('0');
		await vi.advanceTimersByTimeAsync(8000);
		expect(calls).toBe(4);
		expect(agentStatusMonitor.reading).toMatchObject({ state: 'ok', value: 0 });
	});

	it('stops polling while the tab is hidden and checks at once when it shows again', async () => {
		agentStatusMonitor.start();
		await settle();
		doc.hidden = true;
		doc.dispatchEvent(new Event('visibilitychange'));
		await vi.advanceTimersByTimeAsync(60_000);
		expect(calls).toBe(1);
		doc.hidden = false;
		doc.dispatchEvent(new Event('visibilitychange'));
		await settle();
		expect(calls).toBe(2);
	});

	it('calls back when the agent answers again after not answering, once', async () => {
		let returns = 0;
		const off = agentStatusMonitor.onReturn(() => returns++);
		agentStatusMonitor.start();
		await settle();
		await vi.advanceTimersByTimeAsync(10_000);
		expect(returns).toBe(0);
		answer = async () => Promise.reject(new TypeError('Failed to fetch'));
		await vi.advanceTimersByTimeAsync(10_000);
		expect(agentStatusMonitor.reading.state).toBe('error');
		answer = async () => new Response('1');
		await vi.advanceTimersByTimeAsync(2000);
		expect(agentStatusMonitor.reading.state).toBe('ok');
		expect(returns).toBe(1);
		await vi.advanceTimersByTimeAsync(10_000);
		expect(returns).toBe(1);
		off();
	});

	it('reads every 30 s while the agent’s notification channel is live', async () => {
		agentStatusMonitor.start();
		await settle();
		agentStatusMonitor.channelLive = true;
		expect(agentStatusMonitor.everyMs).toBe(30_000);
		// As the live channels do when theirs comes.
		agentStatusMonitor.refreshSoon();
		await settle();
		expect(calls).toBe(2);
		await vi.advanceTimersByTimeAsync(29_999);
		expect(calls).toBe(2);
		await vi.advanceTimersByTimeAsync(1);
		expect(calls).toBe(3);
		agentStatusMonitor.channelLive = false;
		agentStatusMonitor.refreshSoon();
		await settle();
		await vi.advanceTimersByTimeAsync(10_000);
		expect(calls).toBe(5);
	});
});
