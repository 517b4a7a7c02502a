import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';

import { FILE_STATE, NOTIFICATION_TYPE, type ChannelName as Channel } from '../src/lib/contract.ts';

/** How new socket connections are treated: fault modes for tests of the dashboard. */
export type SocketMode = 'normal' | 'hang' | 'close-at-once' | 'refuse';

/**
 * The two WebSocket channels. Frames flow one way, agent to client, one JSON text frame per
 * event; the client sends nothing. Origins outside the allow-list are refused at the upgrade.
 */
export class LiveHub {
	readonly #wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
	readonly #clients: Record<Channel, Set<WebSocket>> = {
		notification: new Set(),
		statechange: new Set()
	};
	readonly #held = new Set<Duplex>();
	#timer: NodeJS.Timeout | null = null;
	/** One event of background activity (the development agent's `Activity.step`). */
	onStep: () => void = () => undefined;
	/** What a frame object becomes before it is sent (the credentials mode plants into it). */
	shape: (frame: unknown) => unknown = (frame) => frame;
	#floods = new Set<NodeJS.Timeout>();
	mode: SocketMode = 'normal';
	sent: Record<Channel, number> = { notification: 0, statechange: 0 };

	/** Handles an upgrade for a channel path; false when the path is not a channel. */
	upgrade(
		req: IncomingMessage,
		socket: Duplex,
		head: Buffer,
		channel: Channel,
		originAllowed: boolean
	) {
		const refuse = (status: number, text: string) => {
			socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
		};
		if (!originAllowed) return refuse(403, 'Forbidden');
		if (this.mode === 'refuse') return refuse(503, 'Service Unavailable');
		if (this.mode === 'hang') {
			// Accept the TCP connection, never finish the handshake.
			this.#held.add(socket);
			socket.on('close', () => this.#held.delete(socket));
			socket.on('error', () => this.#held.delete(socket));
			return;
		}
		this.#wss.handleUpgrade(req, socket, head, (ws) => {
			if (this.mode === 'close-at-once') {
				ws.close(1011, 'Closing at once (simulated fault)');
				return;
			}
			const set = this.#clients[channel];
			set.add(ws);
			ws.on('close', () => set.delete(ws));
			ws.on('error', () => set.delete(ws));
			// The agent ignores anything a client sends.
			ws.on('message', () => undefined);
		});
	}

	clientCount(channel: Channel): number {
		return this.#clients[channel].size;
	}

	/** One frame to every client of a channel: an object is sent as JSON, a string as it is. */
	broadcast(channel: Channel, frame: unknown) {
		const text = typeof frame === 'string' ? frame : JSON.stringify(this.shape(frame));
		for (const ws of this.#clients[channel]) {
			if (ws.readyState === WebSocket.OPEN) ws.send(text);
		}
		this.sent[channel] += 1;
	}

	notify(type: number, data: unknown) {
		this.broadcast('notification', { Type: type, Data: data });
	}

	/** Drops every socket without a close handshake (a network fault), or closes with `code`. */
	disconnectAll(code?: number, reason = '') {
		for (const set of Object.values(this.#clients)) {
			for (const ws of set) {
				if (code === undefined) ws.terminate();
				else ws.close(code, reason);
			}
			set.clear();
		}
		for (const socket of this.#held) socket.destroy();
		this.#held.clear();
	}

	/** Whether the background activity is generating events. */
	get activityRunning(): boolean {
		return this.#timer !== null;
	}

	setActivity(eventsPerSecond: number) {
		if (this.#timer) clearInterval(this.#timer);
		this.#timer = null;
		if (eventsPerSecond <= 0) return;
		// Up to 50 timer ticks a second; each tick emits its share of the events.
		const ticks = Math.min(eventsPerSecond, 50);
		let owed = 0;
		this.#timer = setInterval(() => {
			owed += eventsPerSecond / ticks;
			while (owed >= 1) {
				owed -= 1;
				this.onStep();
			}
		}, 1000 / ticks);
		this.#timer.unref();
	}

	/**
	 * A fixed-rate stream of progress and state frames on both channels, for benchmarks. Each frame
	 * carries its sequence number (TransferId / Path) and send time, so a client can count losses.
	 */
	flood(perSecond: number, seconds: number): { frames: number } {
		const tickMs = 10;
		const total = Math.round(perSecond * seconds);
		const started = performance.now();
		let sentCount = 0;
		// Paced by the clock, not by the number of ticks: a late timer sends what is due.
		const timer = setInterval(() => {
			const due = Math.min(total, Math.floor(((performance.now() - started) * perSecond) / 1000));
			while (sentCount < due) {
				sentCount += 1;
				const n = sentCount;
				if (n % 2) {
					this.notify(NOTIFICATION_TYPE.Progress, {
						TransferMode: 'Upload',
						Status: 'InProgress',
						StorageType: 'AmazonS3',
						Path: `/flood/${n % 500}.bin`,
						Bytes: n,
						Size: total,
						Error: null,
						Name: `${n % 500}.bin`,
						StorageName: 'Flood',
						Speed: 1_000_000,
						Duration: '00:00:01',
						TransferId: `flood-${n % 500}`,
						StartTimeUtc: new Date().toISOString(),
						ProgressTimeUtc: new Date().toISOString(),
						Seq: n
					});
				} else {
					this.broadcast('statechange', {
						Path: `/flood/${n % 500}.bin`,
						StorageName: 'Flood',
						State: FILE_STATE.Uploading,
						Seq: n
					});
				}
			}
			if (sentCount >= total) {
				clearInterval(timer);
				this.#floods.delete(timer);
			}
		}, tickMs);
		this.#floods.add(timer);
		return { frames: total };
	}

	reset() {
		this.mode = 'normal';
		for (const timer of this.#floods) clearInterval(timer);
		this.#floods.clear();
		this.sent = { notification: 0, statechange: 0 };
	}

	close() {
		this.setActivity(0);
		this.reset();
		this.disconnectAll(1000, 'Agent shutting down');
		this.#wss.close();
	}
}
