import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { madeOnce } from '../src/lib/format/intl.ts';
import { lazyCatalogs, MESSAGES } from './lazy-catalogs.ts';

const plugin = lazyCatalogs({
	...MESSAGES,
	catalogs: '$lib/i18n/catalogs',
	formatters: '$lib/format/intl'
});
const transform = (code: string, id: string) =>
	(plugin.transform as (code: string, id: string) => { code: string } | null)(code, id);

const DIR = 'src/lib/paraglide/messages';

describe('lazy catalogs', () => {
	it('turns every compiled message into one call with its key and its English only', () => {
		const files = readdirSync(DIR).filter((f) => f.endsWith('.js') && f !== '_index.js');
		expect(files.length).toBeGreaterThan(100);
		for (const file of files) {
			const key = file.slice(0, -3);
			const out = transform(readFileSync(`${DIR}/${file}`, 'utf8'), `/x/${DIR}/${file}`);
			expect(out?.code).toContain(`__message.bind(null, "${key}", en_${key})`);
			// The other languages stay only as functions nothing calls, for the bundler to drop.
			expect(out?.code).not.toMatch(/return (de|ja)_/);
		}
	});

	it('stops the build on a message module of a shape it does not know', () => {
		expect(() => transform('export const x = () => "x"', `/x/${DIR}/x.js`)).toThrow(
			/not a Paraglide/
		);
	});

	it('leaves every other module alone', () => {
		expect(transform('export {}', `/x/${DIR}/_index.js`)).toBeNull();
		expect(transform('export {}', '/x/src/lib/other.js')).toBeNull();
	});

	describe("the messages' registry", () => {
		const REGISTRY = 'src/lib/paraglide/registry.js';

		it('builds each plural rule once per locale and options, not once per message shown', () => {
			const out = transform(readFileSync(REGISTRY, 'utf8'), `/x/${REGISTRY}`);
			expect(out?.code).toContain('import { madeOnce as __made } from "$lib/format/intl"');
			expect(out?.code).not.toMatch(/new Intl\./);
			// The registry as the bundle runs it, its formatters from `madeOnce`, with an Intl whose
			// PluralRules counts those built.
			let built = 0;
			// Named apart from Intl's own: `madeOnce` keeps formatters by their kind's name, and the
			// other files' tests in this process built real ones already.
			class CountedPluralRules extends Intl.PluralRules {
				constructor(...args: ConstructorParameters<typeof Intl.PluralRules>) {
					super(...args);
					built += 1;
				}
			}
			const body = `${out!.code.replace(/^import .*\n/, '').replace(/export function/g, 'function')}
				return { plural };`;
			const registry = new Function('__made', 'Intl', body)(madeOnce, {
				PluralRules: CountedPluralRules
			}) as {
				plural: (locale: string, input: unknown, options?: object) => string;
			};
			const said = Array.from({ length: 50 }, (_, i) => registry.plural('en', i));
			expect(said.slice(0, 3)).toEqual(['other', 'one', 'other']);
			expect(registry.plural('en', 2, { type: 'ordinal' })).toBe('two');
			expect(registry.plural('de', 1)).toBe('one');
			expect(built).toBe(3);
		});

		it('stops the build on a registry that builds no formatter', () => {
			expect(() => transform('export {}', `/x/${REGISTRY}`)).toThrow(/builds no Intl formatter/);
		});
	});
});
