import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { startSimulator, type Simulator } from '../../../simulator/index.ts';
import { socketUrl } from './socket-url.ts';
import type { NotificationFrame } from '$lib/api/schemas/frames';
import { LiveChannel, type ChannelStatus } from './channel.svelte.ts';
import { isProfileChange, NOTIFICATION_READER, readFrame } from './frames.ts';
import { HubClient, hubOnPage } from './hub-client.ts';
import type { HubRead, ToHub } from './protocol.ts';
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

/** A channel on a hub of its own, on this page (the host where there is no worker). */
function channel() {
	const c = new LiveChannel<NotificationFrame>('notification', hubOnPage(fast));
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
			described: { kind: 'unknown', said: { key: 'unknown', type: 64, text: 'null' } }
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

/** A hub as a channel sees it: what the channel sends, and a way to say things back. */
function fakeHub() {
	const sent: ToHub[] = [];
	const port = {
		postMessage: (message: ToHub) => sent.push(message),
		onmessage: null as ((event: MessageEvent) => void) | null
	};
	const hub = new HubClient(port, 'shared worker');
	const say = (message: unknown) => port.onmessage?.({ data: message } as MessageEvent);
	return { hub, sent, say };
}

const GOOD_TEXT = '{"Type":4,"Data":{"Id":"t1"}}';
const GOOD: HubRead = {
	entry: {
		at: 0,
		channel: 'notification',
		kind: 'app-notification',
		said: { key: 'call', method: null, what: 'a call', origin: null },
		payload: undefined,
		json: GOOD_TEXT
	}
};
/** A read at another time, or of another kind. */
const good = (change: Partial<NewEntry>): HubRead => ({ entry: { ...GOOD.entry, ...change } });

describe('LiveChannel over the hub', () => {
	it('takes frames as the hub read them, with their arrival times and its lag', async () => {
		const { hub, sent, say } = fakeHub();
		const c = new LiveChannel<NotificationFrame>('notification', hub);
		const reads: HubRead[] = [];
		const bad: number[] = [];
		c.onBatch((batch) => reads.push(...batch.reads));
		c.onBadFrame((_raw, _problem, when) => bad.push(when));
		c.start('http://127.0.0.1:9');
		expect(sent).toEqual([
			{ type: 'subscribe', id: 1, url: 'ws://127.0.0.1:9/notification', kinds: [] }
		]);
		const now = Date.now();
		say({ type: 'status', id: 1, status: { kind: 'live', since: now }, sentAt: now });
		say({
			type: 'batch',
			id: 1,
			reads: [
				good({ at: now - 40 }),
				{
					entry: entryOf('notification', {
						ok: false,
						at: now - 30,
						raw: '[]',
						problem: 'not a notification'
					})
				}
			],
			sentAt: now,
			lagMs: 7
		});
		expect(c.status).toEqual({ kind: 'live', since: now });
		expect(reads.map((r) => r.entry.at)).toEqual([now - 40, now - 30]);
		expect(bad).toEqual([now - 30]);
		// The timeline keeps the text, and reads it into a value only when asked.
		const [first, second] = reads.map((r) => r.entry) as [NewEntry, NewEntry];
		expect(first).toMatchObject({ json: GOOD_TEXT, payload: undefined, kind: 'app-notification' });
		expect(payloadOf(first)).toEqual({ Type: 4, Data: { Id: 't1' } });
		expect(payloadText(first)).toBe(GOOD_TEXT);
		expect(payloadOf(second)).toBe('[]');
		await vi.waitFor(() => expect([c.received, c.malformed, c.workerLagMs]).toEqual([1, 1, 7]), {
			timeout: 3000
		});
		expect(c.readBy).toBe('shared worker');
		c.stop();
		expect(sent.at(-1)).toEqual({ type: 'unsubscribe', id: 1 });
	});

	it('asks the hub for the data of the kinds its listeners want, and gives each only those', () => {
		const { hub, sent, say } = fakeHub();
		const c = new LiveChannel<NotificationFrame>('notification', hub);
		const updates: number[] = [];
		c.onFrame((frame) => updates.push(frame.Type), ['app-update']);
		c.start('http://127.0.0.1:9');
		expect(sent.at(-1)).toMatchObject({ type: 'subscribe', kinds: ['app-update'] });
		const all: number[] = [];
		const off = c.onFrame((frame) => all.push(frame.Type));
		expect(sent.at(-1)).toEqual({ type: 'want', id: 1, kinds: null });
		const frame = (Type: number, read: HubRead): HubRead => ({
			...read,
			frame: { Type, Data: null }
		});
		say({
			type: 'batch',
			id: 1,
			reads: [
				frame(8, good({ kind: 'app-update' })),
				frame(4, GOOD),
				// A frame the hub sent without its data (before it heard what is wanted) is passed by.
				GOOD
			],
			sentAt: Date.now(),
			lagMs: 0
		});
		expect(updates).toEqual([8]);
		expect(all).toEqual([8, 4]);
		off();
		expect(sent.at(-1)).toEqual({ type: 'want', id: 1, kinds: ['app-update'] });
		c.stop();
	});

	it("moves the hub's times onto the page's clock when the two differ (a test's clock)", () => {
		const { hub, say } = fakeHub();
		const c = new LiveChannel<NotificationFrame>('notification', hub);
		const at: number[] = [];
		c.onBatch(({ reads }) => at.push(...reads.map((r) => r.entry.at)));
		c.start('http://127.0.0.1:9');
		const hubNow = Date.now() + 3_600_000;
		const before = Date.now();
		say({ type: 'batch', id: 1, reads: [good({ at: hubNow - 10 })], sentAt: hubNow, lagMs: 0 });
		say({
			type: 'status',
			id: 1,
			status: {
				kind: 'reconnecting',
				attempt: 2,
				retryAt: hubNow + 3000,
				closedByAgent: false,
				since: hubNow
			},
			sentAt: hubNow
		});
		expect(at[0]).toBeGreaterThanOrEqual(before - 10);
		expect(at[0]).toBeLessThanOrEqual(Date.now());
		const status = c.status as Extract<ChannelStatus, { kind: 'reconnecting' }>;
		expect(status.retryAt - Date.now()).toBeGreaterThan(2000);
		expect(status.retryAt - Date.now()).toBeLessThanOrEqual(3000);
		c.stop();
	});

	it('drops what the hub sends that is not the protocol, and goes on', () => {
		const { hub, say } = fakeHub();
		const c = new LiveChannel<NotificationFrame>('notification', hub);
		const reads: HubRead[] = [];
		c.onBatch((batch) => reads.push(...batch.reads));
		c.start('http://127.0.0.1:9');
		const batch = { type: 'batch', id: 1, reads: [GOOD], sentAt: Date.now(), lagMs: 0 };
		for (const bad of [
			null,
			'batch',
			{ ...batch, reads: [{ entry: { ...GOOD.entry, at: 'now' } }] },
			{ ...batch, reads: [{ entry: { ...GOOD.entry, said: { key: 'call', what: 1 } } }] }
		])
			expect(() => say(bad)).not.toThrow();
		expect(hub.ignored).toBe(4);
		say(batch);
		expect(reads).toHaveLength(1);
		c.stop();
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
