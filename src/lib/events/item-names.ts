import type { DriveOrBackupList } from '$lib/api/drives';
import type { ShareList } from '$lib/api/shares';
import { driveOrBackupEntries, shareEntries } from '$lib/palette/palette-items';

/** What an item the journal names by its id is called now, and where its page is. */
export type ItemName = { label: string; href: string };

/**
 * The drives', backups' and shares' names by id, any case: the journal keeps the id a change was
 * made to (it outlives a rename), and shows the name the agent gives it today. Named as jump
 * anywhere names them.
 */
export function itemNames(
	drives: DriveOrBackupList | null,
	shares: ShareList | null
): Map<string, ItemName> {
	const names = new Map<string, ItemName>();
	for (const entry of [...driveOrBackupEntries(drives), ...shareEntries(shares)]) {
		const id = entry.also?.at(-1);
		if (id && 'go' in entry.choice)
			names.set(id.toLowerCase(), { label: entry.label, href: entry.choice.go });
	}
	return names;
}
