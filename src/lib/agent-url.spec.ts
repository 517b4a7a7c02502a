import { describe, expect, it } from 'vitest';
import { checkAgentUrl } from './agent-url.ts';
import { isLoopbackHost } from './loopback.ts';

describe('checkAgentUrl', () => {
	it('accepts loopback addresses and normalises them to an origin', () => {
		expect(checkAgentUrl('http://localhost:29123/')).toEqual({
			ok: true,
			url: 'http://localhost:29123'
		});
		expect(checkAgentUrl(' 127.0.0.1:29123 ')).toEqual({ ok: true, url: 'http://127.0.0.1:29123' });
		expect(checkAgentUrl('http://127.1.2.3:1')).toEqual({ ok: true, url: 'http://127.1.2.3:1' });
		expect(checkAgentUrl('http://[::1]:29123')).toMatchObject({
			ok: false,
			reason: 'ipv6-literal',
			message: expect.stringContaining('Use http://localhost:29123 instead')
		});
		expect(checkAgentUrl('HTTPS://LOCALHOST')).toEqual({ ok: true, url: 'https://localhost' });
	});

	it('refuses other hosts, lookalikes and tricks', () => {
		for (const bad of [
			'http://example.com:29123',
			'http://localhost.example.com',
			'http://127.0.0.1.nip.io',
			'http://10.0.0.5:29123',
			'http://[::2]:1',
			'http://evil.test#@localhost'
		]) {
			expect(checkAgentUrl(bad)).toMatchObject({ ok: false });
		}
		expect(checkAgentUrl('http://localhost@evil.test').ok).toBe(false);
	});

	it('refuses other schemes, paths and credentials in words', () => {
		expect(checkAgentUrl('ftp://localhost')).toMatchObject({ ok: false, reason: 'scheme' });
		expect(checkAgentUrl('javascript:alert(1)')).toMatchObject({ ok: false });
		expect(checkAgentUrl('http://localhost:29123/api')).toMatchObject({
			ok: false,
			reason: 'path'
		});
		expect(checkAgentUrl('http://user:pw@localhost')).toMatchObject({ ok: false, reason: 'path' });
		expect(checkAgentUrl('http://')).toMatchObject({ ok: false, reason: 'invalid' });
	});

	it('accepts hosts the runtime config allows', () => {
		expect(checkAgentUrl('http://agent.corp:29123', ['agent.corp'])).toEqual({
			ok: true,
			url: 'http://agent.corp:29123'
		});
		expect(checkAgentUrl('http://agent.corp:1', ['agent.corp:29123']).ok).toBe(false);
	});
});

describe('helpers', () => {
	it('knows loopback hosts', () => {
		expect(isLoopbackHost('127.255.255.255')).toBe(true);
		expect(isLoopbackHost('127.256.0.1')).toBe(false);
	});
});
