import { describe, expect, it } from 'vitest';
import { cacheName, hashedFilesOf, serverAnswered, staleCaches, strategyFor } from './requests';

const files = new Set(['/favicon.svg', '/theme.js', '/manifest.webmanifest', '/config.json']);
const root = { origin: 'http://localhost:4173', base: '', files };
const admin = { origin: 'https://intranet.example', base: '/admin', files };

const get = (url: string, mode = 'cors') => ({ method: 'GET', url, mode });
const page = (url: string) => get(url, 'navigate');

describe('strategyFor', () => {
	it('never answers for the agent, another origin or another method', () => {
		for (const url of [
			'http://localhost:29123/api/v1/status',
			'http://127.0.0.1:4173/_app/immutable/entry/start.js',
			'http://localhost:29123/',
			'https://idp.example/authorize'
		]) {
			expect(strategyFor(get(url), root), url).toBe('pass');
			expect(strategyFor(page(url), root), url).toBe('pass');
		}
		expect(strategyFor({ ...page('http://localhost:4173/'), method: 'POST' }, root)).toBe('pass');
		expect(
			strategyFor({ method: 'HEAD', url: 'http://localhost:4173/config.json', mode: 'cors' }, root)
		).toBe('pass');
		expect(strategyFor(get('not a url'), root)).toBe('pass');
	});

	it('keeps hashed files, refreshes config.json and the static files, passes the version check', () => {
		const at = (path: string) => strategyFor(get(`http://localhost:4173${path}`), root);
		expect(at('/_app/immutable/entry/start.Bx1.js')).toBe('hashed');
		expect(at('/_app/immutable/assets/0.Cq2.css')).toBe('hashed');
		expect(at('/config.json')).toBe('fresh');
		expect(at('/favicon.svg')).toBe('fresh');
		expect(at('/manifest.webmanifest')).toBe('fresh');
		expect(at('/_app/version.json')).toBe('pass');
		expect(at('/service-worker.js')).toBe('pass');
		// Fetched by script, not navigated to: an agent's or another app's path on this origin.
		expect(at('/api/v1/status')).toBe('pass');
		expect(at('/users')).toBe('pass');
	});

	it('answers navigations to pages, not to files hosted beside the console', () => {
		const at = (path: string) => strategyFor(page(`http://localhost:4173${path}`), root);
		expect(at('/')).toBe('page');
		expect(at('/users?page=2')).toBe('page');
		expect(at('/drives/a.b%2Fc/edit')).toBe('page');
		expect(at('/events#open')).toBe('page');
		expect(at('/downloads/agent-setup.exe')).toBe('pass');
		expect(at('/report.pdf')).toBe('pass');
	});

	it('under a base path, answers only below it', () => {
		const at = (path: string, mode = 'navigate') =>
			strategyFor({ method: 'GET', url: `https://intranet.example${path}`, mode }, admin);
		expect(at('/admin/')).toBe('page');
		expect(at('/admin/settings')).toBe('page');
		expect(at('/admin/_app/immutable/chunks/x.js', 'cors')).toBe('hashed');
		expect(at('/admin/config.json', 'cors')).toBe('fresh');
		expect(at('/admin/favicon.svg', 'no-cors')).toBe('fresh');
		// The bare base path is the server's redirect to `/admin/`, and the rest is not the console's.
		expect(at('/admin')).toBe('pass');
		expect(at('/administration/')).toBe('pass');
		expect(at('/')).toBe('pass');
		expect(at('/config.json', 'cors')).toBe('pass');
		expect(at('/_app/immutable/chunks/x.js', 'cors')).toBe('pass');
	});
});

describe('serverAnswered', () => {
	it('counts any answer but a proxy’s “nothing behind me”', () => {
		expect([200, 304, 404, 500, 501].map(serverAnswered)).toEqual([true, true, true, true, true]);
		expect([502, 503, 504].map(serverAnswered)).toEqual([false, false, false]);
	});
});

describe('caches', () => {
	it('deletes only this base path’s older builds', () => {
		const names = [
			cacheName('', '100'),
			cacheName('', '200'),
			cacheName('/admin', '100'),
			'someone-else'
		];
		expect(staleCaches(names, '', '200')).toEqual([cacheName('', '100')]);
		expect(staleCaches(names, '/admin', '200')).toEqual([cacheName('/admin', '100')]);
		expect(staleCaches(names, '/admin', '100')).toEqual([]);
	});
});

describe('hashedFilesOf', () => {
	it('finds the page’s own hashed files, resolved, once each', () => {
		const html = `<link href="/admin/_app/immutable/assets/0.css" rel="stylesheet">
			<link rel="modulepreload" href="./_app/immutable/entry/start.js">
			<script src="/admin/_app/immutable/boot.abc.js"></script>
			<script src="/admin/_app/immutable/boot.abc.js"></script>
			<script src="https://cdn.example/_app/immutable/x.js"></script>
			<link rel="icon" href="/admin/favicon.svg">`;
		expect(hashedFilesOf(html, 'https://intranet.example/admin/')).toEqual([
			'/admin/_app/immutable/assets/0.css',
			'/admin/_app/immutable/entry/start.js',
			'/admin/_app/immutable/boot.abc.js'
		]);
	});
});
