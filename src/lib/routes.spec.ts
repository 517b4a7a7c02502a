import { describe, expect, it } from 'vitest';
import { MAX_LINK_ID_LENGTH, idProblem, route, safeNext } from './routes.ts';

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

describe('ids in links', () => {
	it('links ids that can be a path segment, encoded', () => {
		for (const id of [
			'6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f',
			'a b?c#d',
			'100%',
			'C:\\x',
			'é.',
			'...'
		])
			expect(idProblem(id), id).toBeNull();
		expect(route.drive('a b?c#d')).toBe('/drives/a%20b%3Fc%23d');
		expect(route.backup('100%', '?state=4')).toBe('/backups/100%25?state=4');
		expect(decodeURIComponent(route.drive('é&x=1').slice('/drives/'.length))).toBe('é&x=1');
	});

	it('says why an id cannot be linked, and links the list instead of throwing', () => {
		const odd = {
			'': 'the agent sent it without an id',
			'  ': 'its id is blank',
			'/lead': 'its id holds a slash',
			'trail/': 'its id holds a slash',
			'mid/dle': 'its id holds a slash',
			'bell\u0007': 'its id holds control characters',
			'new\nline': 'its id holds control characters',
			'.': 'its id is a dot path',
			'..': 'its id is a dot path',
			['x'.repeat(MAX_LINK_ID_LENGTH + 1)]: 'its id is too long for a link'
		};
		for (const [id, why] of Object.entries(odd)) {
			expect(idProblem(id), JSON.stringify(id)).toBe(why);
			expect(route.drive(id)).toBe('/drives');
			expect(route.backup(id)).toBe('/drives');
		}
		expect(idProblem('x'.repeat(MAX_LINK_ID_LENGTH))).toBeNull();
	});

	it('narrows the list of drives by a text in the URL', () => {
		expect(route.drives()).toBe('/drives');
		expect(route.drives('')).toBe('/drives');
		expect(route.drives('a&b')).toBe('/drives?q=a%26b');
	});
});

describe('route.newDrive and route.newBackup, started from another', () => {
	it('opens the add form with the kind and the source id, encoded', () => {
		expect(route.newDrive('abc')).toBe('/drives/new?from=abc');
		expect(route.newBackup('a b&c')).toBe('/backups/new?from=a+b%26c');
	});
});
