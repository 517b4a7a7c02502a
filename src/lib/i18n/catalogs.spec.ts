import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalog, message, readLocaleFrom } from './catalogs.ts';
import type { Locale } from '$lib/paraglide/runtime';

let now: Locale = 'en';
readLocaleFrom(() => now);
afterEach(() => (now = 'en'));

const english = () => 'Sign in';

describe('message', () => {
	it('is the base language’s text in English, and until another language’s catalog is here', () => {
		expect(message('shell_sign_in', english, {})).toBe('Sign in');
		now = 'ja';
		expect(message('shell_sign_in', english, {})).toBe('Sign in');
	});

	it('reads the language of the moment from its catalog once fetched, or the one asked for', async () => {
		await loadCatalog('de');
		now = 'de';
		expect(message('shell_sign_in', english, {})).toBe('Anmelden');
		expect(message('shell_sign_in', english, {}, { locale: 'en' })).toBe('Sign in');
		// A key the catalog lacks falls back to the base language, never to nothing.
		expect(message('no_such_message', english, {})).toBe('Sign in');
	});

	it('passes the inputs, and plurals follow the language’s rules', async () => {
		await loadCatalog('ja');
		now = 'ja';
		expect(message('shell_new_problems', english, { count: 2, shown: '2' })).toBe(
			'新しい問題 2 件'
		);
		await loadCatalog('de');
		now = 'de';
		expect(message('shell_new_problems', english, { count: 1, shown: '1' })).toBe(
			'1 neues Problem'
		);
		expect(message('shell_new_problems', english, { count: 3, shown: '3' })).toBe(
			'3 neue Probleme'
		);
	});

	it('fetches a catalog once, however often asked', async () => {
		const first = loadCatalog('de');
		expect(loadCatalog('de')).toBe(first);
		await first;
	});
});
