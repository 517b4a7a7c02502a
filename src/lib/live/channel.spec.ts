import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { startSimulator, type Simulator } from '../../../simulator/index.ts';
import { socketUrl } from './socket-url.ts';
import { LiveChannel, type ChannelStatus } from './channel.svelte.ts';
import { isProfileChange, NOTIFICATION_READER, readFrame, toTab } from './frames.ts';
import { entryOf, payloadOf, payloadText, type NewEntry } from './timeline-entry.ts';

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator({ port: 0, log: false, eventsPerSecond: 0 });
});
afterAll(() => sim.close());

/**
 * `ws` emits an error when a socket still connecting is closed, and the library has removed its
 * listeners by then; Node treats an unheard error as a crash. Browsers do not; this keeps one ear.
 */
class NodeWebSocket extends WebSocket {
	constructor(...args: ConstructorParameters<typeof WebSocket>) {
		super(...args);
		this.on('error', () => {});
	}
}

const fast = {
	WebSocket: NodeWebSocket,
	minDelayMs: 60,
	maxDelayMs: 200,
	connectTimeoutMs: 300,
	minUptimeMs: 100
};

function channel() {
	const c = new LiveChannel('notification', NOTIFICATION_READER, fast);
	// Every status as it happened: polling the current one can miss a short 'reconnecting'.
	const seen: ChannelStatus[] = [];
	const statuses: ChannelStatus['kind'][] = [];
	c.onStatus((s) => {
		seen.push(s);
		statuses.push(s.kind);
	});
	return { c, statuses, seen };
}

const until = (check: () => boolean) =>
	// Returns as soon as it holds; the limit only matters on a machine busy with other work.
	vi.waitFor(() => expect(check()).toBe(true), { timeout: 10_000 });

describe('socketUrl', () => {
	it('turns the agent address into the channel address', () => {
		expect(socketUrl('http://localhost:29123', 'notification')).toBe(
			'ws://localhost:29123/notification'
		);
		expect(socketUrl('https://127.0.0.1:9/', 'statechange')).toBe('wss://127.0.0.1:9/statechange');
	});
});

describe('readFrame', () => {
	it('reads JSON with the channel schema and words, and says why a frame cannot be read', () => {
		const read = readFrame(NOTIFICATION_READER, '{"Type":64,"Data":null,"Extra":1}', 5);
		expect(read).toMatchObject({
			ok: true,
			at: 5,
			frame: { Type: 64, Data: null },
			value: { Type: 64, Data: null, Extra: 1 },
			described: { kind: 'unknown', label: 'Unknown type 64' }
		});
		expect(readFrame(NOTIFICATION_READER, '{nope', 1)).toMatchObject({
			ok: false,
			problem: 'not JSON'
		});
		expect(readFrame(NOTIFICATION_READER, '{"Type":"x"}', 1)).toMatchObject({
			ok: false,
			raw: '{"Type":"x"}'
		});
		expect(readFrame(NOTIFICATION_READER, new Uint8Array(1), 1)).toMatchObject({
			ok: false,
			problem: 'not a text frame'
		});
	});
});

/** A worker's stand-in socket as the channel sees it: it opens, then delivers one batch. */
function workerSocket(batch: (url: string) => unknown) {
	return class extends EventTarget {
		static readonly OPEN = 1;
		static readonly CLOSING = 2;
		readonly OPEN = 1;
		readonly CLOSED = 3;
		readyState = 0;
		binaryType = 'blob';
		readonly url: string;
		constructor(url: string) {
			super();
			this.url = url;
			setTimeout(() => {
				this.readyState = 1;
				this.dispatchEvent(new Event('open'));
				this.dispatchEvent(new MessageEvent('message', { data: batch(url) }));
			});
		}
		send() {}
		close() {
			this.readyState = 3;
		}
	};
}

describe('LiveChannel over a worker', () => {
	it('takes frames a worker read, with its arrival times and its lag', async () => {
		const now = Date.now();
		const good = readFrame(NOTIFICATION_READER, '{"Type":4,"Data":{"Id":"t1"}}', now - 40);
		const bad = readFrame(NOTIFICATION_READER, '[]', now - 30);
		const c = new LiveChannel('notification', NOTIFICATION_READER, {
			...fast,
			// As the worker sends them: a readable frame as its text and words, not its objects.
			WebSocket: workerSocket(() => ({
				reads: [toTab(good), toTab(bad), '{"Type":1,"Data":null}'],
				sentAt: now,
				lagMs: 7
			})),
			readBy: 'shared worker'
		});
		const at: number[] = [];
		const kinds: string[] = [];
		const types: number[] = [];
		const entries: NewEntry[] = [];
		c.onFrame((frame, when) => (at.push(when), types.push(frame.Type)));
		// A listener for some kinds only is given only those.
		const progressTypes: number[] = [];
		c.onFrame((frame) => progressTypes.push(frame.Type), ['progress']);
		c.onRead((read) => {
			entries.push(entryOf('notification', read));
			if (read.ok) kinds.push(read.described.kind);
		});
		c.onBadFrame((_raw, _problem, when) => at.push(when));
		c.start('http://127.0.0.1:9');
		try {
			await until(() => at.length === 3 && kinds.length === 2);
			expect(at.slice(0, 2)).toEqual([now - 40, now - 30]);
			expect(kinds).toEqual(['app-notification', 'progress']);
			// A page that follows frames gets them read again from the text.
			expect(types).toEqual([4, 1]);
			expect(progressTypes).toEqual([1]);
			// The timeline keeps the text, and reads it into a value only when asked.
			expect(entries[0]).toMatchObject({
				json: '{"Type":4,"Data":{"Id":"t1"}}',
				payload: undefined
			});
			const [first, second] = entries as [NewEntry, NewEntry];
			expect(payloadOf(first)).toEqual({ Type: 4, Data: { Id: 't1' } });
			expect(payloadText(first)).toBe('{"Type":4,"Data":{"Id":"t1"}}');
			expect(payloadOf(second)).toBe('[]');
			await until(() => c.received === 2 && c.malformed === 1);
			expect(c.workerLagMs).toBe(7);
			expect(c.readBy).toBe('shared worker');
		} finally {
			c.stop();
		}
	});

	it("moves a worker's times onto the page's clock when the two differ (a test's clock)", async () => {
		const workerNow = Date.now() + 3_600_000;
		const read = readFrame(NOTIFICATION_READER, '{"Type":4,"Data":{}}', workerNow - 10);
		const c = new LiveChannel('notification', NOTIFICATION_READER, {
			...fast,
			WebSocket: workerSocket(() => ({ reads: [read], sentAt: workerNow, lagMs: 0 }))
		});
		const at: number[] = [];
		c.onFrame((_f, when) => at.push(when));
		const before = Date.now();
		c.start('http://127.0.0.1:9');
		try {
			await until(() => at.length === 1);
			expect(at[0]).toBeGreaterThanOrEqual(before - 10);
			expect(at[0]).toBeLessThanOrEqual(Date.now());
		} finally {
			c.stop();
		}
	});
});

describe('LiveChannel', () => {
	it('connects, hands over frames, and counts the ones it cannot read', async () => {
		sim.reset();
		const { c } = channel();
		const frames: unknown[] = [];
		const bad: string[] = [];
		c.onFrame((f) => frames.push(f));
		c.onBadFrame((raw, problem) => bad.push(`${raw} (${problem})`));
		c.start(sim.url);
		await until(() => c.status.kind === 'live');
		sim.live.broadcast('notification', { Type: 4, Data: { Operation: 'update_user' } });
		sim.live.broadcast('notification', '{not json');
		sim.live.broadcast('notification', { Type: 'four' });
		await until(() => frames.length === 1 && bad.length === 2);
		expect(frames[0]).toEqual({ Type: 4, Data: { Operation: 'update_user' } });
		expect(bad[0]).toMatch(/not JSON/);
		await until(() => c.received === 1 && c.malformed === 2 && c.lastFrameAt !== null);
		c.stop();
		expect(c.status.kind).toBe('stopped');
	});

	it('reconnects after the agent closes, and says the agent closed it', async () => {
		sim.reset();
		const { c, statuses, seen } = channel();
		try {
			c.start(sim.url);
			await until(() => c.status.kind === 'live');
			const closedAt = Date.now();
			sim.live.disconnectAll(1000);
			await until(() => statuses.length === 4 && c.status.kind === 'live');
			expect(statuses).toEqual(['connecting', 'live', 'reconnecting', 'live']);
			const status = seen[2] as Extract<ChannelStatus, { kind: 'reconnecting' }>;
			expect(status.closedByAgent).toBe(true);
			expect(status.retryAt).toBeGreaterThanOrEqual(closedAt);
		} finally {
			c.stop();
		}
	});

	it('keeps trying, with a growing wait, while the agent refuses; retry now skips the wait', async () => {
		sim.reset();
		sim.live.mode = 'refuse';
		const { c } = channel();
		c.start(sim.url);
		await until(
			() => c.status.kind === 'reconnecting' && (c.status as { attempt: number }).attempt >= 3
		);
		const s = c.status as Extract<ChannelStatus, { kind: 'reconnecting' }>;
		expect(s.closedByAgent).toBe(false);
		sim.live.mode = 'normal';
		c.retryNow();
		await until(() => c.status.kind === 'live');
		c.stop();
	});

	it('gives up on a connection that never opens and tries again', async () => {
		sim.reset();
		sim.live.mode = 'hang';
		const { c, statuses } = channel();
		c.start(sim.url);
		await until(() => statuses.includes('reconnecting'));
		sim.live.mode = 'normal';
		await until(() => c.status.kind === 'live');
		c.stop();
	});

	it('moves to a new agent address', async () => {
		sim.reset();
		const other = await startSimulator({ port: 0, log: false, eventsPerSecond: 0 });
		try {
			const { c } = channel();
			c.start(sim.url);
			await until(() => c.status.kind === 'live' && sim.live.clientCount('notification') === 1);
			c.start(other.url);
			await until(() => c.status.kind === 'live' && other.live.clientCount('notification') === 1);
			await until(() => sim.live.clientCount('notification') === 0);
			c.stop();
		} finally {
			await other.close();
		}
	});
});

describe('isProfileChange', () => {
	it('reads update_user however the agent names it', () => {
		expect(isProfileChange({ Type: 4, Data: { Operation: 'user/update_user' } })).toBe(true);
		expect(isProfileChange({ Type: 4, Data: { Operation: 'UpdateUser' } })).toBe(true);
		expect(isProfileChange({ Type: 4, Data: { EndpointAddress: '/user/update_user' } })).toBe(true);
		expect(isProfileChange({ Type: 4, Data: { Operation: 'authentication/login' } })).toBe(false);
		expect(isProfileChange({ Type: 1, Data: { Operation: 'update_user' } })).toBe(false);
		expect(isProfileChange({ Type: 4, Data: 'update_user' })).toBe(false);
	});
});
