import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * Links preload their page's data on hover (`data-sveltekit-preload-data` in `src/app.html`), so a
 * load runs when the pointer merely passes over a link: every load must only read. Reads that
 * change the agent (a sync pass, a download, a command, anything but GET) belong to buttons.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const API = join(ROOT, 'src/lib/api');
/** GET endpoints of the agent that change something: never read on a preload. */
const CHANGING_GETS = /clouddrive\/sync|object_download|object_make_offline/;
/** Any method that is not GET, or an endpoint that acts. */
const CHANGING =
	/method:\s*'(POST|PUT|DELETE|PATCH)'|clouddrive\/sync|object_download|object_make_offline|\/management\/(command|update)\b/;

const read = (file: string) => readFileSync(file, 'utf8');
const filesUnder = (dir: string): string[] =>
	readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory()
			? filesUnder(join(dir, entry.name))
			: [join(dir, entry.name)].filter((f) => !f.endsWith('.spec.ts'))
	);

/** Each function or arrow constant of a module, by name, with its text up to the next one. */
function definitions(source: string): Map<string, string> {
	const found = new Map<string, string>();
	const starts = [
		...source.matchAll(/^(?:export )?(?:async )?(?:function (\w+)|const (\w+) = )/gm)
	].map((m) => ({ name: (m[1] ?? m[2])!, at: m.index }));
	starts.forEach((start, i) =>
		found.set(start.name, source.slice(start.at, starts[i + 1]?.at ?? source.length))
	);
	return found;
}

/** The api functions that change the agent, module by module: they, or a helper they call, do. */
function changingApi(): Map<string, Set<string>> {
	const byModule = new Map<string, Set<string>>();
	for (const file of filesUnder(API).filter((f) => f.endsWith('.ts'))) {
		const defs = definitions(read(file));
		const changing = new Set([...defs].filter(([, text]) => CHANGING.test(text)).map(([n]) => n));
		for (let grew = true; grew;) {
			grew = false;
			for (const [name, text] of defs) {
				if (changing.has(name)) continue;
				if ([...changing].some((c) => new RegExp(`\\b${c}\\(`).test(text))) {
					changing.add(name);
					grew = true;
				}
			}
		}
		byModule.set(file.replace(/\.ts$/, ''), changing);
	}
	return byModule;
}

/** Where an import of `from` points, without its extension, or null outside `src`. */
function target(from: string, specifier: string): string | null {
	const path = specifier.startsWith('$lib/')
		? join(ROOT, 'src/lib', specifier.slice(5))
		: specifier.startsWith('.')
			? resolve(dirname(from), specifier)
			: null;
	return path?.replace(/\.(svelte\.)?ts$/, '').replace(/\.svelte$/, '') ?? null;
}

function existing(path: string): string | null {
	for (const ext of ['.ts', '.svelte.ts']) {
		try {
			read(path + ext);
			return path + ext;
		} catch {
			// Not this one.
		}
	}
	return null;
}

/** The app-wide singletons: loads read their getters; their changes are the user's own acts. */
const SINGLETONS = /src\/lib\/(state\/|config\.svelte\.ts)/;

/** Every api function that changes the agent and that a load, or code it reads with, names. */
function changingNamedBy(load: string, changing: Map<string, Set<string>>): string[] {
	const named: string[] = [];
	const seen = new Set<string>();
	const queue = [load];
	while (queue.length) {
		const file = queue.shift()!;
		if (seen.has(file)) continue;
		seen.add(file);
		const source = read(file);
		for (const m of source.matchAll(/import\s+(type\s+)?([^'"]*?)\s+from\s+'([^']+)'/g)) {
			if (m[1]) continue;
			const to = target(file, m[3]!);
			if (!to) continue;
			const api = changing.get(to);
			if (api) {
				const names = m[2]!.includes('* as')
					? [...source.matchAll(new RegExp(`\\b${m[2]!.split(' as ')[1]}\\.(\\w+)`, 'g'))].map(
							(n) => n[1]!
						)
					: [...m[2]!.matchAll(/(\w+)(?:\s+as\s+\w+)?/g)].map((n) => n[1]!);
				for (const name of names) if (api.has(name)) named.push(`${relative(ROOT, file)}: ${name}`);
				continue;
			}
			const next = existing(to);
			if (next && !SINGLETONS.test(next)) queue.push(next);
		}
	}
	return named;
}

const loads = filesUnder(join(ROOT, 'src/routes')).filter((f) => /\+(page|layout)\.ts$/.test(f));

describe('preloading a page only reads', () => {
	const changing = changingApi();

	it('knows which api functions change the agent', () => {
		const all = new Set([...changing.values()].flatMap((names) => [...names]));
		for (const name of ['syncNow', 'syncFile', 'runCommand', 'startUpdate', 'deleteUser'])
			expect(all, name).toContain(name);
		for (const name of ['insertUser', 'updateUser', 'logout', 'deleteHistoryEntry', 'setMfa'])
			expect(all, name).toContain(name);
		for (const name of ['downloadObject', 'makeOffline', 'deleteObject', 'presignedLink'])
			expect(all, name).toContain(name);
		for (const name of ['readFolder', 'readObject', 'readObjectStatus'])
			expect(all, name).not.toContain(name);
		for (const name of [
			'getAllUsers',
			'readDriveOrBackupList',
			'checkUpdate',
			'readHistory',
			'user'
		])
			expect(all, name).not.toContain(name);
	});

	it('finds a changing call where a load names one', () => {
		const probe = join(ROOT, 'src/routes/(app)/drives/[id]/+page.ts');
		expect(changingNamedBy(probe, changing)).toEqual([]);
		const fake = new Map(changing);
		fake.set(join(API, 'drives'), new Set(['readFileStates']));
		expect(changingNamedBy(probe, fake)).toEqual(['src/lib/drives/page-loads.ts: readFileStates']);
	});

	it.each(loads.map((f) => [relative(ROOT, f), f]))('%s names no call that changes', (_, f) => {
		expect(changingNamedBy(f, changing)).toEqual([]);
	});

	it('lets no link or script ask for more preloading than reading a page', () => {
		const sources = filesUnder(join(ROOT, 'src')).filter((f) => /\.(svelte|ts|html)$/.test(f));
		const found: string[] = [];
		for (const file of sources) {
			const source = read(file);
			for (const m of source.matchAll(/data-sveltekit-preload-(data|code)(?:="([^"]*)")?/g))
				if (!(file.endsWith('app.html') && m[0] === 'data-sveltekit-preload-data="hover"'))
					if (!['false', 'off'].includes(m[2] ?? ''))
						found.push(`${relative(ROOT, file)}: ${m[0]}`);
			for (const m of source.matchAll(/\bpreload(Data|Code)\(|rel="(prefetch|prerender)"/g))
				found.push(`${relative(ROOT, file)}: ${m[0]}`);
		}
		expect(found).toEqual([]);
	});
});

/** What the loads ask the agent, when each runs as a preload would run it. */
const asked = vi.hoisted(() => [] as { method: string; path: string }[]);
vi.mock('$app/navigation', () => ({ invalidate: async () => undefined }));
vi.mock('$app/state', () => ({ page: { url: new URL('http://console.test/') } }));
vi.mock(import('$lib/api/client'), async (original) => ({
	...(await original()),
	request: (_schema: unknown, path: string, options: { method?: string } = {}) => {
		asked.push({ method: options.method ?? 'GET', path });
		return new Promise<never>(() => undefined);
	}
}));

describe('what the loads ask the agent', () => {
	const modules = import.meta.glob<{ load?: (event: unknown) => unknown }>(
		'/src/routes/**/+{page,layout}.ts'
	);
	afterAll(() => void (asked.length = 0));

	it('are reads only', async () => {
		for (const [file, module] of Object.entries(modules)) {
			const { load } = await module();
			try {
				await load?.({
					depends: () => undefined,
					parent: async () => ({}),
					params: { id: 'd1' },
					url: new URL('http://console.test/drives/d1?page=2&scope=drive'),
					route: { id: file },
					untrack: <T>(f: () => T) => f()
				});
			} catch {
				// A guard's redirect: nothing asked.
			}
		}
		await new Promise((done) => setImmediate(done));
		expect(asked.map((a) => a.path)).toContain('/user/get_all_users');
		expect(asked.length).toBeGreaterThanOrEqual(10);
		expect(asked.filter((a) => a.method !== 'GET' || CHANGING_GETS.test(a.path))).toEqual([]);
		// Its first import of every route's load transforms most of the console: under a loaded
		// machine's other lanes that took the whole of the default 15 s.
	}, 60_000);
});
