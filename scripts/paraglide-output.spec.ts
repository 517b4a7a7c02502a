import { compile } from '@inlang/paraglide-js';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyCatalogs } from './lazy-catalogs.ts';

/**
 * `scripts/lazy-catalogs.ts` rewrites the code Paraglide generates, and `src/lib/i18n/catalogs.ts`
 * reads the catalogs it generates, both by shapes no Paraglide release promises. package.json
 * pins Paraglide and its message-format plugin exactly; this compiles a small project with them,
 * as `npm run messages` compiles the console's, and fails, saying what moved, when an upgrade
 * changes a shape either of them depends on. Then read the new output and change the plugin.
 */

const PARAGLIDE = JSON.parse(
	readFileSync('node_modules/@inlang/paraglide-js/package.json', 'utf8')
) as { version: string };
const CHANGED = `Paraglide ${PARAGLIDE.version} changed the shape of its output that scripts/lazy-catalogs.ts and src/lib/i18n/catalogs.ts depend on`;

const plural = (one: string, other: string) => [
	{
		declarations: ['input count', 'local n = count: plural'],
		selectors: ['n'],
		match: { 'n=one': one, 'n=*': other }
	}
];
const MESSAGES = {
	en: { plain: 'Activate', greet: 'Hello {name}', items: plural('{count} item', '{count} items') },
	de: {
		plain: 'Aktivieren',
		greet: 'Hallo {name}',
		items: plural('{count} Eintrag', '{count} Einträge')
	},
	ja: { plain: '有効化', greet: 'こんにちは {name}', items: plural('{count} 件', '{count} 件') }
};

let dir = '';
const read = (path: string) => readFileSync(join(dir, path), 'utf8');

beforeAll(async () => {
	dir = await mkdtemp(join(tmpdir(), 'paraglide-output-'));
	await mkdir(join(dir, 'project.inlang'));
	await mkdir(join(dir, 'messages'));
	// The console's settings (project.inlang), with this project's messages.
	const settings = JSON.parse(readFileSync('project.inlang/settings.json', 'utf8')) as {
		modules: string[];
	};
	await writeFile(
		join(dir, 'project.inlang/settings.json'),
		JSON.stringify({
			...settings,
			modules: settings.modules.map((module) => resolve(module)),
			'plugin.inlang.messageFormat': { pathPattern: [join(dir, 'messages/{locale}.json')] }
		})
	);
	for (const [locale, messages] of Object.entries(MESSAGES))
		await writeFile(join(dir, `messages/${locale}.json`), JSON.stringify(messages));
	// As `npm run messages` compiles (compileAside in lazy-catalogs.ts).
	for (const [outdir, outputStructure] of [
		['modules', 'message-modules'],
		['catalogs', 'locale-modules']
	] as const)
		await compile({
			project: join(dir, 'project.inlang'),
			outdir: join(dir, outdir),
			strategy: ['baseLocale'],
			outputStructure,
			emitReadme: false
		});
}, 120_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

const plugin = lazyCatalogs({
	project: '',
	messages: '',
	outdir: '',
	catalogs: '$lib/i18n/catalogs',
	formatters: '$lib/format/intl'
});
const transform = (code: string, id: string) =>
	(plugin.transform as (code: string, id: string) => { code: string } | null)(code, id);

describe("Paraglide's output, as the console's build and catalogs read it", () => {
	it('puts each message in a module named by its key, and the formatters in registry.js', () => {
		for (const path of ['plain', 'greet', 'items'].map((key) => `modules/messages/${key}.js`))
			expect(existsSync(join(dir, path)), `${CHANGED}: no ${path}`).toBe(true);
		expect(existsSync(join(dir, 'modules/registry.js')), `${CHANGED}: no registry.js`).toBe(true);
	});

	it("ends each message's module with the function that picks its language's function", () => {
		for (const [key, params] of [
			['plain', 'inputs = {}, options = {}'],
			['items', 'inputs, options = {}']
		] as const) {
			const code = read(`modules/messages/${key}.js`);
			// What the plugin replaces, exactly: a new line here is a change to look at.
			const dispatch = [
				`((${params}) => {`,
				'\tconst locale = experimentalStaticLocale ?? options.locale ?? getLocale()',
				`\tif (locale === "de") return de_${key}(inputs)`,
				`\tif (locale === "ja") return ja_${key}(inputs)`,
				`\treturn en_${key}(inputs)`,
				'});'
			].join('\n');
			expect(code, `${CHANGED}: ${key}.js picks its language otherwise`).toContain(dispatch);
			expect(code, `${CHANGED}: ${key}.js names its English otherwise`).toMatch(
				new RegExp(`^const en_${key} = `, 'm')
			);
			let out: { code: string } | null = null;
			expect(() => {
				out = transform(code, `/x/paraglide/messages/${key}.js`);
			}, `${CHANGED}: the plugin does not know ${key}.js`).not.toThrow();
			expect(out!.code).toContain(`__message.bind(null, "${key}", en_${key})`);
			expect(out!.code).not.toMatch(/return (de|ja)_/);
		}
	});

	it('builds its plural rules with `new Intl.PluralRules(` in registry.js', () => {
		const code = read('modules/registry.js');
		expect(code, `${CHANGED}: registry.js builds no Intl.PluralRules`).toMatch(
			/\bnew Intl\.PluralRules\(/
		);
		expect(transform(code, '/x/paraglide/registry.js')?.code).not.toMatch(/new Intl\./);
	});

	it("exports each language's catalog as functions named by their keys", async () => {
		const path = join(dir, 'catalogs/messages/de.js');
		expect(existsSync(path), `${CHANGED}: no catalogs/messages/de.js`).toBe(true);
		const de = (await import(/* @vite-ignore */ pathToFileURL(path).href)) as Record<
			string,
			(inputs: unknown) => string
		>;
		expect(Object.keys(de).sort(), `${CHANGED}: de.js exports otherwise`).toEqual([
			'greet',
			'items',
			'plain'
		]);
		expect(de.plain!({})).toBe('Aktivieren');
		expect(de.greet!({ name: 'Ada' })).toBe('Hallo Ada');
		expect(de.items!({ count: 1 })).toBe('1 Eintrag');
		expect(de.items!({ count: 3 })).toBe('3 Einträge');
	});
});
