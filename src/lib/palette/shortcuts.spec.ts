import { describe, expect, it } from 'vitest';
import { isPaletteKey, isSheetKey, isTypingIn, typedAheadWith } from './shortcuts.ts';

const key = (init: Partial<KeyboardEvent> & { target?: unknown }) =>
	({
		ctrlKey: false,
		metaKey: false,
		altKey: false,
		shiftKey: false,
		defaultPrevented: false,
		target: null,
		...init
	}) as KeyboardEvent;

/** An element as far as `isTypingIn` looks at it. */
const element = (tagName: string, attrs: Record<string, string> = {}, editable = false) =>
	({
		tagName,
		type: attrs.type ?? '',
		isContentEditable: editable,
		closest: (selector: string) => (editable && selector.includes('contenteditable') ? {} : null),
		getAttribute: (name: string) => attrs[name] ?? null
	}) as unknown as HTMLInputElement;

describe('keyboard shortcuts', () => {
	it('open jump anywhere with Ctrl+K or ⌘K only', () => {
		expect(isPaletteKey(key({ key: 'k', ctrlKey: true }))).toBe(true);
		expect(isPaletteKey(key({ key: 'K', metaKey: true }))).toBe(true);
		expect(isPaletteKey(key({ key: 'k' }))).toBe(false);
		expect(isPaletteKey(key({ key: 'k', ctrlKey: true, shiftKey: true }))).toBe(false);
	});

	it('take a single key only when turned on and nothing is being typed', () => {
		const button = element('BUTTON');
		expect(isSheetKey(key({ key: '?', target: button }), true)).toBe(true);
		expect(isSheetKey(key({ key: '?', target: button }), false)).toBe(false);
		for (const target of [
			element('INPUT', { type: 'text' }),
			element('INPUT', { type: 'search' }),
			element('TEXTAREA'),
			element('SELECT'),
			element('DIV', {}, true),
			element('INPUT', { role: 'combobox', type: 'text' })
		])
			expect(isSheetKey(key({ key: '?', target }), true), target.tagName).toBe(false);
		expect(isTypingIn(element('INPUT', { type: 'checkbox' }))).toBe(false);
		expect(isSheetKey(key({ key: '?', ctrlKey: true, target: button }), true)).toBe(false);
	});

	it('keeps what is typed ahead of the field: characters, Backspace, nothing else', () => {
		expect(typedAheadWith('', key({ key: 'd' }))).toBe('d');
		expect(typedAheadWith('de', key({ key: '?' }))).toBe('de?');
		expect(typedAheadWith('de', key({ key: ' ' }))).toBe('de ');
		expect(typedAheadWith('dé', key({ key: 'Backspace' }))).toBe('d');
		expect(typedAheadWith('a😀', key({ key: 'Backspace' }))).toBe('a');
		expect(typedAheadWith('', key({ key: 'Backspace' }))).toBe('');
		for (const other of ['Enter', 'Tab', 'ArrowDown', 'Escape', 'Shift', 'F5'])
			expect(typedAheadWith('de', key({ key: other })), other).toBeNull();
		expect(typedAheadWith('de', key({ key: 'v', ctrlKey: true }))).toBeNull();
		expect(typedAheadWith('de', key({ key: 'k', metaKey: true }))).toBeNull();
		expect(typedAheadWith('de', key({ key: 'a', altKey: true }))).toBeNull();
		expect(typedAheadWith('de', key({ key: 'a', isComposing: true }))).toBeNull();
	});
});
