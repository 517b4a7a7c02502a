import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { SimClock } from './clock.ts';
import type { SimUser } from './model/users.ts';

export type TokenClaims = { sub: string; jti: string; iat: number; exp: number; gen: number };

/**
 * The agent's JWTs: HS256 with a key that lives as long as the process, `exp` set from --token-ttl,
 * and a revocation list for logout and Dispose (a JWT alone cannot be taken back).
 */
export class TokenIssuer {
	readonly #key = randomBytes(32);
	readonly #revoked = new Set<string>();
	/** Tokens carry the generation they were issued in; revokeAll() starts a new one. */
	#generation = 1;
	ttlSeconds: number;

	readonly #clock: SimClock;

	constructor(ttlSeconds: number, clock: SimClock) {
		this.ttlSeconds = ttlSeconds;
		this.#clock = clock;
	}

	async issue(user: SimUser, accountId: string): Promise<string> {
		return new SignJWT({
			unique_name: user.username,
			accountId,
			userType: user.userType,
			gen: this.#generation
		})
			.setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
			.setSubject(user.id)
			.setJti(randomUUID())
			.setIssuer('agent-simulator')
			.setIssuedAt(this.#clock.seconds())
			.setExpirationTime(this.#clock.seconds() + this.ttlSeconds)
			.sign(this.#key);
	}

	/** The claims of a token that is still good, or null for missing, malformed, expired or revoked. */
	async verify(token: string | null): Promise<TokenClaims | null> {
		if (!token) return null;
		try {
			const { payload } = await jwtVerify(token, this.#key, {
				issuer: 'agent-simulator',
				currentDate: this.#clock.date()
			});
			const claims = payload as Partial<TokenClaims>;
			if (!claims.sub || !claims.jti || !claims.iat || !claims.exp) return null;
			if (this.#revoked.has(claims.jti) || claims.gen !== this.#generation) return null;
			return claims as TokenClaims;
		} catch (error) {
			if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
			throw error;
		}
	}

	revoke(claims: TokenClaims) {
		this.#revoked.add(claims.jti);
	}

	/** Every token issued so far stops working (Dispose, reset, tests). */
	revokeAll() {
		this.#revoked.clear();
		this.#generation += 1;
	}
}

export function randomToken(bytes = 24): string {
	return randomBytes(bytes).toString('base64url');
}
