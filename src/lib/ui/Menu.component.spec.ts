import { fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { describe, expect, it } from 'vitest';
import MenuHarness from '$lib/test/MenuHarness.svelte';

const trigger = () => screen.getByRole('button', { name: 'Options' });
const panel = () => document.getElementById('test-menu');

/** Opens the menu as a keyboard or a pointer does: the trigger focused, then clicked. */
async function open() {
	trigger().focus();
	await fireEvent.click(trigger());
}

describe('Menu', () => {
	it('opens from its trigger, which says so and names the panel', async () => {
		render(MenuHarness);
		expect(trigger().getAttribute('aria-expanded')).toBe('false');
		expect(trigger().getAttribute('aria-controls')).toBe('test-menu');
		expect(panel()).toBeNull();
		await open();
		expect(trigger().getAttribute('aria-expanded')).toBe('true');
		expect(panel()).not.toBeNull();
		await fireEvent.click(trigger());
		expect(panel()).toBeNull();
	});

	it('closes on Escape and gives the focus back to the trigger', async () => {
		render(MenuHarness);
		await open();
		screen.getByRole('link', { name: 'First' }).focus();
		await fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
		expect(panel()).toBeNull();
		expect(trigger().getAttribute('aria-expanded')).toBe('false');
		await tick();
		expect(document.activeElement).toBe(trigger());
	});

	it('gives the focus to the trigger even when the pointer left it elsewhere', async () => {
		render(MenuHarness);
		await fireEvent.click(trigger());
		(document.activeElement as HTMLElement | null)?.blur();
		screen.getByRole('button', { name: 'Done' }).focus();
		await fireEvent.click(screen.getByRole('button', { name: 'Done' }));
		expect(panel()).toBeNull();
		await tick();
		expect(document.activeElement).toBe(trigger());
	});

	it('closes on a click outside, and the focus stays where that click put it', async () => {
		render(MenuHarness);
		await open();
		await fireEvent.click(screen.getByRole('link', { name: 'First' }));
		expect(panel()).not.toBeNull();
		const after = screen.getByRole('button', { name: 'After' });
		after.focus();
		await fireEvent.click(after);
		expect(panel()).toBeNull();
		await tick();
		expect(document.activeElement).toBe(after);
	});

	it('leaves Escape in a dialog it opened to that dialog', async () => {
		render(MenuHarness);
		await open();
		await fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
		const inDialog = screen.getByRole('button', { name: 'In the dialog' });
		await fireEvent.keyDown(inDialog, { key: 'Escape' });
		expect(panel()).not.toBeNull();
		await fireEvent.keyDown(document.body, { key: 'Escape' });
		expect(panel()).toBeNull();
	});

	it('ignores other keys', async () => {
		render(MenuHarness);
		await open();
		await fireEvent.keyDown(trigger(), { key: 'Enter' });
		await fireEvent.keyDown(trigger(), { key: 'ArrowDown' });
		expect(panel()).not.toBeNull();
	});
});
