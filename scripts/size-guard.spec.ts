import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	buildStamp,
	firstLoad,
	nodeFiles,
	pageScripts,
	routeNodes,
	staticImports
} from './size-guard.ts';

/** An app entry as Vite and SvelteKit write it, minified. */
const APP = [
	'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["../nodes/0.A.js","../chunks/shared.js","../assets/0.css","../nodes/1.B.js","../nodes/2.C.js","../chunks/login-only.js","../nodes/3.D.js","../chunks/big.js"])))=>i.map(i=>d[i]);',
	'import{_ as l}from"../chunks/preload.js";',
	'const j=[()=>l(()=>import(`../nodes/0.A.js`),__vite__mapDeps([0,1,2]),import.meta.url),()=>l(()=>import(`../nodes/1.B.js`),__vite__mapDeps([3]),import.meta.url),()=>l(()=>import(`../nodes/2.C.js`),__vite__mapDeps([4,5]),import.meta.url),()=>l(()=>import(`../nodes/3.D.js`),__vite__mapDeps([6,7]),import.meta.url),()=>l(()=>import(`../nodes/4.E.js`),[],import.meta.url)],',
	'N={"/(app)":[3],"/(auth)/login":[2,[4]],"/settings":[~4]};export{N as dictionary,j as nodes};'
].join('');

const HTML = `<!doctype html><html><head>
<script src="/theme.js"></script>
<link href="/_app/immutable/entry/start.X.js" rel="modulepreload">
<link rel='modulepreload' href=/_app/immutable/entry/app.Y.js>
<link href="/_app/immutable/assets/0.css" rel="stylesheet">
<link href="https://cdn.example/x.js" rel="modulepreload">
</head><body><div><script src="/_app/immutable/boot.Z.js"></script></div></body></html>`;

describe('reading the build', () => {
	it('finds the scripts and module preloads of the page, not its styles or other origins', () => {
		expect(pageScripts(HTML)).toEqual([
			'theme.js',
			'_app/immutable/entry/start.X.js',
			'_app/immutable/entry/app.Y.js',
			'_app/immutable/boot.Z.js'
		]);
		expect(
			pageScripts(HTML.replaceAll('"/', '"/admin/').replace('=/', '=/admin/'), '/admin')
		).toEqual(pageScripts(HTML));
	});

	it("reads a route's nodes from the dictionary: root layout, root error page, layouts, page", () => {
		expect(routeNodes(APP, '/(auth)/login')).toEqual([0, 1, 4, 2]);
		expect(routeNodes(APP, '/(app)')).toEqual([0, 1, 3]);
		expect(routeNodes(APP, '/settings')).toEqual([0, 1, 4]);
		expect(routeNodes(APP, '/missing')).toBeUndefined();
	});

	it('reads each node with the files preloaded beside it', () => {
		const nodes = nodeFiles(APP);
		expect(nodes.get(0)).toEqual([
			'../nodes/0.A.js',
			'../nodes/0.A.js',
			'../chunks/shared.js',
			'../assets/0.css'
		]);
		expect(nodes.get(2)).toEqual(['../nodes/2.C.js', '../nodes/2.C.js', '../chunks/login-only.js']);
		expect(nodes.get(4)).toEqual(['../nodes/4.E.js']);
	});

	it('finds the static imports of a bundled file, not its dynamic ones', () => {
		const js =
			'import{a as b}from"./one.js";import"../chunks/two.js";import * as c from \'./three.js\';const d=()=>import("./lazy.js");';
		expect(staticImports(js)).toEqual(['./one.js', '../chunks/two.js', './three.js']);
	});
});

describe('first load of a route', () => {
	let dir: string;
	const files: Record<string, string> = {
		'index.html': HTML,
		'theme.js': 'document.documentElement.dataset.theme="dark";',
		'_app/immutable/entry/start.X.js': 'export{s as start}from"../chunks/kit.js";',
		'_app/immutable/entry/app.Y.js': APP,
		'_app/immutable/boot.Z.js': 'import("/_app/immutable/entry/start.X.js");',
		'_app/immutable/chunks/kit.js': 'import"./preload.js";export const s=1;'.repeat(20),
		'_app/immutable/chunks/preload.js': 'export const _=1;',
		'_app/immutable/chunks/shared.js': 'export const shared=1;',
		'_app/immutable/chunks/login-only.js': 'import"./deep.js";export const l=1;',
		'_app/immutable/chunks/deep.js': 'export const deep=1;',
		'_app/immutable/chunks/big.js': 'x'.repeat(100_000),
		'_app/immutable/nodes/0.A.js': 'import"../chunks/shared.js";',
		'_app/immutable/nodes/1.B.js': 'export default 1;',
		'_app/immutable/nodes/2.C.js':
			'import"../chunks/login-only.js";const x=()=>import("../chunks/big.js");',
		'_app/immutable/nodes/3.D.js': 'import"../chunks/big.js";',
		'_app/immutable/nodes/4.E.js': 'export default 4;'
	};

	beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), 'size-guard-'));
		for (const [path, text] of Object.entries(files)) {
			await mkdir(join(dir, path, '..'), { recursive: true });
			await writeFile(join(dir, path), text);
		}
	});
	afterAll(() => rm(dir, { recursive: true, force: true }));

	it("sums the page's scripts, the route's nodes and their static imports, each once", () => {
		const load = firstLoad(dir, '/(auth)/login');
		const expected = [
			'theme.js',
			'_app/immutable/entry/start.X.js',
			'_app/immutable/entry/app.Y.js',
			'_app/immutable/boot.Z.js',
			'_app/immutable/nodes/0.A.js',
			'_app/immutable/chunks/shared.js',
			'_app/immutable/nodes/1.B.js',
			'_app/immutable/nodes/4.E.js',
			'_app/immutable/nodes/2.C.js',
			'_app/immutable/chunks/login-only.js',
			'_app/immutable/chunks/kit.js',
			'_app/immutable/chunks/preload.js',
			'_app/immutable/chunks/deep.js'
		];
		expect([...load.files].sort()).toEqual([...expected].sort());
		const sum = (f: (text: string) => number) =>
			expected.reduce((total, path) => total + f(files[path] ?? ''), 0);
		expect(load.raw).toBe(sum((t) => Buffer.byteLength(t)));
		expect(load.gzip).toBe(sum((t) => gzipSync(t, { level: 9 }).length));
	});

	it('counts what another route preloads only for that route', () => {
		expect(firstLoad(dir, '/(app)').files).toContain('_app/immutable/chunks/big.js');
	});

	it('fails loudly when the build does not have what it names', async () => {
		expect(() => firstLoad(dir, '/nowhere')).toThrow(/not in the built app's dictionary/);
		await rm(join(dir, '_app/immutable/chunks/deep.js'));
		expect(() => firstLoad(dir, '/(auth)/login')).toThrow(/deep\.js is named but not in the build/);
	});
});

describe('the build stamp', () => {
	it('weighs the same in two builds of the same code made at different times', async () => {
		const read: string[] = [];
		for (const [version, global, chunk] of [
			['1795944837098', 'jlul3v', 'DMdVtIz_'],
			['1795999999999', '1ts4zp4', 'BQQiEhTh']
		]) {
			const dir = await mkdtemp(join(tmpdir(), 'size-guard-stamp-'));
			await mkdir(join(dir, '_app/immutable/chunks'), { recursive: true });
			await writeFile(join(dir, '_app/version.json'), JSON.stringify({ version }));
			await writeFile(join(dir, `_app/immutable/chunks/${chunk}.js`), '');
			const js = `import"./${chunk}.js";globalThis.__sveltekit_${global}={};const v="${version}";`;
			const stamped = buildStamp(dir)(js);
			for (const stamp of [version, global, chunk]) expect(stamped).not.toContain(stamp);
			read.push(stamped);
			await rm(dir, { recursive: true, force: true });
		}
		expect(read[0]).toBe(read[1]);
	});

	it('leaves the code as it is where the build has no version file', () => {
		expect(buildStamp('/nowhere')('const v="1";')).toBe('const v="1";');
	});
});
