import { parse, Stored } from '$lib/state/stored.svelte';

/**
 * The console's keyboard shortcuts: Ctrl+K (⌘K on a Mac) opens jump anywhere from any signed-in
 * page, always; single keys (`?`, the list of shortcuts) only when the user has not turned them
 * off in Settings, and never while focus is where a key types or picks something.
 */

/** Single-key shortcuts on or off; remembered per browser, on unless turned off. */
export const singleKeys = new Stored<'on' | 'off'>('local', 'agent-console:single-key-shortcuts', {
	parse: parse.oneOf(['on', 'off']),
	fallback: 'on'
});

/** Ctrl+K or ⌘K, and nothing else held. */
export function isPaletteKey(event: KeyboardEvent): boolean {
	return (
		(event.ctrlKey || event.metaKey) &&
		!event.altKey &&
		!event.shiftKey &&
		event.key.toLowerCase() === 'k'
	);
}

const TYPING_INPUTS =
	/^(text|search|email|password|number|tel|url|date|datetime-local|month|time|week)$/;

/** Whether a key pressed here goes into what the user is writing or choosing. */
export function isTypingIn(target: EventTarget | null): boolean {
	if (!target || typeof (target as Element).closest !== 'function') return false;
	const element = target as HTMLElement;
	if (
		element.isContentEditable ||
		element.closest('[contenteditable]:not([contenteditable="false"])')
	)
		return true;
	const tag = element.tagName;
	if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
	if (tag === 'INPUT') return TYPING_INPUTS.test((element as HTMLInputElement).type || 'text');
	return element.getAttribute('role') === 'combobox' || element.getAttribute('role') === 'textbox';
}

/** The single key that shows the list of shortcuts, when single keys may act here. */
export function isSheetKey(event: KeyboardEvent, on: boolean): boolean {
	return (
		on &&
		event.key === '?' &&
		!event.ctrlKey &&
		!event.metaKey &&
		!event.altKey &&
		!event.defaultPrevented &&
		!isTypingIn(event.target)
	);
}

/**
 * What was typed ahead of a field not yet shown, after this key: a character added, Backspace
 * taking the last one away; `null` for a key that types nothing (left to the page).
 */
export function typedAheadWith(typed: string, event: KeyboardEvent): string | null {
	if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return null;
	if (event.key === 'Backspace') return [...typed].slice(0, -1).join('');
	return [...event.key].length === 1 ? typed + event.key : null;
}
