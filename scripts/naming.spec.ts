import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Names that say what a thing is wherever it is used. A component is imported under its file's
 * name, so that one search finds every place that shows it (a page importing `ReportsPage.svelte`
 * as `StoragePage` hid it). What a route's load calls to read from the agent is named `readX`,
 * the form most of them had: `load` stays SvelteKit's own function, and `loadX` is retired.
 */

const ROOTS = ['src', 'tests', 'scripts', 'simulator'];
/** Compiled messages: generated, not written here. */
const GENERATED = /^src\/lib\/paraglide(-catalogs)?\//;

function sourceFiles(): string[] {
	return ROOTS.flatMap((root) =>
		readdirSync(root, { recursive: true })
			.map((file) => join(root, String(file)))
			.filter((file) => /\.(ts|svelte)$/.test(file) && !GENERATED.test(file))
	);
}

/** Default imports of a component under another name than its file's: `Local from '…/File.svelte'`. */
function misnamedComponents(source: string): string[] {
	const found: string[] = [];
	const imports = /\bimport\s+(\w+)\s*(?:,\s*\{[^}]*\}\s*)?from\s*['"]([^'"]+\.svelte)['"]/g;
	for (const [, local = '', path = ''] of source.matchAll(imports)) {
		if (local !== basename(path, '.svelte')) found.push(`${local} from ${path}`);
	}
	return found;
}

/** A loader's name in the retired form: `loadX`, `xLoader`, `xLoads`. */
const RETIRED = /^load[A-Z]|[a-z](Loader|Loads)$/;

/** Names a route's load file imports (both sides of `a as b`) in the retired form. */
function retiredImports(source: string): string[] {
	const names = [...source.matchAll(/\bimport\s*\{([^}]*)\}\s*from/g)].flatMap(([, list = '']) =>
		list
			.split(',')
			.flatMap((part) => part.replace(/^\s*type\s+/, '').split(/\s+as\s+/))
			.map((name) => name.trim())
	);
	return names.filter((name) => RETIRED.test(name));
}

/** Functions a `*-loads.ts` module exports in the retired form. */
function retiredExports(source: string): string[] {
	const exported = /\bexport\s+(?:async\s+)?(?:function\*?|const|let)\s+(\w+)/g;
	return [...source.matchAll(exported)]
		.map(([, name = '']) => name)
		.filter((name) => RETIRED.test(name));
}

// Not this file: its examples of wrong names are wrong on purpose.
const files = sourceFiles().filter((file) => file !== 'scripts/naming.spec.ts');
const read = (file: string) => readFileSync(file, 'utf8');
const isRouteLoad = (file: string) => /^src\/routes\/.*\+(page|layout)\.ts$/.test(file);
const isLoadsModule = (file: string) => /^src\/lib\/.*-loads\.ts$/.test(file);

describe('component imports', () => {
	it('name each component as its file is named', () => {
		const svelteImports = files.filter((file) => /\.svelte['"]/.test(read(file)));
		expect(svelteImports.length).toBeGreaterThan(50);
		const wrong = svelteImports.flatMap((file) =>
			misnamedComponents(read(file)).map((found) => `${file}: ${found}`)
		);
		expect(wrong).toEqual([]);
	});

	it('are caught when named otherwise', () => {
		const source = [
			`import StoragePage from '$lib/drives/ReportsPage.svelte';`,
			`import DataTable, { type Column } from '$lib/list/DataTable.svelte';`,
			`import Table, { type Column } from '$lib/list/DataTable.svelte';`,
			`import type { ActionWords } from '$lib/actions/action.svelte';`,
			`import FileRows from './FileRows.svelte';`
		].join('\n');
		expect(misnamedComponents(source)).toEqual([
			'StoragePage from $lib/drives/ReportsPage.svelte',
			'Table from $lib/list/DataTable.svelte'
		]);
	});
});

describe('loaders', () => {
	it('are named readX, in the route loads and the modules of loads', () => {
		const routeLoads = files.filter(isRouteLoad);
		const loadsModules = files.filter(isLoadsModule);
		expect(routeLoads.length).toBeGreaterThan(15);
		expect(loadsModules.length).toBeGreaterThan(2);
		const wrong = [
			...routeLoads.flatMap((file) => retiredImports(read(file)).map((n) => `${file}: ${n}`)),
			...loadsModules.flatMap((file) => retiredExports(read(file)).map((n) => `${file}: ${n}`))
		];
		expect(wrong).toEqual([]);
	});

	it('are caught in the retired form', () => {
		expect(
			retiredImports(
				[
					`import { loadProviderPart } from '$lib/authentication/provider-part';`,
					`import { readConfig, type Loaded, filesLoader as files } from '$lib/drives/config-loads';`,
					`import { DATA, readAgent } from '$lib/page-data/page-data.svelte';`
				].join('\n')
			)
		).toEqual(['loadProviderPart', 'filesLoader']);
		expect(
			retiredExports(
				[
					'export function readReports() {}',
					'export async function loadFiles() {}',
					'export const reportLoads = 1;',
					'export const TREND_DAYS = 30;'
				].join('\n')
			)
		).toEqual(['loadFiles', 'reportLoads']);
	});
});
