import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { WebSocket } from 'ws';
import { startSimulator, type Simulator } from '../server.ts';
import type { SimulatorOptions } from '../options.ts';

export const ORIGIN = 'http://localhost:4173';

export type Call = { status: number; text: string; json: unknown; headers: Headers };

/** A test simulator on a free port, quiet, no background activity. */
export async function testSimulator(options: Partial<SimulatorOptions> = {}): Promise<Simulator> {
	return startSimulator({ port: 0, log: false, eventsPerSecond: 0, users: 120, ...options });
}

/** Runs `body` against a simulator of its own with these options, closed however `body` ends. */
export async function withSimulator<T>(
	options: Partial<SimulatorOptions>,
	body: (sim: Simulator) => Promise<T>
): Promise<T> {
	const sim = await testSimulator(options);
	try {
		return await body(sim);
	} finally {
		await sim.close();
	}
}

/**
 * One simulator for a whole spec file: started before its first test, back to the seeded start
 * before each, closed after its last. `ready` gets it and a client once it listens.
 */
export function shareSimulator(
	ready: (started: { sim: Simulator; api: Client }) => void,
	options: Partial<SimulatorOptions> = {}
): void {
	let sim: Simulator | undefined;
	beforeAll(async () => {
		sim = await testSimulator(options);
		ready({ sim, api: client(sim) });
	});
	afterAll(() => sim?.close());
	beforeEach(() => sim?.reset());
}

export type Client = ReturnType<typeof client>;

export function client(sim: Simulator) {
	async function call(
		method: string,
		path: string,
		init: { body?: unknown; raw?: string; origin?: string; headers?: Record<string, string> } = {}
	): Promise<Call> {
		const headers: Record<string, string> = { ...init.headers };
		if (init.origin) headers.origin = init.origin;
		let body: string | undefined = init.raw;
		if (init.body !== undefined) {
			body = JSON.stringify(init.body);
			headers['content-type'] = 'application/json';
		} else if (path.startsWith('/__sim/') && method !== 'GET') {
			// The control surface takes changes as JSON only.
			headers['content-type'] ??= 'application/json';
		}
		const res = await fetch(sim.url + path, { method, headers, body });
		const text = await res.text();
		let json: unknown;
		try {
			json = text ? JSON.parse(text) : undefined;
		} catch {
			json = undefined;
		}
		return { status: res.status, text, json, headers: res.headers };
	}

	async function login(
		username = 'admin@example.com',
		type = 16,
		password = 'Passw0rd!'
	): Promise<string> {
		const r = await call('POST', '/authentication/login', { body: { username, password, type } });
		const token = (r.json as { jwtToken?: string } | undefined)?.jwtToken;
		if (r.status !== 200 || !token) throw new Error(`login failed: ${r.status} ${r.text}`);
		return token;
	}

	return { call, login };
}

/** Opens a channel and collects its frames. */
export async function openSocket(sim: Simulator, channel: string, origin?: string) {
	const ws = new WebSocket(`${sim.url.replace('http', 'ws')}/${channel}`, {
		headers: origin ? { origin } : {}
	});
	const frames: unknown[] = [];
	ws.on('message', (data) => {
		const text = data.toString();
		try {
			frames.push(JSON.parse(text));
		} catch {
			frames.push(text);
		}
	});
	await new Promise<void>((resolve, reject) => {
		ws.once('open', () => resolve());
		ws.once('error', reject);
		ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
	});
	const closed = new Promise<{ code: number; reason: string }>((resolve) =>
		ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }))
	);
	return { ws, frames, closed };
}

/** The first truthy value of `fn`, as soon as there is one (vitest's waitFor does the polling). */
export function until<T>(fn: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
	return vi.waitFor(
		() => {
			const value = fn();
			if (!value) throw new Error('condition not met yet');
			return value;
		},
		{ timeout: timeoutMs }
	);
}
