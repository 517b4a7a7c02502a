import type { DriveOrBackupList } from '$lib/api/drives';
import type { ShareList } from '$lib/api/shares';
import type { JournalEntry } from '$lib/live/journal';
import { driveOrBackupEntries, shareEntries } from '$lib/palette/palette-items';

/** What an item the journal names by its id is called now, and where its page is. */
export type ItemName = { label: string; href: string };

/**
 * The drives', backups' and shares' names, each under its kind and id (`drive:…`, `backup:…`,
 * `share:smb:…`, `share:nfs:…`, any case: ids of two kinds may be the same): the journal keeps
 * the id a change was made to (it outlives a rename), and shows the name the agent gives it
 * today. Named as jump anywhere names them.
 */
export function itemNames(
	drives: DriveOrBackupList | null,
	shares: ShareList | null
): Map<string, ItemName> {
	const names = new Map<string, ItemName>();
	for (const entry of [...driveOrBackupEntries(drives), ...shareEntries(shares)])
		if ('go' in entry.choice)
			names.set(entry.key.toLowerCase(), { label: entry.label, href: entry.choice.go });
	return names;
}

const SHARE_AREA = /^\/management\/(smb|nfs)client/i;

/** The name of the entry's item, for a drive, a backup or a share the agent still lists. */
export function itemNameOf(
	names: ReadonlyMap<string, ItemName>,
	entry: Pick<JournalEntry, 'kind' | 'operation' | 'item'>
): ItemName | undefined {
	if (entry.item === null) return undefined;
	let key: string | null = null;
	if (entry.kind === 'drive' || entry.kind === 'backup') key = `${entry.kind}:${entry.item}`;
	else if (entry.kind === 'share') {
		const area = SHARE_AREA.exec(entry.operation)?.[1];
		if (area) key = `share:${area}:${entry.item}`;
	}
	return key === null ? undefined : names.get(key.toLowerCase());
}
