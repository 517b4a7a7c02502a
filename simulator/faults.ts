import type { Reply } from './reply.ts';

/**
 * Faults injected through the control surface (`POST /__sim/faults`): for the next `count` calls of
 * a path (and method), the answer is delayed, replaced by a status, spoiled (empty, malformed,
 * truncated, HTML, other text or JSON) or the connection is dropped.
 */

/** One injected fault for the next `count` calls of a path (and method, when given). */
export type Fault = {
	path: string;
	method?: string;
	count: number;
	status?: number;
	delayMs?: number;
	body?: 'empty' | 'malformed' | 'truncated' | 'html' | 'text' | 'json' | 'reset';
	text?: string;
	json?: unknown;
};

const FAULT_BODIES = ['empty', 'malformed', 'truncated', 'html', 'text', 'json', 'reset'];

type Obj = Record<string, unknown>;

const isWholeNumber = (value: unknown, min: number, max: number): value is number =>
	Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** A fault from the control surface's JSON, or what is wrong with it. */
export function parseFault(body: Obj): Fault | string {
	if (typeof body.path !== 'string' || !body.path.startsWith('/')) return 'path must start with /';
	const fault: Fault = { path: body.path.toLowerCase().replace(/\/+$/, ''), count: 1 };
	if (body.count !== undefined) {
		if (!isWholeNumber(body.count, 1, Infinity)) return 'count must be a positive whole number';
		fault.count = body.count;
	}
	if (body.method !== undefined) {
		if (typeof body.method !== 'string') return 'method must be text';
		fault.method = body.method.toUpperCase();
	}
	if (body.status !== undefined) {
		if (!isWholeNumber(body.status, 100, 599)) return 'status must be an HTTP status';
		fault.status = body.status;
	}
	if (body.delayMs !== undefined) {
		if (!isWholeNumber(body.delayMs, 0, 600_000)) return 'delayMs must be from 0 to 600000';
		fault.delayMs = body.delayMs;
	}
	if (body.body !== undefined) {
		if (typeof body.body !== 'string' || !FAULT_BODIES.includes(body.body)) {
			return `body must be one of ${FAULT_BODIES.join(', ')}`;
		}
		fault.body = body.body as Fault['body'];
	}
	if (body.text !== undefined) fault.text = String(body.text);
	if ('json' in body) fault.json = body.json;
	return fault;
}

/** Applies a fault's body to what the handler answered. */
function faultBody(fault: Fault, reply: Reply): Reply {
	const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
	const base = { status: reply.status, headers: reply.headers };
	switch (fault.body) {
		case 'empty':
			return base;
		case 'malformed':
			return {
				...base,
				contentType: 'application/json; charset=utf-8',
				text: '{"data": [{"id": "1", '
			};
		case 'truncated':
			return {
				...base,
				contentType: 'application/json; charset=utf-8',
				text: text.slice(0, Math.max(1, Math.floor(text.length / 2)))
			};
		case 'html':
			return {
				...base,
				contentType: 'text/html; charset=utf-8',
				text: '<!doctype html><html><head><title>Error</title></head><body><h1>Service Unavailable</h1></body></html>'
			};
		case 'text':
			return { ...base, contentType: 'text/plain; charset=utf-8', text: fault.text ?? '' };
		case 'json':
			return { ...base, body: fault.json ?? null };
		default:
			return reply;
	}
}

export function takeFault(faults: Fault[], method: string, path: string): Fault | undefined {
	const i = faults.findIndex((f) => f.path === path && (!f.method || f.method === method));
	const fault = faults[i];
	if (!fault) return undefined;
	fault.count -= 1;
	if (fault.count <= 0) faults.splice(i, 1);
	return fault;
}

/**
 * The answer under a fault: a fault's status replaces the handler's answer (the handler does not
 * run), a fault's body spoils whichever answer there is.
 */
export async function faultedReply(
	fault: Fault | undefined,
	answer: () => Promise<Reply>
): Promise<Reply> {
	if (fault?.status !== undefined) return faultBody(fault, { status: fault.status });
	const reply = await answer();
	return fault?.body ? faultBody(fault, reply) : reply;
}
