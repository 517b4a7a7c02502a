import { describe, expect, it } from 'vitest';
import { redactTokens } from '$lib/contract';
import { jwtExpiry, readJwtPayload } from './token.ts';

const jwt = (payload: unknown) =>
	`eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

describe('JWT payload', () => {
	it('reads exp as a date', () => {
		expect(jwtExpiry(jwt({ exp: 1_900_000_000 }))?.toISOString()).toBe('2030-03-17T17:46:40.000Z');
	});

	it('reads UTF-8 claims', () => {
		expect(readJwtPayload(jwt({ name: 'Zoë 😀' }))).toEqual({ name: 'Zoë 😀' });
	});

	it('answers null for tokens without exp or that are not JWTs', () => {
		expect(jwtExpiry(jwt({ sub: 'x' }))).toBeNull();
		expect(jwtExpiry(jwt({ exp: 'soon' }))).toBeNull();
		expect(jwtExpiry('opaque-token')).toBeNull();
		expect(jwtExpiry('a.!!!.c')).toBeNull();
		expect(jwtExpiry(jwt({ exp: 1e300 }))).toBeNull();
		expect(jwtExpiry(jwt({ exp: 9e15 }))).toBeNull();
		expect(readJwtPayload(jwt([1, 2]))).toBeNull();
	});
});

describe('redactTokens', () => {
	it('masks token query values and JWT-shaped strings', () => {
		expect(redactTokens('GET /x?page=1&token=abc.def&y=2')).toBe('GET /x?page=1&token=***&y=2');
		expect(redactTokens(`bearer ${jwt({ a: 1 })} end`)).toBe('bearer [token] end');
	});
});
