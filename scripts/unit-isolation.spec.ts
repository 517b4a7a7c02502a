import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { isolatedSpecs, needsIsolation } from './unit-isolation.ts';

describe('which unit-test files run isolated', () => {
	it('those that replace or drop modules, and no other', () => {
		expect(needsIsolation("vi.mock('$app/navigation', () => nav);")).toBe(true);
		expect(needsIsolation('\t\tvi.resetModules();')).toBe(true);
		expect(needsIsolation("vi.doMock('./a.ts')")).toBe(true);
		expect(needsIsolation("vi.stubGlobal('fetch', fetch); vi.useFakeTimers();")).toBe(false);
		expect(needsIsolation('const mock = vi.fn(); mockClear();')).toBe(false);
	});

	it('are found in the project, their route folders escaped for the glob', () => {
		const root = fileURLToPath(new URL('..', import.meta.url));
		const found = isolatedSpecs(root, ['src']);
		expect(found).toContain('src/lib/live/hub.spec.ts');
		expect(found).toContain('src/routes/\\(app\\)/sign-in-redirect.spec.ts');
		expect(found).not.toContain('src/lib/format/time.spec.ts');
	});
});
