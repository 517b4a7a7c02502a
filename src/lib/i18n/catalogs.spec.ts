import { afterEach, describe, expect, it } from 'vitest';
import { inBaseLocale, loadCatalog, message, readLocaleFrom, shapeInputsWith } from './catalogs';
import { isolateAgentText } from './isolate';

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

	it('isolates a name that could reorder the sentence, except in exports', () => {
		const name = 'Contract_signed\u202efdp.exe';
		expect(message('hello', hello, { name })).toBe(`Hello ${name}`);
		isolateAgentText();
		expect(message('hello', hello, { name })).toBe(`Hello \u2068${name}\u2069`);
		expect(inBaseLocale(() => message('hello', hello, { name }))).toBe(`Hello ${name}`);
		expect(message('hello', hello, { name: 'Ada' })).toBe('Hello Ada');
		readLocaleFrom(() => 'de');
		expect(message('hello', hello, { name })).toBe(`Hello \u2068${name}\u2069`);
		shapeInputsWith((inputs) => inputs);
	});

	it('falls back to English for a language whose catalog is not here', () => {
		readLocaleFrom(() => 'de');
		expect(message('hello', hello, { name: 'Ada' })).toBe('Hello Ada');
	});
});

describe('plurals in each language', () => {
	it('follow each language’s own rule', async () => {
		const { files_what_many } = await import('$lib/paraglide/messages');
		await Promise.all([loadCatalog('de'), loadCatalog('ja')]);
		const say = (count: number, locale: 'en' | 'de' | 'ja') =>
			files_what_many({ count, shown: String(count) }, { locale });
		expect([say(1, 'de'), say(2, 'de')]).toEqual(['1 Element', '2 Elemente']);
		// Japanese has no plural form: one sentence for every count.
		expect([say(1, 'ja'), say(2, 'ja')]).toEqual(['項目 1 個', '項目 2 個']);
		// The first import of the messages' 2,000 modules in a worker: 12 s beside npm test's other
		// lanes, over 15 s once.
	}, 60_000);
});
