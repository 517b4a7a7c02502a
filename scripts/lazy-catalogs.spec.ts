import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lazyCatalogs, MESSAGES } from './lazy-catalogs.ts';

const plugin = lazyCatalogs({ ...MESSAGES, catalogs: '$lib/i18n/catalogs' });
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
});
