import { describe, expect, it } from 'vitest';
import { route, safeNext } from './routes.ts';

const ORIGIN = 'http://localhost:4173';

describe('safeNext', () => {
	it('keeps same-origin paths with their query and hash', () => {
		expect(safeNext('/users?page=7&q=ann#top', ORIGIN)).toBe('/users?page=7&q=ann#top');
		expect(safeNext('/', ORIGIN)).toBe('/');
	});

	it('refuses other origins and the tricks that reach them', () => {
		for (const bad of [
			'https://evil.test/',
			'//evil.test/x',
			'/\\evil.test',
			'\\\\evil.test',
			'javascript:alert(1)',
			'http://localhost:4173.evil.test/',
			'users',
			'/..//evil.test',
			'/../..//evil.test/x',
			'/./%2e%2e//evil.test',
			'/%2F%2Fevil.test',
			'/%252F%252Fevil.test',
			'/%5Cevil.test',
			'/%5C%5Cevil.test',
			'/\t/evil.test',
			'/\n//evil.test',
			'/%09/evil.test',
			'/%0a//evil.test',
			'/%E0%A4%A',
			'',
			null,
			undefined
		]) {
			expect(safeNext(bad, ORIGIN)).toBeNull();
		}
	});

	it('normalises dot segments that stay on the origin', () => {
		expect(safeNext('/users/../profile', ORIGIN)).toBe('/profile');
		expect(safeNext('/a/./b', ORIGIN)).toBe('/a/b');
	});

	it('never returns to a sign-in page', () => {
		expect(safeNext('/login?next=/x', ORIGIN)).toBeNull();
		expect(safeNext('/login/mfa', ORIGIN)).toBeNull();
		expect(safeNext('/signup/confirm', ORIGIN)).toBeNull();
		expect(safeNext('/loginish', ORIGIN)).toBe('/loginish');
	});
});

describe('route', () => {
	it('builds links with next only when there is one', () => {
		expect(route.login()).toBe('/login');
		expect(route.login({ next: '/users?page=2' })).toBe('/login?next=%2Fusers%3Fpage%3D2');
		expect(route.signup({ next: null })).toBe('/signup');
	});
});
