import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	allRouteFiles,
	importPath,
	messagesCalled,
	type ModuleGraph,
	perGraph,
	reachable,
	reachedOnlyByLayout,
	routeFiles
} from './chunking.ts';

/** A module graph as the bundler shows it: static imports, and `lazy` for dynamic ones. */
function graphOf(modules: Record<string, { imports?: string[]; lazy?: string[] }>): ModuleGraph {
	return {
		getModuleInfo: (id) =>
			id in modules
				? {
						importedIds: modules[id]?.imports ?? [],
						dynamicallyImportedIds: modules[id]?.lazy ?? []
					}
				: null
	};
}

describe('the files of a route', () => {
	let dir = '';
	beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), 'routes-'));
		const files = [
			'+layout.svelte',
			'+layout.ts',
			'+error.svelte',
			'(auth)/+layout.svelte',
			'(auth)/login/+page.svelte',
			'(auth)/login/+page.ts',
			'(auth)/login/mfa/+page.svelte',
			'(app)/+layout.svelte',
			'(app)/+page.svelte',
			'(app)/users/+page.svelte',
			'settings/+page.svelte'
		];
		for (const file of files) {
			await mkdir(join(dir, file, '..'), { recursive: true });
			await writeFile(join(dir, file), '');
		}
	});
	afterAll(() => rm(dir, { recursive: true, force: true }));

	it('are the root error page, each layout on the way and the page, as they exist', () => {
		expect(routeFiles(dir, '/(auth)/login').map((f) => f.slice(dir.length + 1))).toEqual([
			'+error.svelte',
			'+layout.svelte',
			'+layout.ts',
			'(auth)/+layout.svelte',
			'(auth)/login/+page.svelte',
			'(auth)/login/+page.ts'
		]);
		expect(routeFiles(dir, '/(app)').map((f) => f.slice(dir.length + 1))).toEqual([
			'+error.svelte',
			'+layout.svelte',
			'+layout.ts',
			'(app)/+layout.svelte',
			'(app)/+page.svelte'
		]);
	});

	it('are every page, layout and error page in every folder', () => {
		expect(allRouteFiles(dir).map((f) => f.slice(dir.length + 1))).toEqual([
			'(app)/+layout.svelte',
			'(app)/+page.svelte',
			'(app)/users/+page.svelte',
			'(auth)/+layout.svelte',
			'(auth)/login/+page.svelte',
			'(auth)/login/+page.ts',
			'(auth)/login/mfa/+page.svelte',
			'+error.svelte',
			'+layout.svelte',
			'+layout.ts',
			'settings/+page.svelte'
		]);
	});

	it("a group's layout alone reaches what it imports, less what a page outside the group does", () => {
		const at = (f: string) => join(dir, f);
		const graph = graphOf({
			[at('(app)/+layout.svelte')]: { imports: ['nav', 'status', 'menu'], lazy: ['chart'] },
			[at('(app)/+page.svelte')]: { imports: ['cards'] },
			[at('(app)/users/+page.svelte')]: { imports: ['table', 'nav'] },
			[at('+layout.svelte')]: { imports: ['theme'] },
			[at('settings/+page.svelte')]: { imports: ['menu'] },
			[at('(auth)/login/+page.svelte')]: { imports: ['form'] },
			nav: { imports: ['icons'] },
			status: { imports: ['words', 'theme'] },
			menu: {},
			chart: {},
			cards: {},
			table: {},
			theme: {},
			form: {},
			icons: {},
			words: {}
		});
		const only = reachedOnlyByLayout(graph, dir, '(app)', () => '');
		expect([...only].sort()).toEqual([
			at('(app)/+layout.svelte'),
			'icons',
			'nav',
			'status',
			'words'
		]);
	});
});

describe('what a route reaches', () => {
	const graph = graphOf({
		page: { imports: ['form', 'api'], lazy: ['notice'] },
		form: { imports: ['api', 'runtime'] },
		api: { imports: ['runtime'] },
		runtime: {},
		notice: { imports: ['runtime', 'charts'] },
		charts: {},
		drives: { imports: ['api'] }
	});

	it('follows static imports only, each module once, circles included', () => {
		expect([...reachable(graph, ['page'])].sort()).toEqual(['api', 'form', 'page', 'runtime']);
		const circle = graphOf({ a: { imports: ['b'] }, b: { imports: ['a'] } });
		expect([...reachable(circle, ['a'])].sort()).toEqual(['a', 'b']);
	});

	it('follows what loads on demand too when asked', () => {
		expect([...reachable(graph, ['page'], { lazy: true })].sort()).toEqual([
			'api',
			'charts',
			'form',
			'notice',
			'page',
			'runtime'
		]);
	});

	it('reaches, through the messages, only those the modules reached call', () => {
		const M = '/p/src/lib/paraglide/messages';
		const messages = graphOf({
			'/p/login.svelte': { imports: [`${M}.js`, '/p/form.svelte'] },
			'/p/form.svelte': { imports: [`${M}.js`] },
			'/p/users.svelte': { imports: [`${M}.js`] },
			[`${M}.js`]: { imports: [`${M}/_index.js`] },
			[`${M}/_index.js`]: {
				imports: [`${M}/sign_in.js`, `${M}/form_show.js`, `${M}/users_title.js`]
			},
			[`${M}/sign_in.js`]: { imports: ['/p/catalogs.ts'] },
			[`${M}/form_show.js`]: { imports: ['/p/catalogs.ts'] },
			[`${M}/users_title.js`]: { imports: ['/p/catalogs.ts'] },
			'/p/catalogs.ts': {}
		});
		const sources: Record<string, string> = {
			'/p/login.svelte': '<h1>{m.sign_in()}</h1>',
			'/p/form.svelte': 'const label = $derived(m.form_show());',
			'/p/users.svelte': '<h1>{m.users_title()}</h1>',
			'/p/catalogs.ts': 'export {}'
		};
		const read = (id: string) => sources[id] ?? '';
		expect([...reachable(messages, ['/p/login.svelte'], { read })].sort()).toEqual([
			'/p/catalogs.ts',
			'/p/form.svelte',
			'/p/login.svelte',
			`${M}.js`,
			`${M}/_index.js`,
			`${M}/form_show.js`,
			`${M}/sign_in.js`
		]);
		expect(messagesCalled('{m.a()} {m.b({ x })} m.a m2.c')).toEqual(['a', 'b']);
	});

	it('skips modules the bundler does not know (a route file that does not exist)', () => {
		expect([...reachable(graph, ['missing', 'drives'])].sort()).toEqual([
			'api',
			'drives',
			'runtime'
		]);
	});

	it('is worked out once per chunking pass', () => {
		let runs = 0;
		const reached = perGraph((g) => {
			runs += 1;
			return reachable(g, ['page']);
		});
		expect(reached(graph).has('form')).toBe(true);
		expect(reached(graph).has('charts')).toBe(false);
		expect(runs).toBe(1);
		reached(graphOf({ page: {} }));
		expect(runs).toBe(2);
	});

	it('names the shortest chain of static imports to a module, or none', () => {
		expect(importPath(graph, ['page'], 'runtime')).toEqual(['page', 'form', 'runtime']);
		expect(importPath(graph, ['page'], 'page')).toEqual(['page']);
		expect(importPath(graph, ['page'], 'charts')).toBeUndefined();
	});
});
