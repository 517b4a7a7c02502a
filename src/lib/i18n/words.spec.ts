import { describe, expect, it } from 'vitest';
import { words } from './words';

describe('words', () => {
	it('reads each message when the entry is read, not when the table is made', () => {
		let language = 'en';
		const table = words({ pause: () => (language === 'en' ? 'Pause' : 'Anhalten') });
		expect(table.pause).toBe('Pause');
		language = 'de';
		expect(table.pause).toBe('Anhalten');
		expect(Object.keys(table)).toEqual(['pause']);
		expect({ ...table }).toEqual({ pause: 'Anhalten' });
	});
});
