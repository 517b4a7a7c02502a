import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, startStaticServer } from './static-server.ts';

let root: string;
let server: Server;
let url: string;

beforeAll(async () => {
	root = await mkdtemp(join(tmpdir(), 'console-build-'));
	await mkdir(join(root, '_app', 'immutable'), { recursive: true });
	await writeFile(join(root, 'index.html'), '<!doctype html><title>app</title>');
	await writeFile(
		join(root, 'config.json'),
		JSON.stringify({
			agentUrl: 'http://localhost:29123',
			frameAncestors: ['https://portal.example']
		})
	);
	const js = 'console.log("app");'.repeat(50);
	await writeFile(join(root, '_app', 'immutable', 'app.js'), js);
	await writeFile(join(root, '_app', 'immutable', 'app.js.gz'), gzipSync(js));
	await writeFile(join(root, '_app', 'immutable', 'gone.js'), js);
	await writeFile(join(root, 'service-worker.js'), js);
	await writeFile(join(root, '_app', 'version.json'), '{"version":"1"}');
	({ server, url } = await startStaticServer({
		root,
		host: '127.0.0.1',
		port: 0,
		configOverrides: { agentUrl: 'http://127.0.0.1:31000' }
	}));
});
afterAll(async () => {
	server.close();
	await rm(root, { recursive: true, force: true });
});

describe('static server', () => {
	it('answers deep links with the app page and its security headers', async () => {
		const res = await fetch(`${url}/users?page=7`);
		expect(res.status).toBe(200);
		expect(await res.text()).toContain('<title>app</title>');
		expect(res.headers.get('referrer-policy')).toBe('no-referrer');
		expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
		expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
		expect(res.headers.get('content-security-policy')).toContain(
			"frame-ancestors 'self' https://portal.example"
		);
	});

	it('survives a file that went from disk after it started, and goes on answering', async () => {
		await unlink(join(root, '_app', 'immutable', 'gone.js'));
		// Cut off, as the file cannot be read any more.
		await expect(fetch(`${url}/_app/immutable/gone.js`).then((r) => r.text())).rejects.toThrow();
		expect((await fetch(`${url}/config.json`)).status).toBe(200);
	});

	it('answers a missing asset with 404, not the app page', async () => {
		expect((await fetch(`${url}/_app/immutable/missing.js`)).status).toBe(404);
		expect((await fetch(`${url}/_app/missing.json`)).status).toBe(404);
	});

	it('has the build version checked again at every ask: a tab learns of an upgrade', async () => {
		const res = await fetch(`${url}/_app/version.json`);
		expect(res.status).toBe(200);
		expect(res.headers.get('cache-control')).toBe('no-cache');
	});

	it('serves precompressed assets with long caching', async () => {
		const res = await fetch(`${url}/_app/immutable/app.js`, {
			headers: { 'accept-encoding': 'gzip' }
		});
		expect(res.headers.get('content-encoding')).toBe('gzip');
		expect(res.headers.get('cache-control')).toContain('immutable');
		expect(await res.text()).toContain('console.log("app")');
	});

	it('lets the service worker register and never keeps its file long', async () => {
		const res = await fetch(`${url}/service-worker.js`);
		expect(res.status).toBe(200);
		expect(res.headers.get('cache-control')).toBe('no-cache');
		expect(res.headers.get('content-security-policy')).toContain("worker-src 'self';");
	});

	it('serves config.json with the overrides applied', async () => {
		const config = (await (await fetch(`${url}/config.json`)).json()) as Record<string, unknown>;
		expect(config).toMatchObject({
			agentUrl: 'http://127.0.0.1:31000',
			frameAncestors: ['https://portal.example']
		});
	});
});

describe('contentSecurityPolicy', () => {
	it('allows loopback agents on any port, configured hosts, and nothing inline', () => {
		const csp = contentSecurityPolicy({
			allowedAgentHosts: ['agent.corp:29123', 'bad host;'],
			agentUrl: 'http://localhost:29123'
		});
		expect(csp).toContain("connect-src 'self' http://localhost:*");
		expect(csp).toContain('ws://agent.corp:29123');
		expect(csp).not.toContain('bad host');
		expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
		expect(csp).toContain("frame-ancestors 'self';");
	});

	it('names no IPv6 literal, which browsers reject as an invalid source', () => {
		const csp = contentSecurityPolicy({
			agentUrl: 'http://[::1]:29123',
			allowedAgentHosts: ['[fe80::1]:80']
		});
		expect(csp).not.toContain('[');
	});
});

describe('static server, hostile requests', () => {
	const raw = (path: string, init?: RequestInit) => fetch(`${url}${path}`, init);

	it.each([
		'bytes=5-3',
		'bytes=-10',
		'bytes=abc',
		'bytes=0-0,2-3,5-',
		'bytes=99999999-',
		'lines=1-2'
	])('answers Range %s with the whole file and stays up', async (range) => {
		const res = await raw('/_app/immutable/app.js', { headers: { range } });
		expect(res.status).toBe(200);
		expect(res.headers.get('accept-ranges')).toBe('none');
		expect(await res.text()).toBe('console.log("app");'.repeat(50));
	});

	it('answers other methods than GET and HEAD with 405', async () => {
		for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
			const res = await raw('/index.html', { method });
			expect(res.status).toBe(405);
			expect(res.headers.get('allow')).toBe('GET, HEAD');
		}
		expect((await raw('/config.json', { method: 'HEAD' })).status).toBe(200);
	});

	it('answers an encoded config path as the plain one', async () => {
		const plain = await (await raw('/config.json')).text();
		expect(await (await raw('/config%2ejson')).text()).toBe(plain);
		expect(await (await raw('/%63onfig.json')).text()).toBe(plain);
	});

	it('answers a malformed escape with 400', async () => {
		expect((await raw('/%E0%A4%A')).status).toBe(400);
	});
});

/** A raw request with the Host header given, as a DNS-rebinding page's browser would send it. */
function rawGet(base: string, path: string, host: string) {
	return new Promise<{ status: number; body: string }>((resolve, reject) => {
		const req = request(
			{ host: '127.0.0.1', port: new URL(base).port, path, headers: { host } },
			(res) => {
				let body = '';
				res.on('data', (d) => (body += d.toString()));
				res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
			}
		);
		req.on('error', reject);
		req.end();
	});
}

describe('static server, Host allowlist', () => {
	it('answers 421 for a foreign Host, on every path, and stays up', async () => {
		const port = new URL(url).port;
		for (const path of ['/', '/config.json', '/users', '/_app/immutable/app.js']) {
			const res = await rawGet(url, path, `evil.example:${port}`);
			expect(res.status).toBe(421);
			expect(res.body).toMatch(/^Misdirected request/);
			expect(res.body).not.toContain('agentUrl');
		}
		for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, 'console.localhost', '[::1]']) {
			expect((await rawGet(url, '/config.json', host)).status).toBe(200);
		}
	});

	it('answers its configured host and extra names, not the listen-anywhere address', async () => {
		const named = await startStaticServer({
			root,
			host: '0.0.0.0',
			port: 0,
			allowHosts: ['console.example.com']
		});
		try {
			expect((await rawGet(named.url, '/', 'console.example.com')).status).toBe(200);
			expect((await rawGet(named.url, '/', 'localhost')).status).toBe(200);
			expect((await rawGet(named.url, '/', '0.0.0.0')).status).toBe(421);
			expect((await rawGet(named.url, '/', 'evil.example')).status).toBe(421);
		} finally {
			named.server.close();
		}
	});
});

describe('static server, one answer per file however it is spelt', () => {
	const spellings = [
		'/config.json/',
		'/config.json//',
		'/config.json%2F',
		'/config.json%2f',
		'//config.json',
		'/./config.json',
		'/x/../config.json',
		'/%2Fconfig.json',
		'/config.json%3F',
		'/config.json%3Fa=1',
		'/config.json%23x',
		'/config.json%25',
		'/config.json/.'
	];

	async function expectNoDiskConfig(site: string, prefix: string) {
		const plain = await rawGet(site, `${prefix}/config.json`, 'localhost');
		expect(plain.body).toContain('127.0.0.1:31000');
		for (const spelling of spellings) {
			const res = await rawGet(site, prefix + spelling, 'localhost');
			// The config with its overrides, or not the config at all: never the file on disk.
			expect(res.body, spelling).not.toContain('localhost:29123');
			if (res.body.includes('agentUrl')) expect(res.body, spelling).toBe(plain.body);
		}
	}

	it('never serves the config file from disk past the overrides', async () => {
		await expectNoDiskConfig(url, '');
		expect((await rawGet(url, '/config.json%2F', 'localhost')).body).toContain('127.0.0.1:31000');
	});

	it('never does under a base path either', async () => {
		const admin = await startStaticServer({
			root,
			base: '/admin',
			host: '127.0.0.1',
			port: 0,
			configOverrides: { agentUrl: 'http://127.0.0.1:31000' }
		});
		try {
			await expectNoDiskConfig(admin.url, '/admin');
		} finally {
			admin.server.close();
		}
	});

	it('answers a missing file under /_app/ with 404 and no long caching, never the app page', async () => {
		for (const path of [
			'/_app/immutable/missing',
			'/_app/immutable/chunks/',
			'/_app/immutable/app.js.map',
			'/_app/nothing'
		]) {
			const res = await fetch(`${url}${path}`);
			expect(res.status, path).toBe(404);
			expect(res.headers.get('cache-control') ?? '', path).not.toMatch(/max-age|immutable/);
			expect(await res.text(), path).not.toContain('<title>app</title>');
		}
		const real = await fetch(`${url}/_app/immutable/app.js`);
		expect(real.status).toBe(200);
		expect(real.headers.get('cache-control')).toContain('immutable');
	});
});
