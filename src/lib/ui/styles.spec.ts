import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buttonClass, cardClass } from './styles';

const SRC = fileURLToPath(new URL('../..', import.meta.url));
/** The class names behind `buttonClass` and `cardClass`, which only styles.ts writes out. */
const PRIMITIVES = new Set(
	[...Object.values(buttonClass), cardClass].flatMap((names) => names.split(' '))
);

/** Class names written out in a component: in `class="…"`, and quoted in `class={…}`. */
function classNames(source: string): string[] {
	const plain = [...source.matchAll(/\bclass="([^"{}]*)"/g)].map((m) => m[1]!);
	const quoted = [...source.matchAll(/\bclass=\{([^}]*)\}/g)].flatMap((m) =>
		[...m[1]!.matchAll(/'([^']*)'|"([^"]*)"/g)].map((q) => q[1] ?? q[2]!)
	);
	return [...plain, ...quoted].flatMap((names) => names.split(/\s+/));
}

describe('buttons and cards, one way', () => {
	it('finds the class names a component writes out', () => {
		expect(classNames(`<a class="btn btn-primary mt-2">`)).toEqual(['btn', 'btn-primary', 'mt-2']);
		expect(classNames(`<p class={['card', open && 'p-3']}>`)).toEqual(['card', 'p-3']);
		expect(classNames(`<a class={[buttonClass.primary, 'mt-2']}>`)).toEqual(['mt-2']);
	});

	it('every component takes them from buttonClass and cardClass', () => {
		const written = readdirSync(SRC, { recursive: true })
			.map(String)
			.filter((file) => file.endsWith('.svelte'))
			.flatMap((file) =>
				classNames(readFileSync(join(SRC, file), 'utf8'))
					.filter((name) => PRIMITIVES.has(name))
					.map((name) => `${file}: ${name}`)
			);
		expect(written).toEqual([]);
	});
});
