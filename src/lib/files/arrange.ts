import type { FileObject } from '$lib/api/files';
import type { FilesView, StateGroup } from './files-view';
import type { PlaceRead } from './file-words';

/**
 * A folder as the view shows it: filtered and sorted in the browser, over the folder as read
 * once, so a folder of 50,000 entries changes its sort or filter without asking the agent again.
 * The answer is the order of the entries' indices: no object per row.
 */

/** How each entry stands now (a live frame's state before the answer's). */
export type Look = {
	group: (index: number) => StateGroup | null;
	place: (index: number) => PlaceRead['key'] | null;
};

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

const GROUP_ORDER: Record<StateGroup, number> = {
	errors: 0,
	upload: 1,
	download: 2,
	other: 3,
	insync: 4
};

function placeMatches(view: FilesView, place: PlaceRead['key'] | null): boolean {
	switch (view.place) {
		case 'anywhere':
			return true;
		case 'here':
			return place === 'kept' || place === 'here' || place === 'partly';
		case 'kept':
			return place === 'kept';
		case 'cloud':
			return place === 'cloud';
	}
}

export function arrange(entries: readonly FileObject[], view: FilesView, look: Look): number[] {
	const q = view.q.trim().toLowerCase();
	const order: number[] = [];
	for (let i = 0; i < entries.length; i++) {
		if (q && !entries[i]!.name.toLowerCase().includes(q)) continue;
		if (view.state !== 'all' && look.group(i) !== view.state) continue;
		if (!placeMatches(view, look.place(i))) continue;
		order.push(i);
	}
	const dir = view.desc ? -1 : 1;
	// Keys read once per entry, not once per comparison.
	const key: (number | string)[] = new Array(entries.length);
	for (const i of order) {
		const e = entries[i]!;
		key[i] =
			view.sort === 'size'
				? (e.size ?? -1)
				: view.sort === 'modified'
					? Date.parse(e.modified ?? '') || 0
					: view.sort === 'state'
						? GROUP_ORDER[look.group(i) ?? 'other']
						: 0;
	}
	const byName = (a: number, b: number) => collator.compare(entries[a]!.name, entries[b]!.name);
	order.sort((a, b) => {
		// Folders first, whichever way, as a file explorer lists them.
		const fa = entries[a]!.folder === true ? 0 : 1;
		const fb = entries[b]!.folder === true ? 0 : 1;
		if (fa !== fb) return fa - fb;
		if (view.sort !== 'name') {
			const ka = key[a] as number;
			const kb = key[b] as number;
			if (ka !== kb) return (ka - kb) * dir;
			return byName(a, b);
		}
		return byName(a, b) * dir;
	});
	return order;
}
