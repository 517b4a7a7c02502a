import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './static-server.ts';

/**
 * The deployment document's nginx sample, read as nginx reads it. nginx drops every `add_header` of a level for
 * a location that has an `add_header` of its own, so a header set in a location silently takes the
 * CSP, nosniff and the rest away from those paths: the sample keeps them all at server level.
 */

type Directive = { name: string; args: string[]; block?: Directive[] };

function tokens(text: string): string[] {
	const out: string[] = [];
	let i = 0;
	while (i < text.length) {
		const c = text[i] ?? '';
		if (/\s/.test(c)) i++;
		else if (c === '#') while (i < text.length && text[i] !== '\n') i++;
		else if ('{};'.includes(c)) out.push(text[i++] ?? '');
		else if (c === '"' || c === "'") {
			let value = '';
			for (i++; i < text.length && text[i] !== c; i++) {
				if (text[i] === '\\') i++;
				value += text[i] ?? '';
			}
			i++;
			out.push(value);
		} else {
			let word = '';
			while (i < text.length && !/[\s{};#]/.test(text[i] ?? '')) word += text[i++];
			out.push(word);
		}
	}
	return out;
}

function parse(list: string[]): Directive[] {
	const directives: Directive[] = [];
	while (list.length) {
		const name = list.shift() ?? '';
		if (name === '}') return directives;
		const args: string[] = [];
		while (list.length && list[0] !== ';' && list[0] !== '{') args.push(list.shift() ?? '');
		const end = list.shift();
		directives.push(end === '{' ? { name, args, block: parse(list) } : { name, args });
	}
	return directives;
}

/** Every directive, with the names of the blocks it stands in. */
function walk(directives: Directive[], within: string[] = []): [Directive, string[]][] {
	return directives.flatMap((d): [Directive, string[]][] => [
		[d, within],
		...(d.block ? walk(d.block, [...within, d.name]) : [])
	]);
}

const readme = readFileSync('docs/DEPLOYMENT.md', 'utf8');
const sample = /```nginx\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
const config = parse(tokens(sample));
const server = config.find((d) => d.name === 'server')?.block ?? [];
const serverHeaders = new Map(
	server
		.filter((d) => d.name === 'add_header')
		.map((d) => [d.args[0]?.toLowerCase() ?? '', d.args.slice(1)])
);

describe("the deployment document's nginx sample", () => {
	it('is there, with a server block', () => {
		expect(sample).toContain('server');
		expect(server.length).toBeGreaterThan(3);
	});

	it('sets no header inside any location, where it would drop the server-level ones', () => {
		const inLocation = walk(config).filter(
			([d, within]) => within.includes('location') && /^(add_header|more_set_headers)$/.test(d.name)
		);
		expect(inLocation.map(([d]) => `${d.name} ${d.args.join(' ')}`)).toEqual([]);
	});

	it("sends the console server's security headers at server level, on every answer", () => {
		const expected = securityHeaders({ frameAncestors: ['https://portal.example.com'] });
		for (const name of [
			'content-security-policy',
			'x-content-type-options',
			'referrer-policy',
			'cross-origin-opener-policy',
			'permissions-policy'
		] as const) {
			expect(serverHeaders.get(name), name).toEqual([expected[name], 'always']);
		}
	});

	it('caches only the immutable files that exist for a year, and revalidates the rest', () => {
		expect(serverHeaders.get('cache-control')?.[1]).toBe('always');
		const variable = serverHeaders.get('cache-control')?.[0] ?? '';
		const map = config.find((d) => d.name === 'map' && d.args[1] === variable);
		expect(map, `a map for ${variable}`).toBeDefined();
		const source = map?.args[0] ?? '';
		const entries = (map?.block ?? []).map((d) => [d.name, d.args[0] ?? ''] as const);
		// nginx's map: the first regular expression (`~`) that matches, else `default`.
		const cacheControl = (status: number, uri: string) => {
			const key = source.replace('$status', String(status)).replace('$uri', uri);
			const hit = entries.find(([k]) => k.startsWith('~') && new RegExp(k.slice(1)).test(key));
			return hit?.[1] ?? entries.find(([k]) => k === 'default')?.[1];
		};
		const YEAR = 'public, max-age=31536000, immutable';
		expect(cacheControl(200, '/_app/immutable/entry/app.1ucBur7w.js')).toBe(YEAR);
		expect(cacheControl(304, '/_app/immutable/chunks/a.js')).toBe(YEAR);
		expect(cacheControl(404, '/_app/immutable/missing')).toBe('no-cache');
		for (const uri of ['/index.html', '/config.json', '/_app/version.json']) {
			expect(cacheControl(200, uri), uri).toBe('no-cache');
		}
	});

	it('falls back to the app page for pages only, not for the app files', () => {
		const locations = new Map(
			server.filter((d) => d.name === 'location').map((d) => [d.args.join(' '), d.block ?? []])
		);
		const tryFiles = (path: string) =>
			locations.get(path)?.find((d) => d.name === 'try_files')?.args;
		expect(tryFiles('/')).toEqual(['$uri', '/index.html']);
		expect(tryFiles('/_app/')).toEqual(['$uri', '=404']);
	});
});
