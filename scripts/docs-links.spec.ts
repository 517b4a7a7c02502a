import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The documents' links between themselves: every relative link in README.md and docs/*.md must
 * reach a file that exists and, with a `#part`, a heading of that file; and the README stays a
 * door, not a manual.
 */

const ROOT = resolve(import.meta.dirname, '..');
const README_MAX_LINES = 150;
const DOCUMENTS = [
	'README.md',
	...readdirSync(join(ROOT, 'docs'))
		.filter((name) => name.endsWith('.md'))
		.map((name) => `docs/${name}`)
];

/** The text without its fenced code blocks and code spans, where a link is only an example. */
function prose(text: string): string {
	return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Every link target in a document: inline links and images, and reference definitions. */
function linksOf(text: string): string[] {
	const body = prose(text);
	const inline = [...body.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)];
	const references = [...body.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)];
	return [...inline, ...references].map((m) => m[1]!);
}

/** A heading's anchor as GitHub makes it. */
function slugOf(heading: string): string {
	return heading
		.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
		.replace(/ /g, '-');
}

/** The anchors of a document's headings, a repeated one numbered as GitHub numbers it. */
function anchorsOf(text: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	for (const [, heading] of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
		const slug = slugOf(heading!);
		const count = seen.get(slug) ?? 0;
		seen.set(slug, count + 1);
		anchors.add(count ? `${slug}-${count}` : slug);
	}
	// Anchors a document sets itself.
	for (const [, id] of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(id!);
	return anchors;
}

/** What is wrong with a link from `from` (a path under ROOT), or null. */
function brokenLink(from: string, target: string): string | null {
	if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
	const [path = '', anchor] = target.split('#');
	const file = path ? resolve(ROOT, dirname(from), decodeURIComponent(path)) : join(ROOT, from);
	if (!existsSync(file)) return `${target}: no such file`;
	if (anchor === undefined || anchor === '') return null;
	if (statSync(file).isDirectory() || !file.endsWith('.md'))
		return `${target}: an anchor into a file that is not a document`;
	if (!anchorsOf(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor).toLowerCase()))
		return `${target}: no heading "#${anchor}" in ${relative(ROOT, file)}`;
	return null;
}

describe("the documents' links", () => {
	it('reach files and headings that exist', () => {
		const broken = DOCUMENTS.flatMap((doc) =>
			linksOf(readFileSync(join(ROOT, doc), 'utf8'))
				.map((target) => brokenLink(doc, target))
				.filter((problem) => problem !== null)
				.map((problem) => `${doc}: ${problem}`)
		);
		expect(broken).toEqual([]);
	});

	it(`keep the README under ${README_MAX_LINES} lines`, () => {
		const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;
		expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
	});
});

describe('reading links and headings', () => {
	it('finds inline links, images and references, not those in code', () => {
		const text = [
			'See [a](docs/A.md) and ![b](b.png "title") and [c](https://x.org).',
			'`[not](in-code.md)`',
			'```md',
			'[nor](in-block.md)',
			'```',
			'[ref]: docs/B.md#part'
		].join('\n');
		expect(linksOf(text)).toEqual(['docs/A.md', 'b.png', 'https://x.org', 'docs/B.md#part']);
	});

	it('makes anchors as GitHub does', () => {
		expect(slugOf('How the live view behaves')).toBe('how-the-live-view-behaves');
		expect(slugOf('`npm start`: the options, in [full](x.md)')).toBe(
			'npm-start-the-options-in-full'
		);
		expect(slugOf('Drives & backups (2)')).toBe('drives--backups-2');
		expect([...anchorsOf('# Notes\n## Notes\n```\n# not a heading\n```\n')]).toEqual([
			'notes',
			'notes-1'
		]);
	});

	it('says what is broken', () => {
		expect(brokenLink('README.md', 'docs/NOPE.md')).toBe('docs/NOPE.md: no such file');
		expect(brokenLink('README.md', 'docs/DEVELOPMENT.md#nope')).toBe(
			'docs/DEVELOPMENT.md#nope: no heading "#nope" in docs/DEVELOPMENT.md'
		);
		expect(brokenLink('docs/FEATURES.md', '#how-the-live-view-behaves')).toBeNull();
		expect(brokenLink('docs/FEATURES.md', '../README.md')).toBeNull();
	});
});
