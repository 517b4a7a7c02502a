import type { SimFile } from '../model/drives.ts';
import { prng } from './random.ts';

/**
 * A drive's files as a tree a person would browse: the seeded files (eight folders, two levels)
 * moved deeper in places, with project bundles among them. Paths change, counts and states do
 * not, so the reports keep their numbers. The same files always give the same tree.
 *
 * - `Footage\Raw` is split by shooting day (`Day 1` to `Day 3`);
 * - `Docs\Finance` by year;
 * - a tenth of `Projects\Brand 2027` is a Final Cut Pro library (`Brand film.fcpbundle`, a
 *   folder that is one project, with its `Render Files`);
 * - in `Projects\Spring campaign`, some files are Premiere and After Effects projects (`.prproj`,
 *   `.aep`: one file each).
 */

/** The number a seeded name carries (`hero-00042.mov` is 42), or -1. */
const numberOf = (name: string) => Number(/-(\d{5})\.[^.]+$/.exec(name)?.[1] ?? -1);

function nested(path: string): string {
	const cut = path.lastIndexOf('\\');
	const folder = path.slice(0, cut);
	const name = path.slice(cut + 1);
	const n = numberOf(name);
	if (n < 0) return path;
	const stem = name.replace(/\.[^.]+$/, '');
	switch (folder) {
		case 'Footage\\Raw':
			return `${folder}\\Day ${(n % 3) + 1}\\${name}`;
		case 'Docs\\Finance':
			return `${folder}\\${n % 2 ? '2026' : '2025'}\\${name}`;
		case 'Projects\\Brand 2027':
			if (n % 10 !== 0) return path;
			return `${folder}\\Brand film.fcpbundle\\${n % 20 === 0 ? 'Render Files\\' : ''}${name}`;
		case 'Projects\\Spring campaign':
			if (n % 25 === 1) return `${folder}\\${stem}.prproj`;
			if (n % 25 === 2) return `${folder}\\${stem}.aep`;
			return path;
		default:
			return path;
	}
}

/** The seeded files in a deeper tree, sorted by path as seeded. */
export function nestFiles(files: SimFile[]): SimFile[] {
	for (const file of files) file.path = nested(file.path);
	return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

const EXTENSIONS = ['.mov', '.jpg', '.wav', '.psd', '.pdf'];

/**
 * A folder of `count` files in sync (the control surface's very large folder, for the bench and a
 * test): `<folder>\frame-000001.jpg`..., sizes and dates spread, the same for the same count.
 */
export function bigFolder(folder: string, count: number, now: number): SimFile[] {
	const r = prng(count);
	const width = String(count).length;
	return Array.from({ length: count }, (_, i) => ({
		path: `${folder}\\frame-${String(i + 1).padStart(Math.max(6, width), '0')}${EXTENSIONS[i % EXTENSIONS.length]}`,
		size: Math.floor(1_000 + r() * 40_000_000),
		state: 'normal' as const,
		modified: new Date(now - Math.floor(r() * 30 * 86_400_000)).toISOString()
	}));
}
