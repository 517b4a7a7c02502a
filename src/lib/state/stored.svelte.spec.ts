import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parse, Stored } from './stored.svelte.ts';
import { memoryStorage } from '$lib/test/memory-storage';

let local: Storage;
beforeEach(() => {
	local = memoryStorage();
	vi.stubGlobal('localStorage', local);
	vi.stubGlobal('sessionStorage', memoryStorage());
});
afterEach(() => vi.unstubAllGlobals());

describe('Stored', () => {
	it('reads the fallback until set, keeps only values the parser accepts, and forgets', () => {
		const size = new Stored('local', 'k', { parse: parse.oneOf([10, 25, 50]), fallback: 25 });
		expect(size.value).toBe(25);
		expect(size.set(50)).toBe(true);
		expect(size.value).toBe(50);
		expect(local.getItem('k')).toBe('50');
		local.setItem('k', '7');
		expect(size.value).toBe(25);
		size.set(null);
		expect(local.getItem('k')).toBeNull();
	});

	it('follows a key that depends on something else, such as the agent address', () => {
		let agent = 'a';
		const value = new Stored('session', () => `x:${agent}`, { parse: parse.text, fallback: '' });
		value.set('for a');
		agent = 'b';
		expect(value.value).toBe('');
		agent = 'a';
		expect(value.value).toBe('for a');
	});

	it('reads what another tab wrote to local storage', () => {
		const theme = new Stored('local', 'theme', {
			parse: parse.oneOf(['light', 'dark']),
			fallback: 'light'
		});
		expect(theme.value).toBe('light');
		local.setItem('theme', 'dark');
		expect(theme.value).toBe('dark');
	});

	it('reads the fallback and never throws where storage is blocked', () => {
		vi.stubGlobal('localStorage', undefined);
		const value = new Stored('local', 'k', {
			parse: parse.object<{ a: string }>(['a']),
			fallback: null
		});
		expect(value.value).toBeNull();
		expect(value.set({ a: 'x' })).toBe(false);
	});
});

describe('parse.object', () => {
	it('takes a JSON object whose listed keys are text, and nothing else', () => {
		const read = parse.object<{ a: string; b: string }>(['a', 'b']);
		expect(read('{"a":"x","b":"y","c":1}')).toEqual({ a: 'x', b: 'y', c: 1 });
		for (const bad of ['{"a":"x"}', '{"a":"x","b":2}', '[1]', 'null', '"a"', '{', ''])
			expect(read(bad)).toBeNull();
	});
});
