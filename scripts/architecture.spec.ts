import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * docs/ARCHITECTURE.md opens with the tree of src/lib: one line a folder, two levels deep, as
 * `find src/lib -maxdepth 2 -type d` prints it, then what the folder holds. A folder added, moved
 * or removed without the map fails here, and so does a module added to the root of src/lib, whose
 * files the map's first line names, and a recipe whose example file has moved.
 */

const doc = readFileSync('docs/ARCHITECTURE.md', 'utf8');

function mapLines(): { path: string; words: string }[] {
	const block = /```text\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
	return block
		.split('\n')
		.filter((line) => line.startsWith('src/lib'))
		.map((line) => {
			const [path = '', ...words] = line.split(/\s{2,}/);
			return { path: path.replace(/\/$/, ''), words: words.join(' ') };
		});
}

/** Compiled output (the messages): a folder whose own .gitignore leaves all of it out of git. */
const generated = (dir: string) =>
	existsSync(`${dir}/.gitignore`) && /^\*$/m.test(readFileSync(`${dir}/.gitignore`, 'utf8'));

function foldersOnDisk(): string[] {
	const out = ['src/lib'];
	for (const entry of readdirSync('src/lib', { withFileTypes: true })) {
		if (!entry.isDirectory() || generated(`src/lib/${entry.name}`)) continue;
		out.push(`src/lib/${entry.name}`);
		for (const inner of readdirSync(`src/lib/${entry.name}`, { withFileTypes: true }))
			if (inner.isDirectory()) out.push(`src/lib/${entry.name}/${inner.name}`);
	}
	return out.sort();
}

describe('docs/ARCHITECTURE.md', () => {
	it('opens with the tree of src/lib as it is, each folder said in words', () => {
		const lines = mapLines();
		expect(lines.map((l) => l.path).sort()).toEqual(foldersOnDisk());
		for (const line of lines) expect(line.words, line.path).not.toBe('');
		expect(doc.indexOf('```text')).toBeLessThan(doc.indexOf('## '));
	});

	it('names only files and folders that exist', () => {
		const named = [...doc.matchAll(/`((?:src|simulator|tests|scripts)\/[^`\s]+)`/g)].map(
			(m) => m[1] ?? ''
		);
		expect(named.length).toBeGreaterThan(20);
		expect(named.filter((path) => !existsSync(path))).toEqual([]);
	});

	it('names every module at the root of src/lib, and only those', () => {
		const root = mapLines().find((l) => l.path === 'src/lib')?.words ?? '';
		const named = [...root.matchAll(/[\w.-]+\.ts/g)].map((m) => m[0]).sort();
		const onDisk = readdirSync('src/lib', { withFileTypes: true })
			.filter((e) => e.isFile() && !e.name.endsWith('.spec.ts'))
			.map((e) => e.name)
			.sort();
		expect(named).toEqual(onDisk);
	});
});
