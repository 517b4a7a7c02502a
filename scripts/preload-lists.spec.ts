import { describe, expect, it } from 'vitest';
import { type Bundle, loadedWith, preloadLists } from './preload-lists.ts';

const ROUTES = '/app/src/routes';
const chunk = (imports: string[], moduleIds: string[] = []) => ({
	type: 'chunk' as const,
	imports,
	moduleIds
});

/** An app entry, the shared chunk, the root layout, the signed-in layout, a page under it. */
const BUNDLE: Bundle = {
	'entry/app.js': chunk(['chunks/shared.js']),
	'chunks/shared.js': chunk(['chunks/runtime.js']),
	'chunks/runtime.js': chunk([]),
	'nodes/0.js': chunk(['chunks/shared.js'], [`${ROUTES}/+layout.svelte`, `${ROUTES}/+layout.ts`]),
	'nodes/2.js': chunk(['chunks/shared.js', 'chunks/live.js'], [`${ROUTES}/(app)/+layout.svelte`]),
	'chunks/live.js': chunk(['chunks/format.js']),
	'chunks/format.js': chunk([]),
	'nodes/9.js': chunk(
		['chunks/shared.js', 'chunks/format.js', 'chunks/list.js'],
		[`${ROUTES}/(app)/users/+page.svelte`, `${ROUTES}/(app)/users/+page.ts`]
	),
	'chunks/list.js': chunk([]),
	'chunks/chart.js': chunk(['chunks/uplot.js']),
	'chunks/uplot.js': chunk([]),
	'nodes/0.css': { type: 'asset' }
};

describe('what is loaded by the time a file is imported', () => {
	it('is the importing file and its static imports', () => {
		expect([...loadedWith(BUNDLE, 'entry/app.js', 'chunks/chart.js', ROUTES)].sort()).toEqual([
			'chunks/runtime.js',
			'chunks/shared.js',
			'entry/app.js'
		]);
	});

	it("is for a route node also what the layouts above it load, the root layout's included", () => {
		expect([...loadedWith(BUNDLE, 'entry/app.js', 'nodes/9.js', ROUTES)].sort()).toEqual([
			'chunks/format.js',
			'chunks/live.js',
			'chunks/runtime.js',
			'chunks/shared.js',
			'entry/app.js',
			'nodes/0.js',
			'nodes/2.js'
		]);
	});

	it('leaves a layout itself out of what it counts as loaded', () => {
		expect(loadedWith(BUNDLE, 'entry/app.js', 'nodes/2.js', ROUTES).has('nodes/2.js')).toBe(false);
		expect(loadedWith(BUNDLE, 'entry/app.js', 'nodes/2.js', ROUTES).has('nodes/0.js')).toBe(true);
	});
});

describe('the preload lists', () => {
	const lists = preloadLists(ROUTES);
	const handler = lists.plugin.generateBundle as { handler: (o: unknown, b: Bundle) => void };
	const resolve = (file: string, deps: string[], hostId: string) =>
		lists.resolveDependencies(file, deps, { hostId, hostType: 'js' });

	it('are left as Vite wrote them until the bundle is known', () => {
		expect(resolve('nodes/9.js', ['nodes/9.js', 'chunks/shared.js'], 'entry/app.js')).toEqual([
			'nodes/9.js',
			'chunks/shared.js'
		]);
	});

	it("keep the imported file and what nothing loaded yet, in Vite's order", () => {
		handler.handler({}, BUNDLE);
		const deps = [
			'nodes/9.js',
			'chunks/shared.js',
			'chunks/runtime.js',
			'chunks/format.js',
			'chunks/list.js'
		];
		expect(resolve('nodes/9.js', deps, 'entry/app.js')).toEqual(['nodes/9.js', 'chunks/list.js']);
		expect(
			resolve(
				'chunks/chart.js',
				['chunks/chart.js', 'chunks/uplot.js', 'chunks/list.js'],
				'nodes/9.js'
			)
		).toEqual(['chunks/chart.js', 'chunks/uplot.js']);
	});
});
