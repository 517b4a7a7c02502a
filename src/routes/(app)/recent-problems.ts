import type { DriveOrBackup } from '$lib/api/drives';
import type { HistoryItem } from '$lib/api/schemas/history';
import { FILE_STATE } from '$lib/contract';
import { filesByStateList } from '$lib/drives/files-query';
import type { Problem } from '$lib/live/problems.svelte';
import { route } from '$lib/routes';

/**
 * The overview's problems of the last hour, from the agent and topped up live: the failed
 * transfers of its history (any browser sees them), and the problems the live channels brought
 * since (a failure the history already holds is shown once). Each names the drive the admin
 * knows, not its bucket, and links to that drive's files in error and to the entry itself.
 */

export type ProblemRow = {
	key: string;
	at: number;
	severity: 'error' | 'warning';
	summary: string;
	/** The drive or backup it concerns, and its files in error; null when none is known. */
	drive: { name: string; filesHref: string } | null;
	/** The bucket, when no drive is known for it. */
	bucket: string | null;
	/** The history entry, or the event in the timeline. */
	href: string;
	source: 'history' | 'live';
	/** How many times it came (a warning the agent repeats is one row); `at` is the last. */
	count: number;
};

/** A live failure and a history entry this close in time, same file and bucket, are one. */
const SAME_FAILURE_MS = 10 * 60_000;

const slashes = (path: string) => path.replace(/\\/g, '/').toLowerCase();

/** The drive (or backup) of a bucket; where several use it, the one whose folder holds the path. */
export function driveOrBackupOf(
	items: readonly DriveOrBackup[],
	bucket: string | null | undefined,
	localPath?: string | null
): DriveOrBackup | null {
	if (!bucket) return null;
	const users = items.filter((i) => i.drive.storageName === bucket);
	if (users.length <= 1 || !localPath) return users[0] ?? null;
	const path = slashes(localPath);
	return (
		users.find((i) => i.drive.localPath && path.startsWith(slashes(i.drive.localPath))) ?? users[0]!
	);
}

/** A link to the files in error of a drive or backup, on its own page. */
export function failedFilesHref(item: DriveOrBackup): string {
	const query = `${filesByStateList.href({ state: FILE_STATE.Error })}#files`;
	return item.kind === 'drive'
		? route.drive(item.drive.id, query)
		: route.backup(item.drive.id, query);
}

const driveOf = (item: DriveOrBackup | null): ProblemRow['drive'] =>
	item ? { name: item.drive.name || 'Unnamed', filesHref: failedFilesHref(item) } : null;

function historyRow(entry: HistoryItem, items: readonly DriveOrBackup[]): ProblemRow | null {
	const at = Date.parse(entry.endDate ?? entry.startDate ?? '');
	if (!Number.isFinite(at)) return null;
	const up = !!entry.destinationBucket;
	const bucket = entry.destinationBucket ?? entry.sourceBucket ?? null;
	const local = up ? entry.sourcePath : entry.destinationPath;
	const item = driveOrBackupOf(items, bucket, local);
	const name = entry.name || 'A transfer';
	return {
		key: `history:${entry.id}`,
		at,
		severity: 'error',
		summary: `${name}: ${up ? 'upload' : 'download'} failed${entry.errorMessage ? `. ${entry.errorMessage}` : ''}`,
		drive: driveOf(item),
		bucket: item ? null : bucket,
		href: route.history({ status: 'error', entry: String(entry.id) }),
		source: 'history',
		count: 1
	};
}

/**
 * The problems of the last hour, newest first: the history's failures and the live ones, a live
 * failure the history holds (same file and bucket, close in time), repeats of one live
 * failure, and a warning the agent repeats in the same words, each shown once (counted).
 */
export function recentProblems(
	history: readonly HistoryItem[],
	live: readonly Problem[],
	items: readonly DriveOrBackup[],
	now: number,
	recentMs: number
): ProblemRow[] {
	const rows: ProblemRow[] = [];
	const failures: { name: string; bucket: string | null; at: number }[] = [];
	for (const entry of history) {
		const row = historyRow(entry, items);
		if (!row || now - row.at > recentMs) continue;
		rows.push(row);
		failures.push({
			name: entry.name ?? '',
			bucket: entry.destinationBucket ?? entry.sourceBucket ?? null,
			at: row.at
		});
	}
	const repeats = new Map<string, ProblemRow>();
	for (const problem of live) {
		if (now - problem.at > recentMs) continue;
		const t = problem.transfer;
		const words = `${problem.severity}\n${problem.summary}`;
		const earlier = t ? undefined : repeats.get(words);
		if (earlier) {
			earlier.count += 1;
			if (problem.at >= earlier.at) {
				earlier.at = problem.at;
				earlier.href = route.event(problem.seq);
			}
			continue;
		}
		if (t) {
			const same = failures.some(
				(f) =>
					f.name === t.name &&
					(t.storage === null || f.bucket === t.storage) &&
					Math.abs(f.at - problem.at) <= SAME_FAILURE_MS
			);
			if (same) continue;
			failures.push({ name: t.name, bucket: t.storage, at: problem.at });
		}
		const item = t ? driveOrBackupOf(items, t.storage) : null;
		const row: ProblemRow = {
			key: `live:${problem.seq}`,
			at: problem.at,
			severity: problem.severity,
			summary: problem.summary,
			drive: driveOf(item),
			bucket: item ? null : (t?.storage ?? null),
			href: route.event(problem.seq),
			source: 'live',
			count: 1
		};
		rows.push(row);
		if (!t) repeats.set(words, row);
	}
	return rows.sort((a, b) => b.at - a.at);
}
