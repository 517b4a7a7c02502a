import type { DriveOrBackup, DriveOrBackupKind } from '$lib/api/drives';
import { errorMessage } from '$lib/api/errors';
import { formatCount } from '$lib/format/cells';
import type { SyncHealth } from '$lib/api/schemas/drives';
import { idProblem, route } from '$lib/routes';
import type { HealthRead } from '$lib/drives/health.svelte';
import type { Tone } from '$lib/ui/tone';
import { m } from '$lib/paraglide/messages';

/** A drive or backup in words, the same on the overview and the drives page. */

const count = (v: number | null | undefined) => (typeof v === 'number' && v > 0 ? v : 0);

/** A listed drive or backup with its page, or why it has none. */
export type DriveOrBackupRow = DriveOrBackup & {
	href: string | null;
	/** Why it has no page (and no health read): its id cannot be linked, or is another's too. */
	why: string | null;
};

/**
 * Each item with its link. An id that cannot be linked gets the reason instead; so does an id
 * the agent already gave an earlier one of the same kind, as its page would show that one.
 */
export function driveOrBackupRows(items: DriveOrBackup[]): DriveOrBackupRow[] {
	const seen = new Set<string>();
	return items.map((item) => {
		const id = item.drive.id;
		const same = `${item.kind}:${id.toLowerCase()}`;
		const twice = seen.has(same);
		seen.add(same);
		const why =
			idProblem(id) ??
			(twice
				? item.kind === 'drive'
					? m.drives_why_same_id_drive()
					: m.drives_why_same_id_backup()
				: null);
		const href = why ? null : item.kind === 'drive' ? route.drive(id) : route.backup(id);
		return { ...item, href, why };
	});
}

/** Whether a search text is in its name, its place on this computer, its bucket or its id. */
export function matchesText(item: DriveOrBackup, q: string): boolean {
	const wanted = q.trim().toLowerCase();
	if (!wanted) return true;
	const d = item.drive;
	return [d.name, localPlace(item), d.storageName, d.id].some((v) =>
		(v ?? '').toLowerCase().includes(wanted)
	);
}

/**
 * How much of a kind's list is shown, in words: the first `shown` of those `matching` the search
 * `q`, out of `total`. Null when everything is shown and nothing narrows it.
 */
export function listedWords(
	kind: DriveOrBackupKind,
	shown: number,
	matching: number,
	total: number,
	q: string
): string | null {
	const text = q.trim();
	const drive = kind === 'drive';
	const first = formatCount(shown);
	if (!text) {
		if (shown >= total) return null;
		const inputs = { count: total, first, total: formatCount(total) };
		return drive ? m.drives_listed_first_drive(inputs) : m.drives_listed_first_backup(inputs);
	}
	if (matching === 0) {
		const inputs = { count: total, total: formatCount(total), text };
		return drive ? m.drives_listed_none_drive(inputs) : m.drives_listed_none_backup(inputs);
	}
	if (shown < matching) {
		const inputs = { count: matching, first, matching: formatCount(matching), text };
		return drive
			? m.drives_listed_first_match_drive(inputs)
			: m.drives_listed_first_match_backup(inputs);
	}
	const inputs = {
		count: total,
		matchCount: matching,
		matching: formatCount(matching),
		total: formatCount(total),
		text
	};
	return drive ? m.drives_listed_match_drive(inputs) : m.drives_listed_match_backup(inputs);
}

/** Where it lives on this computer: the drive letter, unless the path already starts with it. */
export function localPlace(item: DriveOrBackup): string {
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
export function agentStatusTone(word: string | null | undefined): Tone {
	const w = (word ?? '').toLowerCase();
	if (!w) return 'unknown';
	if (/error|fail|fault/.test(w)) return 'bad';
	if (/warn|conflict|quota|full/.test(w)) return 'warn';
	if (/inactive|pause|stop|disabled|off/.test(w)) return 'neutral';
	if (/synced|idle|up to date|ok|ready|running|complete/.test(w)) return 'good';
	if (/sync|upload|download|scan|index|start|pending/.test(w)) return 'busy';
	return 'unknown';
}

/** The agent's words for a drive's or backup's state that this version knows, as messages. */
const AGENT_STATUS_WORDS: Readonly<Record<string, () => string>> = {
	synced: m.drives_agent_status_synced,
	syncing: m.drives_agent_status_syncing,
	error: m.drives_agent_status_error,
	inactive: m.drives_agent_status_inactive,
	paused: m.drives_agent_status_paused,
	stopped: m.drives_agent_status_stopped,
	idle: m.drives_agent_status_idle,
	uploading: m.drives_agent_status_uploading,
	downloading: m.drives_agent_status_downloading
};

/** The agent's word for a state in the console's language when known, else as sent. */
export function agentStatusWord(said: string): string {
	return AGENT_STATUS_WORDS[said.trim().toLowerCase()]?.() ?? said;
}

/**
 * A drive's or backup's one status, in the agent's word and its tone: what its health says, else
 * "Inactive" when the list says so, else why it is not known yet.
 */
export function driveOrBackupStatus(
	row: DriveOrBackupRow,
	read: HealthRead | undefined
): { text: string; tone: Tone } {
	const said = read?.health?.DriveStatus ?? read?.health?.BackupStatus;
	if (said) return { text: agentStatusWord(said), tone: agentStatusTone(said) };
	if (row.drive.active === false) return { text: m.drives_status_inactive(), tone: 'neutral' };
	if (row.why || read?.error) return { text: m.drives_status_unknown(), tone: 'unknown' };
	return {
		text: read?.reading ? m.drives_status_reading() : m.drives_status_not_read(),
		tone: 'neutral'
	};
}

/** Why the health is not shown, in words, or null when it is. */
export function healthMissing(row: DriveOrBackupRow, read: HealthRead | undefined): string | null {
	if (row.why) return m.drives_health_no_page();
	if (read?.health) return null;
	if (read?.error) return m.drives_health_unknown({ error: errorMessage(read.error) });
	return read?.reading ? m.drives_health_reading() : m.drives_health_not_read();
}
