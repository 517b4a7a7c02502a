import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkPeer, overlapFrom, type PeerMessage } from './handover.ts';
import { Hub, type HubPeers, type HubPort } from './hub.ts';
import type { ToHub } from './protocol.ts';
import { socketUrl } from './socket-url.ts';
import type { NewEntry } from './timeline-entry.ts';
import { TimelineStore } from './timeline-store.ts';

/**
 * The handover's races, fed one step at a time: two hubs' sockets and their BroadcastChannel are
 * stand-ins here, so each frame and each message between the hubs arrives exactly when the test
 * says (hub.spec's handover runs the same over real sockets, where the order is the machine's).
 */

const AGENT = 'http://agent.test:8080';
const URL_ = socketUrl(AGENT, 'statechange');

/** A socket whose opening and frames the test hands it, one by one. */
class Socket extends EventTarget {
	static readonly CONNECTING = 0;
	static readonly OPEN = 1;
	static readonly CLOSING = 2;
	static readonly CLOSED = 3;
	static made: Socket[] = [];
	readonly CLOSED = 3;
	readyState = 0;
	binaryType = 'blob';
	readonly url: string;
	constructor(url: string) {
		super();
		this.url = url;
		Socket.made.push(this);
	}
	open() {
		this.readyState = 1;
		this.dispatchEvent(new Event('open'));
	}
	frame(n: number | string) {
		// A browser fires no message on a socket it was told to close.
		if (this.readyState !== 1) return;
		const data = JSON.stringify({ Path: `/${n}`, StorageName: 'S', State: 4 });
		this.dispatchEvent(new MessageEvent('message', { data }));
	}
	close() {
		this.readyState = 3;
	}
}

/** One end of the BroadcastChannel: what the hub says waits in `said` until `deliver`. */
function peersOf() {
	const said: PeerMessage[] = [];
	const end: HubPeers = { postMessage: (m) => said.push(m), onmessage: null };
	return { end, said };
}

/** Hands `to` what `from` said, in order, and forgets it (only `type`, when given). */
function deliver(
	from: ReturnType<typeof peersOf>,
	to: ReturnType<typeof peersOf>,
	type?: PeerMessage['type']
) {
	for (const m of [...from.said]) {
		if (type && m.type !== type) continue;
		from.said.splice(from.said.indexOf(m), 1);
		to.end.onmessage?.({ data: structuredClone(m) } as MessageEvent);
	}
}

/** A tab of `hub` that keeps the agent's timeline and listens to its state changes. */
function tabOf(hub: Hub) {
	const port: HubPort = { postMessage: () => {}, onmessage: null };
	hub.serve(port);
	const say = (m: ToHub) => port.onmessage!({ data: m } as MessageEvent);
	say({ type: 'keep', agent: AGENT, owner: `${AGENT} admin`, cap: 10_000 });
	say({ type: 'subscribe', id: 1, url: URL_, kinds: null });
}

/** The path numbers (or names) each hub handed its kept timeline, in order, both hubs together. */
let kept: string[] = [];

beforeEach(() => {
	vi.useFakeTimers();
	Socket.made = [];
	kept = [];
	vi.spyOn(TimelineStore.prototype, 'add').mockImplementation((entries: NewEntry[]) => {
		for (const e of entries) kept.push(/"\/([^"]+)"/.exec(e.json ?? '')![1]!);
	});
});
afterEach(() => {
	vi.restoreAllMocks();
	vi.useRealTimers();
});

/**
 * An older hub with its socket live and `before` read, and a newer hub that heard it is older and
 * has its own socket open (its `live` said, not yet heard).
 */
async function twoHubs(before: (number | string)[]) {
	const options = { WebSocket: Socket, trickleBatchMs: 20, handoverMs: 30_000 };
	const older = new Hub({ ...options, version: '1000' });
	const oldPeers = peersOf();
	older.meet(oldPeers.end);
	tabOf(older);
	await vi.advanceTimersByTimeAsync(0);
	const oldSocket = Socket.made[0]!;
	oldSocket.open();
	for (const n of before) oldSocket.frame(n);
	await vi.advanceTimersByTimeAsync(60_000);

	const newer = new Hub({ ...options, version: '2000' });
	const newPeers = peersOf();
	newer.meet(newPeers.end);
	deliver(newPeers, oldPeers, 'hello');
	deliver(oldPeers, newPeers, 'older');
	tabOf(newer);
	await vi.advanceTimersByTimeAsync(0);
	const newSocket = Socket.made[1]!;
	newSocket.open();
	expect(newPeers.said.map((m) => m.type)).toEqual(['live']);
	/** Frames the agent sends: to both sockets, or only to those named. */
	const send = (ns: (number | string)[], to = [oldSocket, newSocket]) => {
		for (const n of ns) for (const socket of to) socket.frame(n);
	};
	/** The older hub hears `live`: it closes its socket, and says what it kept last. */
	const handOver = () => deliver(newPeers, oldPeers, 'live');
	const handed = () => deliver(oldPeers, newPeers, 'handed');
	return { older, newer, oldSocket, newSocket, send, handOver, handed };
}

const numbers = (from: number, to: number) =>
	Array.from({ length: to - from }, (_, i) => String(from + i));

describe('a handover, whatever the order things arrive in', () => {
	it("keeps each event once when the newer socket has not yet read the older one's last frames", async () => {
		const { oldSocket, newSocket, send, handOver, handed } = await twoHubs([0, 1, 2, 3, 4]);
		send([5]);
		// 6 and 7 reach the older hub, and are kept there, before they reach the newer one.
		send([6, 7], [oldSocket]);
		handOver();
		handed();
		send([6, 7], [newSocket]);
		send([8, 9]);
		await vi.advanceTimersByTimeAsync(60_000);
		expect(kept).toEqual(numbers(0, 10));
	});

	it('keeps each event once when the newer socket had read nothing yet when handed', async () => {
		const { oldSocket, newSocket, send, handOver, handed } = await twoHubs([0, 1, 2]);
		send([3, 4], [oldSocket]);
		handOver();
		handed();
		send([3, 4, 5], [newSocket]);
		await vi.advanceTimersByTimeAsync(60_000);
		expect(kept).toEqual(numbers(0, 6));
	});

	it('keeps each event once when the handover comes before either socket reads anything more', async () => {
		const { send, handOver, handed } = await twoHubs([0, 1, 2]);
		handOver();
		handed();
		send([3, 4]);
		await vi.advanceTimersByTimeAsync(60_000);
		expect(kept).toEqual(numbers(0, 5));
	});

	it('tells two identical frames apart by where they fall, not by their text', async () => {
		const { oldSocket, send, handOver, handed } = await twoHubs([0, 1]);
		// The newer socket opened between two identical frames: it has the second X only.
		send(['X'], [oldSocket]);
		send(['X']);
		handOver();
		handed();
		send([2]);
		await vi.advanceTimersByTimeAsync(60_000);
		expect(kept).toEqual(['0', '1', 'X', 'X', '2']);
	});

	it('matches identical frames the newer socket reads late with the ones the older kept', async () => {
		const { oldSocket, newSocket, send, handOver, handed } = await twoHubs([0, 1]);
		send(['X']);
		send(['X'], [oldSocket]);
		handOver();
		handed();
		send(['X'], [newSocket]);
		send([2]);
		await vi.advanceTimersByTimeAsync(60_000);
		expect(kept).toEqual(['0', '1', 'X', 'X', '2']);
	});

	it('keeps a frame like one the older hub read before the newer socket opened: a new event', async () => {
		const { handOver, handed, send } = await twoHubs([0, 1, 'X']);
		handOver();
		// Nothing read by both: this X is the agent saying it again, a minute later, read by the
		// newer hub before it hears what the older one kept.
		send(['X']);
		handed();
		await vi.advanceTimersByTimeAsync(60_000);
		expect(kept).toEqual(['0', '1', 'X', 'X']);
	});

	it("takes a run the newer socket read as the older hub's when the rest of it never comes", async () => {
		const { oldSocket, newSocket, send, handOver, handed } = await twoHubs([0, 1]);
		send([2, 3], [oldSocket]);
		send([2], [newSocket]);
		handOver();
		handed();
		// Its socket dropped 3 (a reconnect), and the agent is quiet for longer than a handover.
		await vi.advanceTimersByTimeAsync(30_000);
		send([4]);
		await vi.advanceTimersByTimeAsync(60_000);
		expect(kept).toEqual(numbers(0, 5));
	});

	it('keeps what the newer socket read when the older hub hands over nothing in common', async () => {
		const { oldSocket, send, handOver, handed } = await twoHubs([0, 1]);
		send([2], [oldSocket]);
		handOver();
		handed();
		// Its socket dropped 2 (a reconnect): nothing lines up, what came is kept, in time.
		send([3, 4]);
		await vi.advanceTimersByTimeAsync(60_000);
		expect(kept).toEqual(numbers(0, 5));
	});
});

describe("the older hub's tail", () => {
	it('goes with the times it was read, or is matched without them (an older build sends none)', () => {
		const handed = { type: 'handed', version: '1', url: URL_, tail: ['a', 'b'] };
		expect(checkPeer({ ...handed, ats: [1, 2] })).toEqual({ ...handed, ats: [1, 2] });
		expect(checkPeer(handed)).toEqual(handed);
		expect(checkPeer({ ...handed, ats: [1] })).toEqual(handed);
		expect(checkPeer({ ...handed, ats: ['1', '2'] })).toEqual(handed);
		expect(overlapFrom([1000, 5000, 9000], 5800)).toBe(1);
		expect(overlapFrom([1000, 2000], 9000)).toBe(2);
		expect(overlapFrom(undefined, 9000)).toBe(0);
	});
});
