import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a unit-test file does to the modules themselves, which a file running after it in the same
 * modules would see: replacing a module (`vi.mock`) or dropping them all (`vi.resetModules`). Such
 * files run isolated, each with modules of its own; every other file shares one set, imported
 * once instead of once a file (most import a good part of the 2,291 messages' modules). Globals,
 * timers and the language a file changes are put back when it ends (tests/unit/setup.ts).
 */
const NEEDS_ISOLATION = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/;

export function needsIsolation(source: string): boolean {
	return NEEDS_ISOLATION.test(source);
}

/**
 * The unit-test files under `dirs` (relative to `root`) that must run isolated, as globs of one
 * file. Components' tests (`*.component.spec.ts`) are not among them: they run in a project of
 * their own.
 */
export function isolatedSpecs(root: string, dirs: string[]): string[] {
	return dirs.flatMap((dir) =>
		readdirSync(join(root, dir), { recursive: true })
			.map(String)
			.filter((file) => file.endsWith('.spec.ts') && !file.endsWith('.component.spec.ts'))
			.map((file) => join(dir, file))
			.filter((file) => needsIsolation(readFileSync(join(root, file), 'utf8')))
			// Brackets and parentheses in route folders are glob syntax: escape them.
			.map((file) => file.replace(/[()[\]{}*?!]/g, '\\$&'))
	);
}
