import { describe, expect, it } from 'vitest';
import { jwtExpiry, readJwtPayload, tokenUserKey } from './token.ts';

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

describe('tokenUserKey', () => {
	it('names the user a token is for, from its claims', () => {
		expect(tokenUserKey(jwt({ sub: 'u-1', exp: 1 }))).toBe('user:u-1');
		expect(tokenUserKey(jwt({ email: 'a@example.com' }))).toBe('user:a@example.com');
	});

	it('gives a token that names nobody a key of its own, without the token in it', () => {
		const a = tokenUserKey('opaque-token-one');
		expect(a).toMatch(/^session:[0-9a-z]+$/);
		expect(a).not.toContain('opaque');
		expect(tokenUserKey('opaque-token-two')).not.toBe(a);
		expect(tokenUserKey('opaque-token-one')).toBe(a);
	});
});
