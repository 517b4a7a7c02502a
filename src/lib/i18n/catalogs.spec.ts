import { afterEach, describe, expect, it } from 'vitest';
import { inBaseLocale, message, readLocaleFrom } from './catalogs';

const hello = (inputs: unknown) => `Hello ${(inputs as { name: string }).name}`;

afterEach(() => readLocaleFrom(() => 'en'));

describe('message', () => {
	it('writes through the pseudo-locale when chosen, and in English inside inBaseLocale', () => {
		readLocaleFrom(
			() => 'en',
			() => (text) => `[!! ${text} !!]`
		);
		expect(message('hello', hello, { name: 'Ada' })).toBe('[!! Hello Ada !!]');
		expect(inBaseLocale(() => message('hello', hello, { name: 'Ada' }))).toBe('Hello Ada');
		expect(message('hello', hello, { name: 'Ada' })).toBe('[!! Hello Ada !!]');
	});

	it('falls back to English for a language whose catalog is not here', () => {
		readLocaleFrom(() => 'de');
		expect(message('hello', hello, { name: 'Ada' })).toBe('Hello Ada');
	});
});
