import { createHash } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, jwtVerify, type CryptoKey, type JWK } from 'jose';
import { isLoopbackHost } from '../src/lib/loopback.ts';
import type { Reply } from './reply.ts';

export type IdentityClaims = { email: string; givenName: string; familyName: string };

type AuthorizeParams = {
	clientId: string;
	redirectUri: string;
	nonce: string;
	state: string;
};

/**
 * The `identityProvider` entry of the console's config.json for this provider: served by `npm start`
 * and the end-to-end tests' server, never shipped in a build (a real agent has no `/__sim/`).
 */
export function developmentIdentityProvider(options: {
	providerSlug: string;
	oidcClientId: string;
}) {
	const slug = options.providerSlug;
	return {
		slug,
		name: slug.charAt(0).toUpperCase() + slug.slice(1),
		authorizeUrl: '{agentUrl}/__sim/oidc/authorize',
		clientId: options.oidcClientId,
		scope: 'openid email profile'
	};
}

const escape = (s: string) =>
	s.replace(
		/[&<>"']/g,
		(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c
	);

/**
 * A small OpenID Connect provider for development: the implicit `id_token` flow with client id,
 * redirect URI, nonce and state, RS256 tokens from its own key. The agent's `{slug}_login` and
 * `{slug}_signup` accept only tokens it signed for its configured client.
 */
export class OidcProvider {
	issuer = '';
	readonly clientId: string;
	#privateKey!: CryptoKey;
	#publicKey!: CryptoKey;
	#jwk!: JWK;

	constructor(clientId: string) {
		this.clientId = clientId;
	}

	async init(issuer: string) {
		this.issuer = issuer;
		const { privateKey, publicKey } = await generateKeyPair('RS256');
		this.#privateKey = privateKey;
		this.#publicKey = publicKey;
		this.#jwk = { ...(await exportJWK(publicKey)), kid: 'sim-1', alg: 'RS256', use: 'sig' };
	}

	discovery(): Reply {
		return {
			status: 200,
			body: {
				issuer: this.issuer,
				authorization_endpoint: `${this.issuer}/authorize`,
				jwks_uri: `${this.issuer}/jwks`,
				response_types_supported: ['id_token'],
				subject_types_supported: ['public'],
				id_token_signing_alg_values_supported: ['RS256'],
				scopes_supported: ['openid', 'email', 'profile']
			}
		};
	}

	jwks(): Reply {
		return { status: 200, body: { keys: [this.#jwk] } };
	}

	async issue(options: {
		email: string;
		name?: string;
		nonce?: string;
		audience?: string;
		expiresInSeconds?: number;
	}): Promise<string> {
		const name = options.name?.trim() || options.email.split('@')[0] || options.email;
		const [given, ...family] = name.split(/\s+/);
		const now = Math.floor(Date.now() / 1000);
		return new SignJWT({
			email: options.email,
			email_verified: true,
			name,
			given_name: given ?? name,
			family_name: family.join(' '),
			...(options.nonce ? { nonce: options.nonce } : {})
		})
			.setProtectedHeader({ alg: 'RS256', kid: 'sim-1', typ: 'JWT' })
			.setIssuer(this.issuer)
			.setAudience(options.audience ?? this.clientId)
			.setSubject(
				createHash('sha256').update(options.email.toLowerCase()).digest('hex').slice(0, 24)
			)
			.setIssuedAt(now)
			.setExpirationTime(now + (options.expiresInSeconds ?? 600))
			.sign(this.#privateKey);
	}

	async verifyIdToken(token: string): Promise<IdentityClaims | null> {
		try {
			const { payload } = await jwtVerify(token, this.#publicKey, {
				issuer: this.issuer,
				audience: this.clientId,
				algorithms: ['RS256']
			});
			if (typeof payload.email !== 'string') return null;
			return {
				email: payload.email,
				givenName: typeof payload.given_name === 'string' ? payload.given_name : payload.email,
				familyName: typeof payload.family_name === 'string' ? payload.family_name : ''
			};
		} catch {
			return null;
		}
	}

	#params(source: URLSearchParams): AuthorizeParams | Reply {
		const clientId = source.get('client_id') ?? '';
		const redirect = source.get('redirect_uri') ?? '';
		let redirectUri: URL;
		try {
			redirectUri = new URL(redirect);
		} catch {
			return this.#errorPage('The redirect_uri is missing or not a URL.');
		}
		// Only a web page on this computer: the token then cannot leave it, and no `javascript:` or
		// `data:` address can run the fragment as script.
		if (
			(redirectUri.protocol !== 'http:' && redirectUri.protocol !== 'https:') ||
			!isLoopbackHost(redirectUri.hostname)
		) {
			return this.#errorPage(
				`The redirect_uri ${redirect} is not allowed: the development provider answers only http or https addresses on this computer (localhost, 127.0.0.0/8, [::1]).`
			);
		}
		if (clientId !== this.clientId) return this.#errorPage(`Unknown client_id "${clientId}".`);
		const params = {
			clientId,
			redirectUri: redirect,
			nonce: source.get('nonce') ?? '',
			state: source.get('state') ?? ''
		};
		const responseType = source.get('response_type');
		if (responseType !== null && responseType !== 'id_token') {
			return this.#redirect(params, { error: 'unsupported_response_type' });
		}
		if (!params.nonce)
			return this.#redirect(params, {
				error: 'invalid_request',
				error_description: 'nonce is required'
			});
		return params;
	}

	/** GET authorize: a sign-in form standing in for the provider's own page. */
	authorize(query: URLSearchParams): Reply {
		const params = this.#params(query);
		if ('status' in params) return params;
		const hidden = Object.entries({
			client_id: params.clientId,
			redirect_uri: params.redirectUri,
			nonce: params.nonce,
			state: params.state
		})
			.map(([k, v]) => `<input type="hidden" name="${k}" value="${escape(v)}">`)
			.join('');
		const hint = query.get('login_hint') ?? 'google.user@example.com';
		return this.#page(
			'Sign in with the development identity provider',
			`<form method="post">${hidden}
<label>E-mail <input name="email" type="email" required value="${escape(hint)}"></label>
<label>Name <input name="name" value="Gale Google"></label>
<p><button type="submit" name="decision" value="allow">Continue</button>
<button type="submit" name="decision" value="deny" formnovalidate>Cancel</button></p></form>`
		);
	}

	/** POST authorize: the user's decision, answered with the implicit flow's fragment redirect. */
	async decide(form: URLSearchParams): Promise<Reply> {
		const params = this.#params(form);
		if ('status' in params) return params;
		if (form.get('decision') !== 'allow') return this.#redirect(params, { error: 'access_denied' });
		const email = (form.get('email') ?? '').trim();
		if (!email.includes('@'))
			return this.#redirect(params, {
				error: 'invalid_request',
				error_description: 'e-mail required'
			});
		const idToken = await this.issue({ email, name: form.get('name') ?? '', nonce: params.nonce });
		return this.#redirect(params, { id_token: idToken });
	}

	#redirect(params: AuthorizeParams, values: Record<string, string>): Reply {
		const fragment = new URLSearchParams({
			...values,
			...(params.state ? { state: params.state } : {})
		});
		return { status: 303, headers: { location: `${params.redirectUri}#${fragment}` } };
	}

	#errorPage(message: string): Reply {
		return { ...this.#page('Sign-in request refused', `<p>${escape(message)}</p>`), status: 400 };
	}

	#page(title: string, body: string): Reply {
		return {
			status: 200,
			contentType: 'text/html; charset=utf-8',
			headers: {
				'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action *"
			},
			text: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escape(title)}</title><style>body{font:16px system-ui;max-width:28rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:1rem 0}input{display:block;width:100%;padding:.4rem}</style></head>
<body><h1>${escape(title)}</h1><p>Development agent: no real provider is contacted.</p>${body}</body></html>`
		};
	}
}
