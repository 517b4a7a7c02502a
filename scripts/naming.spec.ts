import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Names that say what a thing is wherever it is used. A component is imported under its file's
 * name, so that one search finds every place that shows it (a page importing `ReportsPage.svelte`
 * as `StoragePage` hid it). What a route's load calls to read from the agent is named `readX`,
 * the form most of them had: `load` stays SvelteKit's own function, and `loadX` is retired.
 * "Storage" is what the browser keeps and nothing else of the console's own (docs/VOCABULARY.md):
 * a drive or a backup is a `DriveOrBackup`, the cloud container a bucket.
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

/**
 * Names with "storage" in them that do not mean a drive or a backup. The agent's own field names
 * keep their spelling, as the wire is never renamed; the rest is the browser's storage.
 */
const STORAGE_KEPT = new Set([
	// The agent's fields, in its answers and frames.
	'StorageName',
	'storageName',
	'storageId',
	'StorageBucket',
	'StorageType',
	'drive_form_label_storage_id',
	// The browser's storage.
	'Storage',
	'sessionStorage',
	'localStorage',
	'memoryStorage',
	'StorageBlockedError',
	'storageWorks',
	'storageKeys',
	'storageText',
	'words_storage_blocked'
]);

/**
 * Where a field named `storage` holds the agent's `StorageName` (a bucket), as the hub's records
 * and the timeline's database keep it (renaming it would be a migration of kept timelines), or
 * the agent's own `storage` field.
 */
const STORAGE_FIELD_KEPT = [
	/^src\/lib\/live\//,
	/^src\/lib\/api\/schemas\/users\.ts$/,
	/^src\/lib\/(events|transfers)\/[\w.-]+\.spec\.ts$/,
	/^src\/routes\/\(app\)\/(recent-problems(\.spec)?\.ts|events\/(TransfersView|FileStatesView)\.svelte)$/
];

/** Files named for the browser's storage. */
const STORAGE_FILES_KEPT = ['src/lib/state/browser-storage.ts', 'src/lib/test/memory-storage.ts'];

/** Names, test ids and unsaved-guard keys that use "storage" for something the browser does not keep. */
function storageWords(source: string, fieldKept = false): string[] {
	const found: string[] = [];
	// A compound name (`StorageKind`, `readStorageList`, `DATA.storageReport`), comments included.
	for (const [name] of source.matchAll(/\b[A-Za-z_$][\w$]*\b/g)) {
		if (/storage/i.test(name) && !/^(storages?|Storage)$/.test(name) && !STORAGE_KEPT.has(name))
			found.push(name);
	}
	// `storage` itself as a name in code: declared, a field, or a property read.
	const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$|<!--[\s\S]*?-->/gm, '');
	const bare =
		/\b(?:const|let|var|function|class|type|interface)\s+storage\b|(?:^|[\s{,(])storage\??:\s|(?<=[\w$)\]])\.storage\b|\{storage\}|\bstorage=/gm;
	if (!fieldKept) for (const [name] of code.matchAll(bare)) found.push(name.trim());
	// A test id or an unsaved-guard key.
	const ids =
		/\b(?:data-testid|testid|testId|unsavedKey|getByTestId)\s*(?:[=:(])\s*\{?\s*(['"`])([^'"`]*storage[^'"`]*)\1/gi;
	for (const [, , id = ''] of source.matchAll(ids)) found.push(`test id ${id}`);
	return found;
}

describe('the word "storage"', () => {
	const inSrc = files.filter((file) => file.startsWith('src/'));

	it("names only what the browser keeps, and the agent's own fields", () => {
		expect(inSrc.length).toBeGreaterThan(300);
		const wrong = inSrc.flatMap((file) => {
			const fieldKept = STORAGE_FIELD_KEPT.some((kept) => kept.test(file));
			return storageWords(read(file), fieldKept).map((word) => `${file}: ${word}`);
		});
		expect(wrong).toEqual([]);
	});

	it('names no test id the end-to-end tests look for', () => {
		const tests = files.filter((file) => file.startsWith('tests/') || file.startsWith('scripts/'));
		const wrong = tests.flatMap((file) =>
			storageWords(read(file), true)
				.filter((word) => word.startsWith('test id'))
				.map((word) => `${file}: ${word}`)
		);
		expect(wrong).toEqual([]);
	});

	it("names no file but the browser storage's", () => {
		const named = inSrc.filter((file) => /storage/i.test(basename(file)));
		expect(named.sort()).toEqual(STORAGE_FILES_KEPT);
	});

	it('is caught where it means a drive or a backup', () => {
		const planted = [
			`import { readStorageList, type StorageKind } from '$lib/api/drives';`,
			`import StorageCard from './StorageCard.svelte';`,
			`const storage = new PageData(() => data.storage, DATA.storage);`,
			`void refresh(DATA.storageReport);`,
			`<ProblemsCard {failures} storage={list} />`,
			`<ConfigFormShell unsavedKey="storage-form" testId="storage-form">`,
			`<p data-testid='storage-summary'></p>`,
			`await expect(page.getByTestId('storage')).toBeVisible();`,
			`/** A Storage in memory, kept in session storage; its StorageName and storageId. */`,
			`window.addEventListener('storage', () => sessionStorage.getItem(key));`,
			`const link = 'https://storage.googleapis.com/b/k';`
		].join('\n');
		expect(storageWords(planted)).toEqual([
			'readStorageList',
			'StorageKind',
			'StorageCard',
			'StorageCard',
			'storageReport',
			'const storage',
			'.storage',
			'.storage',
			'storage=',
			'test id storage-form',
			'test id storage-form',
			'test id storage-summary',
			'test id storage'
		]);
	});
});
