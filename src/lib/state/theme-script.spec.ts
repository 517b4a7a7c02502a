import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

/** `static/theme.js`, the script that applies the theme before the app runs (see theme.svelte.ts). */
const SCRIPT = readFileSync(new URL('../../../static/theme.js', import.meta.url), 'utf8');

/** Runs the script as a page would, with what storage holds and what the system prefers. */
function darkAfter(saved: string | null | Error, systemDark: boolean): boolean {
	let dark: boolean | undefined;
	const window = {
		matchMedia: (query: string) => ({ matches: query.includes('dark') && systemDark }),
		localStorage: {
			getItem: (key: string) => {
				if (saved instanceof Error) throw saved;
				return key === 'agent-console:theme' ? saved : null;
			}
		},
		document: {
			documentElement: {
				classList: { toggle: (name: string, on: boolean) => name === 'dark' && (dark = on) }
			}
		}
	};
	runInNewContext(SCRIPT, { ...window, window });
	if (dark === undefined) throw new Error('the script did not set the class');
	return dark;
}

describe('the theme before the app runs', () => {
	it('applies a saved choice whatever the system prefers', () => {
		expect(darkAfter('dark', false)).toBe(true);
		expect(darkAfter('light', true)).toBe(false);
	});

	it('follows the system with no choice saved, or storage blocked', () => {
		expect(darkAfter(null, true)).toBe(true);
		expect(darkAfter(null, false)).toBe(false);
		expect(darkAfter(new Error('SecurityError'), true)).toBe(true);
	});
});
