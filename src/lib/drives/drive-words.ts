import type { StorageItem, StorageKind } from '$lib/api/drives';
import { errorMessage } from '$lib/api/errors';
import { formatCount } from '$lib/format/cells';
import type { SyncHealth } from '$lib/api/schemas/drives';
import { idProblem, route } from '$lib/routes';
import type { HealthRead } from '$lib/drives/health.svelte';
import type { Tone } from '$lib/ui/tone';

/** A drive or backup in words, the same on the overview and the drives page. */

const count = (v: number | null | undefined) => (typeof v === 'number' && v > 0 ? v : 0);

/** A listed drive or backup with its page, or why it has none. */
export type StorageRow = StorageItem & {
	href: string | null;
	/** Why it has no page (and no health read): its id cannot be linked, or is another's too. */
	why: string | null;
};

/**
 * Each item with its link. An id that cannot be linked gets the reason instead; so does an id
 * the agent already gave an earlier one of the same kind, as its page would show that one.
 */
export function storageRows(items: StorageItem[]): StorageRow[] {
	const seen = new Set<string>();
	return items.map((item) => {
		const id = item.drive.id;
		const same = `${item.kind}:${id.toLowerCase()}`;
		const twice = seen.has(same);
		seen.add(same);
		const why =
			idProblem(id) ??
			(twice ? `another ${item.kind} has the same id, and its page would show that one` : null);
		const href = why ? null : item.kind === 'drive' ? route.drive(id) : route.backup(id);
		return { ...item, href, why };
	});
}

/** Whether a search text is in its name, its place on this computer, its bucket or its id. */
export function matchesText(item: StorageItem, q: string): boolean {
	const wanted = q.trim().toLowerCase();
	if (!wanted) return true;
	const d = item.drive;
	return [d.name, localPlace(item), d.storageName, d.id].some((v) =>
		(v ?? '').toLowerCase().includes(wanted)
	);
}

const plural = (n: number, kind: StorageKind) => `${formatCount(n)} ${kind}${n === 1 ? '' : 's'}`;

/**
 * How much of a kind's list is shown, in words: the first `shown` of those `matching` the search
 * `q`, out of `total`. Null when everything is shown and nothing narrows it.
 */
export function listedWords(
	kind: StorageKind,
	shown: number,
	matching: number,
	total: number,
	q: string
): string | null {
	const text = q.trim();
	if (!text)
		return shown < total
			? `Showing the first ${formatCount(shown)} of ${plural(total, kind)}. Search by name to find the others.`
			: null;
	if (matching === 0) return `None of the ${plural(total, kind)} matches “${text}”.`;
	if (shown < matching)
		return `Showing the first ${formatCount(shown)} of ${plural(matching, kind)} that match “${text}”.`;
	return `${formatCount(matching)} of ${plural(total, kind)} ${matching === 1 ? 'matches' : 'match'} “${text}”.`;
}

/** Where it lives on this computer: the drive letter, unless the path already starts with it. */
export function localPlace(item: StorageItem): string {
	const path = item.drive.localPath ?? '';
	const letter = item.drive.driveName ? `${item.drive.driveName}:` : '';
	return letter && !path.toUpperCase().startsWith(letter.toUpperCase())
		? `${letter} ${path}`.trim()
		: path;
}

/** Files still to go up and (drives only) down, and files in error, from sync health. */
export function pendingCounts(h: SyncHealth | null | undefined) {
	return {
		upload: count(h?.FilesPendingUpload) + count(h?.FilesUploading),
		download: count(h?.FilesPendingDownload) + count(h?.FilesDownloading),
		errors: count(h?.FilesWithErrors)
	};
}

/** The tone of the agent's word for a drive's state: "Error" is bad, "Syncing" busy, "Synced" good. */
export function storageTone(word: string | null | undefined): Tone {
	const w = (word ?? '').toLowerCase();
	if (!w) return 'unknown';
	if (/error|fail|fault/.test(w)) return 'bad';
	if (/warn|conflict|quota|full/.test(w)) return 'warn';
	if (/inactive|pause|stop|disabled|off/.test(w)) return 'neutral';
	if (/synced|idle|up to date|ok|ready|running|complete/.test(w)) return 'good';
	if (/sync|upload|download|scan|index|start|pending/.test(w)) return 'busy';
	return 'unknown';
}

/**
 * A drive's or backup's one status, in the agent's word and its tone: what its health says, else
 * "Inactive" when the list says so, else why it is not known yet.
 */
export function storageStatus(
	row: StorageRow,
	read: HealthRead | undefined
): { text: string; tone: Tone } {
	const said = read?.health?.DriveStatus ?? read?.health?.BackupStatus;
	if (said) return { text: said, tone: storageTone(said) };
	if (row.drive.active === false) return { text: 'Inactive', tone: 'neutral' };
	if (row.why || read?.error) return { text: 'Status unknown', tone: 'unknown' };
	return { text: read?.reading ? 'Reading…' : 'Not read yet', tone: 'neutral' };
}

/** Why the health is not shown, in words, or null when it is. */
export function healthMissing(row: StorageRow, read: HealthRead | undefined): string | null {
	if (row.why) return 'Health not read: it has no page of its own.';
	if (read?.health) return null;
	if (read?.error) return `Health not known: ${errorMessage(read.error)}`;
	return read?.reading ? 'Reading the health…' : 'Health not read yet.';
}
