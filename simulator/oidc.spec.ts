import { beforeAll, describe, expect, it } from 'vitest';
import { OidcProvider } from './oidc.ts';

const provider = new OidcProvider('agent-console-dev');
beforeAll(() => provider.init('http://127.0.0.1:29123/__sim/oidc'));

const authorize = (redirectUri: string) =>
	provider.authorize(
		new URLSearchParams({
			response_type: 'id_token',
			client_id: 'agent-console-dev',
			redirect_uri: redirectUri,
			nonce: 'n',
			state: 's'
		})
	);

describe('the development provider’s redirect URIs', () => {
	it.each([
		'http://localhost:4173/login/provider',
		'https://localhost/login/provider',
		'http://127.0.0.1:4180/login/provider',
		'http://127.10.20.30:8080/admin/login/provider',
		'http://[::1]:4173/login/provider'
	])('accepts %s, a web page on this computer', (uri) => {
		const reply = authorize(uri);
		expect(reply.status).toBe(200);
		expect(reply.text).toContain('Sign in with the development identity provider');
	});

	it.each([
		'javascript://localhost/%0aalert(1)',
		'data://localhost/text/html,x',
		'file://localhost/etc/passwd',
		'ftp://localhost/cb',
		'ws://localhost:4173/cb',
		'https://evil.example/login/provider',
		'http://localhost.evil.example/cb',
		'http://192.168.1.10:4173/login/provider',
		'http://128.0.0.1/cb',
		'not a url'
	])('refuses %s on its own error page, and redirects nowhere', (uri) => {
		const reply = authorize(uri);
		expect(reply.status).toBe(400);
		expect(reply.headers?.location).toBeUndefined();
		expect(reply.text).toContain('Sign-in request refused');
	});
});
