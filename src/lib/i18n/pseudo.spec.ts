import { describe, expect, it } from 'vitest';
import { pseudo } from './pseudo';

describe('pseudo', () => {
	it('wraps, accents and lengthens the message', () => {
		expect(pseudo('Settings')).toBe('[!! Šéţţîñĝšîîî !!]');
		expect(pseudo('Go')).toBe('[!! Ĝö !!]');
	});

	it('keeps what the message was given exactly as given', () => {
		const text = pseudo('Remove Backup of Photos from this computer?', {
			name: 'Backup of Photos'
		});
		expect(text).toBe('[!! Ŕéɱövééé Backup of Photos ƒŕöɱöö ţĥîšîî çöɱþûţéŕééé? !!]');
		expect(pseudo('1,234 users', { shown: '1,234', count: 1234 })).toBe('[!! 1,234 ûšéŕšéé !!]');
	});

	it('leaves punctuation and spaces, and never fails on odd inputs', () => {
		expect(pseudo('A, b.')).toBe('[!! Å, ƀ. !!]');
		expect(pseudo('', null)).toBe('[!!  !!]');
		expect(pseudo('x', { a: '' })).toBe('[!! x !!]');
	});
});
