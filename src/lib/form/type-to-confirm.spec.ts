import { describe, expect, it } from 'vitest';
import { NameConfirmation } from './type-to-confirm.svelte.ts';

describe('NameConfirmation', () => {
	it('confirms the name as typed, spaces around it aside, and says so beside the field if not', () => {
		let name = 'Team Drive';
		const confirmation = new NameConfirmation(() => name);
		confirmation.typed = 'team drive';
		expect(confirmation.check()).toBe(false);
		expect(confirmation.errors).toEqual(['Type Team Drive exactly to confirm.']);
		confirmation.typed = '  Team Drive ';
		expect(confirmation.check()).toBe(true);
		expect(confirmation.errors).toEqual([]);
		name = 'Archive';
		expect(confirmation.check()).toBe(false);
		confirmation.reset();
		expect([confirmation.typed, confirmation.errors]).toEqual(['', []]);
	});

	it('takes a name copied from a sentence, with the isolation marks set around it', () => {
		const confirm = new NameConfirmation(() => 'שלום Drive');
		confirm.typed = '\u2068שלום Drive\u2069';
		expect(confirm.check()).toBe(true);
		// A name that holds such marks itself is compared as it is.
		const marked = new NameConfirmation(() => 'a\u2066b');
		marked.typed = 'ab';
		expect(marked.check()).toBe(false);
	});

	it('compares with the name as it is: its own spaces kept, a look-alike letter refused', () => {
		let name = ' Team Drive';
		const confirmation = new NameConfirmation(() => name);
		confirmation.typed = ' Team Drive';
		expect(confirmation.check()).toBe(true);
		name = 'L\u0430ptop';
		confirmation.typed = 'Laptop';
		expect(confirmation.check()).toBe(false);
		confirmation.typed = 'L\u0430ptop ';
		expect(confirmation.check()).toBe(true);
	});
});
