import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startStaticServer } from '../scripts/static-server.ts';

/**
 * An intranet portal frames the console (for the Playwright suite and the other engines' journeys), which is served by a static server of its own with the
 * portal in frameAncestors and the simulator as its configured agent. A portal on localhost (another
 * port) is another origin of the same site; on 127.0.0.1 it is another site, where Chromium blocks
 * the frame's storage as it does third-party cookies.
 */
export async function framedConsole(
	agentUrl: string,
	frameAncestors: (portal: string) => string[],
	overrides: Record<string, unknown> = {}
) {
	// The portal's port is taken first, so the console's config can name it.
	const portalServer = createServer();
	await new Promise<void>((resolve) => portalServer.listen(0, '127.0.0.1', resolve));
	const port = (portalServer.address() as AddressInfo).port;
	await new Promise<void>((resolve) => portalServer.close(() => resolve()));
	const site = await startStaticServer({
		root: 'build',
		host: '127.0.0.1',
		port: 0,
		configOverrides: { agentUrl, frameAncestors: frameAncestors(String(port)), ...overrides }
	});
	return { site, port };
}

/** The portal's page on `port`, framing `frameSrc`, addressed by `host`. */
export async function portalOn(port: string, host: 'localhost' | '127.0.0.1', frameSrc: string) {
	const server = createServer((_req, res) => {
		res.setHeader('content-type', 'text/html; charset=utf-8');
		res.end(
			`<!doctype html><title>Intranet portal</title><h1>Portal</h1><iframe src="${frameSrc}" title="Agent console" width="400" height="700"></iframe>`
		);
	});
	await new Promise<void>((resolve) => server.listen(Number(port), '127.0.0.1', resolve));
	return { server, url: `http://${host}:${port}` };
}
