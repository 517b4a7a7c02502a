import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { startSimulator, type Simulator } from '../../../simulator/index.ts';
import { PLANTED } from '$lib/mask';
import { afterOverlap, entryKey, HANDOVER_CHANNEL, isNewer } from './handover.ts';
import { Hub, type HubPort } from './hub.ts';
import { HubClient, hubOnPage, type Heard } from './hub-client.ts';
import type { FileState, Transfer } from './live-records.ts';
import type { HubRead, Kinds, ToHub } from './protocol.ts';
import { socketUrl } from './socket-url.ts';
import type { NewEntry } from './timeline-entry.ts';
import { TimelineStore } from './timeline-store.ts';

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator({ port: 0, log: false, eventsPerSecond: 0 });
});
afterAll(() => sim.close());
afterEach(() => vi.unstubAllGlobals());

/** `ws` emits an error when a socket still connecting is closed; browsers do not (see channel.spec). */
class NodeWebSocket extends WebSocket {
	constructor(...args: ConstructorParameters<typeof WebSocket>) {
		super(...args);
		this.on('error', () => {});
	}
}

const until = (check: () => boolean) =>
	vi.waitFor(() => expect(check()).toBe(true), { timeout: 10_000 });

/** A tab of a hub shared by tabs: its own port to it, as a SharedWorker gives each tab. */
function tabOf(hub: Hub): HubClient {
	const { port1, port2 } = new MessageChannel();
	hub.serve(port2);
	return new HubClient(port1, 'shared worker');
}

/** Everything the hub says about one channel to one tab. */
function listen(client: HubClient, channel: 'notification' | 'statechange', kinds: Kinds = null) {
	const heard: Heard[] = [];
	const subscription = client.subscribe(socketUrl(sim.url, channel), kinds, (m) => heard.push(m));
	const batches = () => heard.filter((m) => m.type === 'batch');
	return {
		subscription,
		live: () => heard.some((m) => m.type === 'status' && m.status.kind === 'live'),
		reads: (): HubRead[] => batches().flatMap((m) => m.reads),
		/** The kinds of the reads of each batch with any, batch by batch. */
		batchKinds: () =>
			batches()
				.filter((m) => m.reads.length > 0)
				.map((m) => m.reads.map((r) => r.entry.kind)),
		transfers: (): Transfer[] => batches().flatMap((m) => m.transfers ?? []),
		fileStates: (): FileState[] => batches().flatMap((m) => m.fileStates ?? [])
	};
}

/** A tab on a port of its own, which tells the hub itself whether it is shown and alerts. */
function tabWithPort(hub: Hub) {
	const { port1, port2 } = new MessageChannel();
	hub.serve(port2);
	const say = (shown: boolean, alerts: boolean) =>
		port1.postMessage({ type: 'shown', shown, alerts } satisfies ToHub);
	return { ...listen(new HubClient(port1, 'shared worker'), 'notification'), say };
}

/** A problem: an error the agent reports. */
const SYNC_STOPPED = { Type: 2, Data: { Title: 'Sync stopped', Severity: 'Error' } };

const progress = (TransferId: string, Status: string) => ({
	Type: 1,
	Data: { TransferId, Status, Name: `${TransferId}.bin`, Bytes: 5, Size: 10 }
});

describe('the hub', () => {
	it('does not wake a hidden tab for routine frames: a problem goes at once to one that alerts, the rest when shown', async () => {
		sim.reset();
		const hub = new Hub({ WebSocket: NodeWebSocket });
		const shown = listen(tabOf(hub), 'notification');
		const hidden = tabWithPort(hub);
		await until(() => shown.live() && hidden.live());
		hidden.say(false, true);

		sim.live.broadcast('notification', progress('t1', 'InProgress'));
		await until(() => shown.reads().length === 1);
		// A problem: the hidden tab gets it at once, with the routine frame held before it, in one
		// batch (a tab sent routine frames would have had the first on its own).
		sim.live.broadcast('notification', SYNC_STOPPED);
		await until(() => hidden.reads().length === 2);
		expect(hidden.batchKinds()).toEqual([['progress', 'user-notification']]);

		sim.live.broadcast('notification', progress('t2', 'InProgress'));
		await until(() => shown.reads().length === 3);
		hidden.say(true, true);
		await until(() => hidden.reads().length === 3);
		expect(hidden.batchKinds()).toEqual([['progress', 'user-notification'], ['progress']]);
		expect(hidden.transfers().map((t) => t.id)).toContain('t2');
		shown.subscription.close();
		hidden.subscription.close();
		await until(() => sim.live.clientCount('notification') === 0);
	});

	it("sends a round's batches for both channels to a page in one message", async () => {
		sim.reset();
		const hub = new Hub({ WebSocket: NodeWebSocket, trickleBatchMs: 300 });
		const { port1, port2 } = new MessageChannel();
		hub.serve(port2);
		const raw: { type: string; messages?: { type: string; id: number }[] }[] = [];
		port1.onmessage = (event) => raw.push(event.data);
		for (const [id, channel] of [
			[1, 'notification'],
			[2, 'statechange']
		] as const)
			port1.postMessage({
				type: 'subscribe',
				id,
				url: socketUrl(sim.url, channel),
				kinds: []
			} satisfies ToHub);
		await until(
			() => sim.live.clientCount('notification') + sim.live.clientCount('statechange') === 2
		);
		await until(() => raw.filter((m) => m.type === 'status').length >= 4);
		raw.length = 0;
		sim.live.broadcast('notification', progress('t1', 'InProgress'));
		sim.live.broadcast('statechange', { Path: '/a.psd', StorageName: 'S', State: 4 });
		await until(() => raw.length > 0);
		// Both routine frames waited for the trickle's round, and went in one message.
		expect(raw).toHaveLength(1);
		expect(raw[0]!.type).toBe('many');
		expect(raw[0]!.messages!.map((m) => [m.type, m.id])).toEqual([
			['batch', 1],
			['batch', 2]
		]);
		for (const id of [1, 2]) port1.postMessage({ type: 'unsubscribe', id } satisfies ToHub);
		await until(() => sim.live.clientCount('notification') === 0);
	});

	it('while every tab is hidden, hands routine frames on in batches: a problem for a tab that alerts, a tab shown or a new one at once', async () => {
		sim.reset();
		const hub = new Hub({ WebSocket: NodeWebSocket, hiddenBatchMs: 60_000 });
		const hidden = tabWithPort(hub);
		await until(() => hidden.live());
		hidden.say(false, true);

		// Routine frames wait in the hub (with a tab shown they would wait a second at most).
		sim.live.broadcast('notification', progress('t1', 'InProgress'));
		await until(() => hub.pending === 1);
		sim.live.broadcast('notification', progress('t2', 'InProgress'));
		await until(() => hub.pending === 2);
		// A problem goes at once, with what waited before it.
		sim.live.broadcast('notification', SYNC_STOPPED);
		await until(() => hidden.reads().length === 3);
		expect(hub.pending).toBe(0);

		// A tab that comes while frames wait does not get them, and gets the next one at once.
		sim.live.broadcast('notification', progress('t3', 'InProgress'));
		await until(() => hub.pending === 1);
		const late = listen(tabOf(hub), 'notification');
		await until(() => late.live() && hub.pending === 0);
		sim.live.broadcast('notification', progress('t4', 'InProgress'));
		await until(() => late.reads().length === 1);
		expect(late.reads().map((r) => r.entry.json)).toEqual([expect.stringContaining('t4')]);
		late.subscription.close();

		// Hidden alone again: the hidden tab shown gets what waited at once.
		sim.live.broadcast('notification', progress('t5', 'InProgress'));
		await until(() => hub.pending === 1);
		hidden.say(true, true);
		await until(() => hidden.reads().length === 6);
		expect(hub.pending).toBe(0);
		hidden.subscription.close();
		await until(() => sim.live.clientCount('notification') === 0);
	});

	it('does not wake a hidden tab that does not alert, not even for a problem: all of it comes when shown', async () => {
		sim.reset();
		const hub = new Hub({ WebSocket: NodeWebSocket });
		const shown = listen(tabOf(hub), 'notification');
		const hidden = tabWithPort(hub);
		await until(() => shown.live() && hidden.live());
		hidden.say(false, false);

		sim.live.broadcast('notification', progress('t1', 'InProgress'));
		sim.live.broadcast('notification', SYNC_STOPPED);
		// The problem's batch has gone to the tab shown (and would have to a tab woken for it).
		await until(() => shown.reads().length === 2);
		sim.live.broadcast('notification', progress('t2', 'InProgress'));
		await until(() => shown.reads().length === 3);
		hidden.say(true, false);
		await until(() => hidden.reads().length === 3);
		// One batch, when shown: a tab woken for the problem would have had it in a batch of its own.
		expect(hidden.batchKinds()).toEqual([['progress', 'user-notification', 'progress']]);
		shown.subscription.close();
		hidden.subscription.close();
		await until(() => sim.live.clientCount('notification') === 0);
	});

	it('while every tab is hidden and none alerts, a problem waits for the batch with the rest', async () => {
		sim.reset();
		const hub = new Hub({ WebSocket: NodeWebSocket, hiddenBatchMs: 60_000 });
		const hidden = tabWithPort(hub);
		await until(() => hidden.live());
		hidden.say(false, false);

		sim.live.broadcast('notification', progress('t1', 'InProgress'));
		sim.live.broadcast('notification', SYNC_STOPPED);
		sim.live.broadcast('notification', progress('t2', 'InProgress'));
		// All three wait: a problem sent at once would have taken the first two with it.
		await until(() => hub.pending === 3);
		expect(hidden.reads()).toEqual([]);
		// Turning alerts on while hidden reads what waits: the problem goes at once, with the rest.
		hidden.say(false, true);
		await until(() => hidden.reads().length === 3);
		expect(hidden.batchKinds()).toEqual([['progress', 'user-notification', 'progress']]);
		expect(hub.pending).toBe(0);
		hidden.subscription.close();
		await until(() => sim.live.clientCount('notification') === 0);
	});

	it("while every tab is hidden and none alerts, more frames than a shown tab's burst still wait; a flood goes at once", async () => {
		sim.reset();
		const hub = new Hub({ WebSocket: NodeWebSocket, hiddenBatchMs: 60_000, hiddenBurst: 60 });
		const hidden = tabWithPort(hub);
		await until(() => hidden.live());
		hidden.say(false, false);

		// 30 routine frames: a burst for a shown tab (20), a trickle for hidden ones.
		for (let i = 0; i < 30; i++)
			sim.live.broadcast('notification', progress(`t${i}`, 'InProgress'));
		await until(() => hub.pending === 30);
		// Up to the hidden burst: read at once, held for the tab, which is not woken.
		for (let i = 30; i < 60; i++)
			sim.live.broadcast('notification', progress(`t${i}`, 'InProgress'));
		await until(() => hub.pending === 0);
		expect(hidden.reads()).toEqual([]);
		hidden.say(true, false);
		await until(() => hidden.reads().length === 60);
		hidden.subscription.close();
		await until(() => sim.live.clientCount('notification') === 0);
	});

	it('with a tab shown, a trickle waits for more; a burst and a problem go at once', async () => {
		sim.reset();
		const hub = new Hub({ WebSocket: NodeWebSocket, trickleBatchMs: 60_000 });
		const tab = listen(tabOf(hub), 'notification', []);
		await until(() => tab.live());

		// A page draws a trickle at its clock's tick: it is not woken for each frame of one.
		sim.live.broadcast('notification', progress('t1', 'InProgress'));
		sim.live.broadcast('notification', progress('t2', 'InProgress'));
		await until(() => hub.pending === 2);
		expect(tab.reads()).toHaveLength(0);
		// A problem goes at once, with what waited before it, in one batch.
		sim.live.broadcast('notification', SYNC_STOPPED);
		await until(() => tab.reads().length === 3);
		expect(tab.batchKinds()).toEqual([['progress', 'progress', 'user-notification']]);

		// A burst goes at once too.
		for (let i = 0; i < 20; i++)
			sim.live.broadcast('notification', progress(`b${i}`, 'InProgress'));
		await until(() => tab.reads().length === 23);
		expect(hub.pending).toBe(0);

		// So does a frame of a kind the tab listens for (an update's steps, followed as they come).
		tab.subscription.want(['app-update']);
		sim.live.broadcast('notification', { Type: 8, Data: { Stage: 'Downloading', Percent: 10 } });
		await until(() => tab.reads().length === 24);
		expect(hub.pending).toBe(0);
		tab.subscription.close();
		await until(() => sim.live.clientCount('notification') === 0);
	});

	it('opens one socket for every tab, and hands each frame to all of them', async () => {
		sim.reset();
		const hub = new Hub({ WebSocket: NodeWebSocket });
		const [a, b] = [listen(tabOf(hub), 'notification'), listen(tabOf(hub), 'notification')];
		await until(() => a.live() && b.live());
		expect(sim.live.clientCount('notification')).toBe(1);
		sim.live.broadcast('notification', progress('t1', 'InProgress'));
		await until(() => a.reads().length === 1 && b.reads().length === 1);
		expect(a.reads()).toEqual(b.reads());
		expect(a.transfers().map((t) => t.id)).toEqual(['t1']);
		a.subscription.close();
		b.subscription.close();
		await until(() => sim.live.clientCount('notification') === 0);
	});

	it('gives a tab that joins late the transfers under way', async () => {
		sim.reset();
		const hub = new Hub({ WebSocket: NodeWebSocket });
		const first = listen(tabOf(hub), 'notification');
		await until(first.live);
		sim.live.broadcast('notification', progress('early', 'InProgress'));
		await until(() => first.transfers().length === 1);
		const later = listen(tabOf(hub), 'notification');
		await until(() => later.transfers().length === 1);
		expect(later.transfers()[0]).toMatchObject({ id: 'early', name: 'early.bin', bytes: 5 });
		expect(later.reads()).toEqual([]);
		first.subscription.close();
		later.subscription.close();
	});

	it("sends a frame's data only to the tabs that asked for its kind", async () => {
		sim.reset();
		const hub = new Hub({ WebSocket: NodeWebSocket });
		const none = listen(tabOf(hub), 'notification', []);
		const some = listen(tabOf(hub), 'notification', ['progress']);
		await until(() => none.live() && some.live());
		sim.live.broadcast('notification', { Type: 2, Data: { Message: 'hello' } });
		sim.live.broadcast('notification', progress('t2', 'InProgress'));
		await until(() => none.reads().length === 2 && some.reads().length === 2);
		const data = (reads: HubRead[]) => reads.map((r) => r.frame);
		expect(data(none.reads())).toEqual([undefined, undefined]);
		expect(data(some.reads())).toEqual([undefined, progress('t2', 'InProgress')]);
		none.subscription.close();
		some.subscription.close();
	});

	it("counts and drops a message that is not the protocol's, and goes on", async () => {
		sim.reset();
		const hub = new Hub({ WebSocket: NodeWebSocket });
		const heard: unknown[] = [];
		const port: HubPort = { postMessage: (m) => heard.push(m), onmessage: null };
		hub.serve(port);
		const say = (message: unknown) => port.onmessage!({ data: message } as MessageEvent);
		for (const bad of [
			'open',
			{ type: 'open', id: 1, url: socketUrl(sim.url, 'notification') },
			{ type: 'subscribe', id: 1, url: 'not an address', kinds: null },
			{ type: 'subscribe', id: 1, url: 'ws://127.0.0.1:9/elsewhere', kinds: null }
		])
			expect(() => say(bad)).not.toThrow();
		expect(hub.ignored).toBe(4);
		expect(heard).toEqual([]);
		say({ type: 'subscribe', id: 1, url: socketUrl(sim.url, 'statechange'), kinds: null });
		await until(() => sim.live.clientCount('statechange') === 1);
		say({ type: 'unsubscribe', id: 1 } satisfies ToHub);
		await until(() => sim.live.clientCount('statechange') === 0);
	});
});

/**
 * What a tab makes of the batches: the frames, and the latest of each transfer and path. Without
 * the times (each host's socket hears a frame apart), nor where a batch ended.
 */
function seen(channels: ReturnType<typeof listen>[]) {
	return channels.map((c) => ({
		reads: c.reads().map((read) => ({ ...read, entry: { ...read.entry, at: 0 } })),
		transfers: Object.fromEntries(
			c
				.transfers()
				.map((t) => [
					t.id,
					{ ...t, startedAt: 0, updatedAt: 0, finishedAt: t.finishedAt === null ? null : 0 }
				])
		),
		fileStates: Object.fromEntries(c.fileStates().map((f) => [f.path, { ...f, at: 0 }]))
	}));
}

describe('the hosts of the hub', () => {
	it('give the same batches on the page, in a SharedWorker and in a dedicated Worker', async () => {
		sim.reset();
		vi.stubGlobal('WebSocket', NodeWebSocket);
		// A SharedWorker's scope: the worker module serves each tab that connects.
		const shared = { onconnect: null as ((event: { ports: MessagePort[] }) => void) | null };
		vi.stubGlobal('self', shared);
		vi.resetModules();
		await import('./socket-worker.ts');
		const { port1, port2 } = new MessageChannel();
		shared.onconnect!({ ports: [port2] });
		const inShared = new HubClient(port1, 'shared worker');
		// A dedicated worker's scope: the module serves the scope itself. Messages cross as they
		// would between threads: copied, a task later.
		type End = { postMessage(m: unknown): void; onmessage: HubPort['onmessage'] };
		const cross = (to: () => End) => (m: unknown) =>
			void setTimeout(() => to().onmessage?.({ data: structuredClone(m) } as MessageEvent));
		const scope: End = { postMessage: cross(() => tab), onmessage: null };
		const tab: End = { postMessage: cross(() => scope), onmessage: null };
		vi.stubGlobal('self', scope);
		vi.resetModules();
		await import('./socket-worker.ts');
		const inWorker = new HubClient(tab, 'worker');
		const onPage = hubOnPage();

		const hosts = [onPage, inShared, inWorker];
		const notes = hosts.map((client) => listen(client, 'notification'));
		const states = hosts.map((client) => listen(client, 'statechange'));
		await until(() => [...notes, ...states].every((c) => c.live()));
		expect(sim.live.clientCount('notification')).toBe(3);
		sim.live.broadcast('notification', progress('t1', 'InProgress'));
		sim.live.broadcast('notification', '{"Type":');
		sim.live.broadcast('notification', {
			Type: 2,
			Data: { Message: `https://x/?token=${PLANTED}` }
		});
		sim.live.broadcast('notification', progress('t1', 'Completed'));
		sim.live.broadcast('statechange', { Path: '/a.psd', StorageName: 'S', State: 4 });
		sim.live.broadcast('statechange', { Path: '/a.psd', StorageName: 'S', State: 0 });
		await until(() => notes.every((c) => c.reads().length === 4));
		await until(() => states.every((c) => c.reads().length === 2));
		const [page, ...workers] = seen(notes);
		for (const worker of workers) expect(worker).toEqual(page);
		expect(
			page!.reads.map(({ entry }) =>
				entry.said.key === 'unread' ? entry.said.problem : entry.kind
			)
		).toEqual(['progress', 'not JSON', 'user-notification', 'progress']);
		// Each frame's entry is made in the hub, what it says with it: the page shows it as it is.
		expect(page!.reads[0]!.entry).toMatchObject({
			channel: 'notification',
			kind: 'progress',
			said: { key: 'progress', name: 't1.bin', status: 'InProgress' }
		});
		expect(JSON.stringify(page)).not.toContain(PLANTED);
		expect(page!.transfers).toEqual({
			t1: expect.objectContaining({ outcome: 'completed', finishedAt: 0 })
		});
		const [pageStates, ...workerStates] = seen(states);
		for (const worker of workerStates) expect(worker).toEqual(pageStates);
		expect(pageStates!.fileStates).toEqual({
			'/a.psd': { path: '/a.psd', storage: 'S', state: 0, at: 0 }
		});
		for (const c of [...notes, ...states]) c.subscription.close();
		await until(() => sim.live.clientCount('notification') === 0);
	});
});

describe('a newer hub taking over from an older one', () => {
	const entry = (n: number): NewEntry => ({
		at: n,
		channel: 'statechange',
		kind: 'state',
		said: { key: 'text', text: '' },
		payload: undefined,
		json: `{"Path":"/${n}"}`
	});

	it('keeps what the newer hub read after the last event the older one kept', () => {
		const tail = [1, 2, 3, 4].map((n) => entryKey(entry(n)));
		// Both sockets were open for events 3 and 4.
		expect(afterOverlap(tail, [3, 4, 5, 6].map(entry))?.map((e) => e.at)).toEqual([5, 6]);
		// The older hub closed before the newer socket opened: nothing in common, all kept.
		expect(afterOverlap(tail, [7, 8].map(entry))?.map((e) => e.at)).toEqual([7, 8]);
		expect(afterOverlap([], [7].map(entry))?.map((e) => e.at)).toEqual([7]);
		// Everything the newer hub read, the older one kept.
		expect(afterOverlap(tail, [3, 4].map(entry))).toEqual([]);
		// The newer socket has not read 4 yet: no answer until it has, or it is too late to.
		expect(afterOverlap(tail, [3].map(entry))).toBeNull();
		expect(afterOverlap(tail, [3].map(entry), 0, true)).toEqual([]);
		// Events the older hub read before the newer socket connected are not in common.
		expect(afterOverlap(tail, [4, 5].map(entry), 4)?.map((e) => e.at)).toEqual([4, 5]);
	});

	it('orders builds by the time they were made, else takes the one that spoke as newer', () => {
		expect(isNewer('1795920005814', '1795920004814')).toBe(true);
		expect(isNewer('1795920004814', '1795920005814')).toBe(false);
		expect(isNewer('1795920004814', '1795920004814')).toBe(false);
		expect(isNewer('abc123', 'def456')).toBe(true);
	});

	it('one socket per channel again once the older hub hands over; every event kept once', async () => {
		sim.reset();
		const name = `${HANDOVER_CHANNEL}-${Math.random()}`;
		const channels = [new BroadcastChannel(name), new BroadcastChannel(name)];
		// What each hub hands its kept timeline, by store.
		const kept = new Map<TimelineStore, NewEntry[]>();
		const add = vi.spyOn(TimelineStore.prototype, 'add').mockImplementation(function (
			this: TimelineStore,
			entries: NewEntry[]
		) {
			kept.set(this, [...(kept.get(this) ?? []), ...entries]);
		});
		let sent = 0;
		let frames: ReturnType<typeof setInterval> | undefined;
		try {
			const options = { WebSocket: NodeWebSocket, trickleBatchMs: 20 };
			const older = new Hub({ ...options, version: '1000' });
			older.meet(channels[0]!);
			const oldTab = tabOf(older);
			let superseded = false;
			oldTab.onSuperseded(() => (superseded = true));
			const oldKeeper = oldTab.keeper(sim.url, `${sim.url} admin`, 10_000);
			const before = listen(oldTab, 'statechange');
			await until(before.live);
			// Numbered frames all through the handover.
			frames = setInterval(
				() => sim.live.broadcast('statechange', { Path: `/${sent++}`, StorageName: 'S', State: 4 }),
				5
			);
			await until(() => before.reads().length > 5);

			const newer = new Hub({ ...options, version: '2000' });
			newer.meet(channels[1]!);
			await until(() => superseded);
			const newTab = tabOf(newer);
			newTab.keeper(sim.url, `${sim.url} admin`, 10_000);
			const after = listen(newTab, 'statechange');
			// The old tab reloads into the new build: it lets go, and the older hub keeps the socket.
			before.subscription.close();
			oldKeeper.close();
			expect(sim.live.clientCount('statechange')).toBe(1);
			await until(after.live);
			await until(() => older.handedOver);
			expect(sim.live.clientCount('statechange')).toBe(1);
			await until(() => after.reads().length > 5);
			clearInterval(frames);
			const last = `/${sent - 1}`;
			await until(() => after.reads().some((r) => r.entry.json?.includes(`"${last}"`)));

			const paths = [...kept.values()]
				.flat()
				.map((e) => Number(/"\/(\d+)"/.exec(e.json ?? '')?.[1]));
			expect(kept.size).toBe(2);
			expect(paths).toEqual([...Array(sent).keys()]);
			newTab.close();
		} finally {
			clearInterval(frames);
			add.mockRestore();
			for (const channel of channels) channel.close();
		}
	});
});
