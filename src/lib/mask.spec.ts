import { describe, expect, it } from 'vitest';
import {
	CREDENTIAL_SAMPLES,
	MASK,
	MAX_DEPTH,
	PLANTED,
	TOO_DEEP,
	maskCredentials,
	maskDeep
} from './mask.ts';

const jwt = (payload: unknown) =>
	`eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

describe('maskCredentials', () => {
	it.each(CREDENTIAL_SAMPLES)('hides the secret of %s', (sample) => {
		const masked = maskCredentials(`Upload failed: ${sample} (retrying)`);
		expect(masked).not.toContain(PLANTED);
		expect(masked).toContain('Upload failed: ');
		expect(masked).toContain(' (retrying)');
	});

	it('keeps the parts of a URL that are not credentials', () => {
		expect(maskCredentials('GET /x?page=1&token=abc.def&y=2')).toBe(
			`GET /x?page=1&token=${MASK}&y=2`
		);
		expect(
			maskCredentials('https://b.s3.amazonaws.com/k?X-Amz-Date=2026&X-Amz-Signature=abc123&x=1')
		).toBe(`https://b.s3.amazonaws.com/k?X-Amz-Date=2026&X-Amz-Signature=${MASK}&x=1`);
		expect(maskCredentials('https://a.blob.core.windows.net/c?sv=2024&sig=ab%2Bc%3D&se=1')).toBe(
			`https://a.blob.core.windows.net/c?sv=2024&sig=${MASK}&se=1`
		);
		expect(maskCredentials('https://admin:pw@nas.local/x')).toBe(
			`https://admin:${MASK}@nas.local/x`
		);
	});

	it('masks the names agents use, in any case, and JWTs anywhere', () => {
		expect(maskCredentials('/a?page=1&TOKEN=x')).toBe(`/a?page=1&TOKEN=${MASK}`);
		expect(maskCredentials('session_token=abc&client_secret=def')).toBe(
			`session_token=${MASK}&client_secret=${MASK}`
		);
		expect(maskCredentials('jwtToken=abc')).toBe(`jwtToken=${MASK}`);
		expect(maskCredentials(`user ${jwt({ a: 1 })} end`)).toBe('user [token] end');
		expect(maskCredentials('Authorization: bearer abcdef123456')).toBe(
			`Authorization: bearer ${MASK}`
		);
		expect(maskCredentials('X-Amz-Security-Token: FQoGZXIvYXdzE')).toBe(
			`X-Amz-Security-Token: ${MASK}`
		);
		expect(maskCredentials('key AKIAIOSFODNN7EXAMPLE used')).toBe('key [key id] used');
	});

	it('masks inside an encoded URL carried by another one', () => {
		const masked = maskCredentials('/login?next=%2Fx%3Ftoken%3Dsecret123%26page%3D2');
		expect(masked).not.toContain('secret123');
		expect(masked).toContain('%26page%3D2');
	});

	it('masks JSON text held in a string, escaped or not', () => {
		expect(maskCredentials('{"access_token": "abc", "scope": "x"}')).toBe(
			`{"access_token": "${MASK}", "scope": "x"}`
		);
		expect(maskCredentials(String.raw`{\"token\":\"abc\"}`)).toBe(
			String.raw`{\"token\":\"${MASK}\"}`
		);
	});

	it('leaves ordinary text alone', () => {
		for (const text of [
			'The password needs an upper-case letter.',
			'Token expired: sign in again',
			'Invalid signature on the package',
			'C:\\Users\\ana\\Documents\\report.docx',
			'Uploading 3 files to bucket media-raw',
			'https://example.com/a?page=2&sort=name'
		])
			expect(maskCredentials(text)).toBe(text);
	});

	it('does not take long on a long text full of near misses', () => {
		const text = 'token'.repeat(20_000) + 'x_'.repeat(20_000) + '"token":"' + 'a'.repeat(50_000);
		expect(maskCredentials(text)).toContain(MASK);
	});
});

describe('maskDeep', () => {
	it('masks every string, keys included, and returns the same value when nothing changed', () => {
		const clean = { a: [1, 'two', { b: null }], c: true };
		expect(maskDeep(clean)).toBe(clean);
		const dirty = { list: ['ok', 'x?token=abc'], [`k ${jwt({ sub: 'x' })}`]: 1, n: 2 };
		const masked = maskDeep(dirty) as Record<string, unknown>;
		expect(masked).toEqual({ list: ['ok', `x?token=${MASK}`], 'k [token]': 1, n: 2 });
		expect(dirty.list[1]).toBe('x?token=abc');
	});

	it('keeps __proto__ an own key', () => {
		const value = JSON.parse('{"__proto__": "x?token=abc", "y": 1}') as object;
		const masked = maskDeep(value) as Record<string, unknown>;
		expect(Object.getPrototypeOf(masked)).toBe(Object.prototype);
		expect(Object.getOwnPropertyDescriptor(masked, '__proto__')?.value).toBe(`x?token=${MASK}`);
	});

	it('cuts what nests deeper than the limit, so later walks cannot overflow', () => {
		let deep: unknown = 'bottom';
		for (let i = 0; i < 100_000; i++) deep = [deep];
		const masked = maskDeep(deep);
		expect(() => JSON.stringify(masked)).not.toThrow();
		let level = 0;
		let at: unknown = masked;
		while (Array.isArray(at)) {
			at = at[0];
			level++;
		}
		expect(level).toBe(MAX_DEPTH);
		expect(at).toBe(TOO_DEEP);
	});
});
