import { dirname, join } from 'node:path';
import type { Plugin, ResolveModulePreloadDependenciesFn } from 'vite';

/**
 * Shorter preload lists. For each lazy import Vite writes the files to fetch with it
 * (`__vite__mapDeps`), and SvelteKit's app entry, which every page loads first, holds such a list
 * for every route node: each route and each file of it costs the sign-in page bytes. A list need
 * not name what is loaded by then anyway: what the importing file imports statically (loaded
 * before its code runs), and, for a route node, what the layouts above it fetch, since SvelteKit
 * starts loading a route's layouts with its page (`load_route` and `preload_code` in its client).
 * Nothing is fetched later than before; the lists only stop repeating each other.
 */

/** What the bundle tells of an output file. */
type OutputFile = { type: 'chunk'; imports: readonly string[]; moduleIds: readonly string[] };
export type Bundle = Record<string, OutputFile | { type: 'asset' }>;

const LAYOUT = /[\\/]\+layout\.(svelte|ts|js)$/;
const ROUTE_FILE = /[\\/]\+(page|layout|error)\.(svelte|ts|js)$/;

/** `file` and every file it imports statically, and what those import in turn. */
function withImports(bundle: Bundle, file: string, into: Set<string>): Set<string> {
	const output = bundle[file];
	if (output?.type !== 'chunk' || into.has(file)) return into;
	into.add(file);
	for (const next of output.imports) withImports(bundle, next, into);
	return into;
}

/** The output file of each layout under `routesDir`, by the layout's source file. */
function layoutFiles(bundle: Bundle, routesDir: string): Map<string, string> {
	const found = new Map<string, string>();
	for (const [file, output] of Object.entries(bundle))
		if (output.type === 'chunk')
			for (const id of output.moduleIds)
				if (id.startsWith(routesDir) && LAYOUT.test(id)) found.set(id, file);
	return found;
}

/**
 * The files loaded by the time `host` imports `file`: the host and its static imports, and when
 * `file` is a route node, the layouts of its folder and the folders above with their imports.
 */
export function loadedWith(
	bundle: Bundle,
	host: string,
	file: string,
	routesDir: string,
	layouts = layoutFiles(bundle, routesDir)
): Set<string> {
	const loaded = withImports(bundle, host, new Set());
	const output = bundle[file];
	const own =
		output?.type === 'chunk'
			? output.moduleIds.find((id) => id.startsWith(routesDir) && ROUTE_FILE.test(id))
			: undefined;
	if (!own) return loaded;
	for (let folder = dirname(own); folder.startsWith(routesDir); folder = dirname(folder)) {
		for (const name of ['+layout.svelte', '+layout.ts', '+layout.js']) {
			const layout = layouts.get(join(folder, name));
			if (layout && layout !== file) withImports(bundle, layout, loaded);
		}
		if (folder === routesDir) break;
	}
	return loaded;
}

/**
 * `build.modulePreload.resolveDependencies` with what `loadedWith` names left out, and the plugin
 * that hands it the bundle (Vite asks for each list while it writes the bundle).
 */
export function preloadLists(routesDir: string): {
	plugin: Plugin;
	resolveDependencies: ResolveModulePreloadDependenciesFn;
} {
	let bundle: Bundle | undefined;
	let layouts: Map<string, string> | undefined;
	return {
		plugin: {
			name: 'preload-lists',
			apply: 'build',
			generateBundle: {
				order: 'pre',
				handler(_, written) {
					bundle = written as Bundle;
					layouts = undefined;
				}
			}
		},
		resolveDependencies(file, deps, { hostId }) {
			if (!bundle) return deps;
			layouts ??= layoutFiles(bundle, routesDir);
			const loaded = loadedWith(bundle, hostId, file, routesDir, layouts);
			return deps.filter((dep) => dep === file || !loaded.has(dep));
		}
	};
}
