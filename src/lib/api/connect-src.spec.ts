import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../scripts/static-server.ts';
import { agentAddresses, connectSrcAllows } from './connect-src.ts';

const PAGE = 'http://localhost:4173';
const allows = (policy: string, url: string, page = PAGE) => connectSrcAllows(policy, url, page);

describe('connectSrcAllows', () => {
	it('lets the console reach every agent its own server names, and nothing else', () => {
		const policy = contentSecurityPolicy({
			agentUrl: 'https://agent.lan:8443',
			allowedAgentHosts: ['other.lan']
		});
		for (const url of [
			'http://localhost:29123',
			'ws://127.0.0.1:29123',
			'https://agent.lan:8443',
			'wss://agent.lan:8443',
			'http://other.lan',
			'ws://other.lan'
		])
			expect(allows(policy, url), url).toBe(true);
		for (const url of ['http://agent.lan', 'http://evil.example', 'http://[::1]:29123'])
			expect(allows(policy, url), url).toBe(false);
	});

	it('reads sources as CSP does: scheme, wildcard host and port, default port, self', () => {
		expect(allows('connect-src https:', 'https://a.example')).toBe(true);
		expect(allows('connect-src https:', 'http://a.example')).toBe(false);
		expect(allows('connect-src http:', 'https://a.example')).toBe(true);
		expect(allows('connect-src *.example.com', 'https://a.example.com')).toBe(true);
		expect(allows('connect-src *.example.com', 'https://example.com')).toBe(false);
		expect(allows('connect-src http://a.example', 'http://a.example:8080')).toBe(false);
		expect(allows('connect-src http://a.example:*', 'http://a.example:8080')).toBe(true);
		expect(allows('connect-src http://a.example/api/', 'http://a.example')).toBe(true);
		expect(allows("connect-src 'self'", PAGE)).toBe(true);
		expect(allows("connect-src 'self'", 'ws://localhost:4173')).toBe(true);
		expect(allows("connect-src 'self'", 'http://localhost:29123')).toBe(false);
		expect(allows("connect-src 'none'", PAGE)).toBe(false);
		expect(allows('connect-src *', 'wss://anything.example')).toBe(true);
	});

	it('falls back to default-src, allows all without either, and needs every policy to allow', () => {
		expect(allows("default-src 'self'", 'http://localhost:29123')).toBe(false);
		expect(allows("script-src 'self'", 'http://localhost:29123')).toBe(true);
		expect(allows("default-src 'none'; connect-src http://localhost:*", 'http://localhost:1')).toBe(
			true
		);
		expect(allows('connect-src *, connect-src https:', 'http://localhost:29123')).toBe(false);
		expect(allows('connect-src *', 'not a url')).toBe(false);
	});

	it('names the agent as the console opens it: its calls and its sockets', () => {
		expect(agentAddresses('http://localhost:29123')).toEqual([
			'http://localhost:29123',
			'ws://localhost:29123'
		]);
		expect(agentAddresses('https://agent.lan')).toEqual(['https://agent.lan', 'wss://agent.lan']);
	});
});
