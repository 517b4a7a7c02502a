import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Reply } from './reply.ts';

/**
 * The development agent's HTTP plumbing: reading a request, writing an answer, CORS. Nothing here
 * knows an endpoint; the server and the control surface use it alike.
 */

export const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export class BodyTooLarge extends Error {}

/** The request's URL, or null when it cannot be read. */
export function requestUrl(req: IncomingMessage): URL | null {
	try {
		return new URL(req.url ?? '/', 'http://agent.invalid');
	} catch {
		return null;
	}
}

/** The path as the agent routes it: case-insensitive, without a trailing slash. */
export const routePath = (url: URL) => url.pathname.toLowerCase().replace(/\/+$/, '') || '/';

/** A header's first value, cut to 200 characters; undefined when absent or empty. */
export const headerText = (value: string | string[] | undefined) =>
	(Array.isArray(value) ? value[0] : value)?.slice(0, 200) || undefined;

export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
	const declared = Number(req.headers['content-length'] ?? 0);
	if (declared > limit) throw new BodyTooLarge();
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req) {
		size += (chunk as Buffer).length;
		if (size > limit) throw new BodyTooLarge();
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks);
}

export function send(res: ServerResponse, reply: Reply) {
	if (res.headersSent || res.destroyed) return;
	for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
	let payload: string | undefined = reply.text;
	if (payload === undefined && reply.body !== undefined) {
		payload = JSON.stringify(reply.body);
		res.setHeader('content-type', 'application/json; charset=utf-8');
	} else if (payload !== undefined) {
		res.setHeader('content-type', reply.contentType ?? 'text/plain; charset=utf-8');
	}
	res.statusCode = reply.status;
	res.setHeader('content-length', payload === undefined ? 0 : Buffer.byteLength(payload));
	res.end(payload);
}

/** Sends the answer; after a 413 the body was not read to its end, so the connection closes. */
export function finish(req: IncomingMessage, res: ServerResponse, reply: Reply) {
	send(res, reply);
	if (reply.status === 413) res.on('finish', () => req.socket?.destroy());
}

/** An answer written on a bare socket (an upgrade refused, a request that never parsed). */
export function endSocket(socket: Duplex, status: string) {
	socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export function isOriginAllowed(allowOrigins: string[], origin: string | undefined): boolean {
	if (!origin) return false;
	return allowOrigins.includes('*') || allowOrigins.includes(origin);
}

/** CORS headers for allowed origins; answers a preflight. True when the request is done. */
export function cors(
	req: IncomingMessage,
	res: ServerResponse,
	method: string,
	allowOrigins: string[]
): boolean {
	const origin = req.headers.origin;
	const allowed = isOriginAllowed(allowOrigins, origin);
	if (allowed && origin) {
		res.setHeader('access-control-allow-origin', origin);
		res.setHeader('vary', 'Origin');
		// The console compares the agent's clock with its own to explain a rejected TOTP code.
		res.setHeader('access-control-expose-headers', 'Date');
	}
	if (method !== 'OPTIONS') return false;
	// A preflight from an origin that is not allowed gets no CORS headers: the browser blocks it.
	if (allowed) {
		res.setHeader('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS');
		res.setHeader(
			'access-control-allow-headers',
			req.headers['access-control-request-headers'] ?? 'content-type'
		);
		res.setHeader('access-control-max-age', '600');
	}
	send(res, { status: 204 });
	return true;
}
