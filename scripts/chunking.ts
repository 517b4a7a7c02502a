import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Which chunk a module travels in, decided from the module graph while the bundler makes chunks
 * (vite.config.ts), so that no list of folders has to keep up with new features.
 */

/** What the bundler tells of a module while it makes chunks. */
type ModuleInfo = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] };
export type ModuleGraph = { getModuleInfo(id: string): ModuleInfo | null };

/**
 * The files SvelteKit loads for `routeId` (`/(auth)/login`) under `routesDir`: the root error page,
 * the layout of each folder on the way, and the page. Only those that exist.
 */
export function routeFiles(routesDir: string, routeId: string): string[] {
	const segments = routeId.split('/').filter(Boolean);
	const folders = segments.map((_, i) => segments.slice(0, i + 1).join('/'));
	const files = [
		'+error.svelte',
		...['', ...folders].flatMap((folder) =>
			['+layout.svelte', '+layout.ts', '+layout.js'].map((f) => join(folder, f))
		),
		...['+page.svelte', '+page.ts', '+page.js'].map((f) => join(folders.at(-1) ?? '', f))
	];
	return files.map((f) => join(routesDir, f)).filter((f) => existsSync(f));
}

/** Every route file (`+page`, `+layout`, `+error`) under `routesDir`, in every folder, sorted. */
export function allRouteFiles(routesDir: string): string[] {
	return readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
		.filter((f) => /(^|[\\/])\+(page|layout|error)\.(svelte|ts|js)$/.test(f))
		.map((f) => join(routesDir, f))
		.sort();
}

/**
 * What the layout of `group` (`(app)`) loads on every page under it, and no page outside it: the
 * modules its layout files reach, less those that any route file outside the group reaches.
 */
export function reachedOnlyByLayout(
	graph: ModuleGraph,
	routesDir: string,
	group: string,
	read?: (id: string) => string
): Set<string> {
	const folder = join(routesDir, group);
	const files = allRouteFiles(routesDir);
	const layout = ['+layout.svelte', '+layout.ts', '+layout.js']
		.map((f) => join(folder, f))
		.filter((f) => files.includes(f));
	const outside = reachable(
		graph,
		files.filter((f) => !f.startsWith(`${folder}/`)),
		{ read }
	);
	const only = new Set<string>();
	for (const id of reachable(graph, layout, { read })) if (!outside.has(id)) only.add(id);
	return only;
}

/** The compiled messages' index (`import { m } from '$lib/paraglide/messages'`), and a message. */
const MESSAGES_INDEX = /\/src\/lib\/paraglide\/messages(\/_index)?\.js$/;
const MESSAGE_MODULE = /\/src\/lib\/paraglide\/messages\/[A-Za-z0-9_$]+\.js$/;

/** The messages a source file calls (`m.key`), read from the file itself. */
export function messagesCalled(source: string): string[] {
	return [
		...new Set([...source.matchAll(/\bm\.([A-Za-z0-9_$]+)\b/g)].map((found) => found[1] ?? ''))
	];
}

/**
 * Every module that `roots` import, and what those import in turn, roots included. The messages'
 * index re-exports every message: reaching it reaches only the messages that the modules reached
 * call, as each file's source says, so that a message of a signed-in page is not counted as the
 * sign-in page's because both import `m`.
 */
export function reachable(
	graph: ModuleGraph,
	roots: readonly string[],
	{ lazy = false, read = (id: string) => readFileSync(id, 'utf8') } = {}
): Set<string> {
	const seen = new Set<string>();
	const queue = [...roots];
	const called = new Set<string>();
	let index: string | null = null;
	const drain = () => {
		for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
			if (seen.has(id)) continue;
			const info = graph.getModuleInfo(id);
			if (!info) continue;
			seen.add(id);
			if (MESSAGES_INDEX.test(id)) {
				index ??= id;
				queue.push(
					...info.importedIds.filter(
						(next) => MESSAGES_INDEX.test(next) || !MESSAGE_MODULE.test(next)
					)
				);
				continue;
			}
			if (index === null || !MESSAGE_MODULE.test(id)) {
				try {
					if (!id.startsWith('\0')) for (const key of messagesCalled(read(id))) called.add(key);
				} catch {
					// Not a file (a virtual module): it calls no message.
				}
			}
			queue.push(...info.importedIds, ...(lazy ? info.dynamicallyImportedIds : []));
		}
	};
	drain();
	if (index !== null) {
		const dir = (index as string).replace(/\/messages(\/_index)?\.js$/, '/messages/');
		for (const key of called)
			if (graph.getModuleInfo(`${dir}${key}.js`)) queue.push(`${dir}${key}.js`);
		drain();
	}
	return seen;
}

/** `compute` once per chunking pass: the bundler hands every call of a pass the same graph. */
export function perGraph<T>(compute: (graph: ModuleGraph) => T): (graph: ModuleGraph) => T {
	const done = new WeakMap<ModuleGraph, T>();
	return (graph) => {
		if (!done.has(graph)) done.set(graph, compute(graph));
		return done.get(graph) as T;
	};
}

/** The static imports that lead from one of `roots` to `target`, both ends included. */
export function importPath(
	graph: ModuleGraph,
	roots: readonly string[],
	target: string
): string[] | undefined {
	const from = new Map<string, string | null>(roots.map((root) => [root, null]));
	const queue = [...roots];
	for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
		if (id === target) {
			const path: string[] = [];
			for (let at: string | null | undefined = id; at; at = from.get(at)) path.unshift(at);
			return path;
		}
		for (const next of graph.getModuleInfo(id)?.importedIds ?? [])
			if (!from.has(next)) {
				from.set(next, id);
				queue.push(next);
			}
	}
	return undefined;
}
