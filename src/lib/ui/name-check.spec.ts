import { describe, expect, it } from 'vitest';
import { hasHidden, mixedScripts, nameNeedsCare, nameParts, visibleName } from './name-check';

describe('hidden characters', () => {
	it('shows bidi controls as their code points, in the order they are stored', () => {
		expect(visibleName('Contract_signed\u202efdp.exe')).toBe('Contract_signed⟨U+202E⟩fdp.exe');
		expect(nameParts('a\u2066b\u2069')).toEqual([
			{ text: 'a', hidden: false },
			{ text: 'U+2066', hidden: true },
			{ text: 'b', hidden: false },
			{ text: 'U+2069', hidden: true }
		]);
	});

	it.each([
		['\u202a'],
		['\u202b'],
		['\u202c'],
		['\u202d'],
		['\u202e'],
		['\u2066'],
		['\u2067'],
		['\u2068'],
		['\u2069'],
		['\u200e'],
		['\u200f'],
		['\u061c'],
		['\u0000'],
		['\u0009'],
		['\u000a'],
		['\u001b'],
		['\u007f'],
		['\u0085'],
		['\u009f'],
		['\u200b'],
		['\ufeff'],
		['\u00ad'],
		['\u{e0041}']
	])('finds %j', (ch) => {
		expect(hasHidden(`x${ch}y`)).toBe(true);
		expect(visibleName(ch)).toMatch(/^⟨U\+[0-9A-F]{4,6}⟩$/);
	});

	it('leaves ordinary names alone, accents, emoji and joiners included', () => {
		for (const name of ['Team Drive', 'Fotos (März)', '写真 2024', 'Family 👨‍👩‍👧', 'קבצים'])
			expect(hasHidden(name)).toBe(false);
		expect(nameParts('Team Drive')).toEqual([{ text: 'Team Drive', hidden: false }]);
	});
});

describe('mixedScripts', () => {
	it('finds Latin with a Cyrillic or Greek look-alike', () => {
		expect(mixedScripts('Lаptop documents')).toEqual(['Latin', 'Cyrillic']);
		expect(mixedScripts('Tοp secret')).toEqual(['Latin', 'Greek']);
		expect(mixedScripts('Аα a')).toEqual(['Latin', 'Cyrillic', 'Greek']);
	});

	it('takes digits, punctuation and other scripts as neutral', () => {
		for (const name of [
			'Laptop documents 2024!',
			'Документы 2024 (копия)',
			'Φωτογραφίες_1',
			'写真 Photos',
			'קבצים Files',
			''
		])
			expect(mixedScripts(name)).toEqual([]);
	});

	it('says a name needs care when it hides characters or mixes scripts', () => {
		expect(nameNeedsCare('Team Drive')).toBe(false);
		expect(nameNeedsCare('Lаptop')).toBe(true);
		expect(nameNeedsCare('a\u202eb')).toBe(true);
	});
});
