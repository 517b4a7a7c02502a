import {
	TRANSFER_DIRECTION as DIRECTION,
	TRANSFER_ORIGIN as ORIGIN,
	TRANSFER_STATUS
} from '../../src/lib/contract.ts';
import { FAILURES, formatBytes, type SimDriveOrBackup } from '../model/drives.ts';
import { accountName, fileEntry, type HistoryEntry, type Person } from '../model/history.ts';
import { prng } from './random.ts';

/** Thirty days of history: transfers of each drive's files, and direct copies between buckets. */
export function seedHistory(
	drivesAndBackups: SimDriveOrBackup[],
	people: Person[],
	now: number,
	perDriveOrBackup = 120
): HistoryEntry[] {
	const r = prng(21);
	const list: HistoryEntry[] = [];
	let id = 0;
	const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
	for (const d of drivesAndBackups) {
		if (d.files.length === 0) continue;
		for (let i = 0; i < perDriveOrBackup; i++) {
			const file = pick(d.files);
			const started = now - Math.floor(r() * 30 * 86_400_000) - 60_000;
			const speed = 1_000_000 + r() * 40_000_000;
			const ended = started + Math.max(1000, (file.size / speed) * 1000);
			const roll = r();
			const status =
				roll < 0.86
					? TRANSFER_STATUS.Completed
					: roll < 0.95
						? TRANSFER_STATUS.Error
						: TRANSFER_STATUS.Canceled;
			const transferred =
				status === TRANSFER_STATUS.Completed ? file.size : Math.floor(file.size * r());
			const direction = d.kind === 'backup' || r() < 0.6 ? DIRECTION.Upload : DIRECTION.Download;
			list.push(
				fileEntry(
					++id,
					d,
					file,
					direction,
					started,
					ended,
					{
						status,
						transferred,
						error: status === TRANSFER_STATUS.Error ? pick(FAILURES) : null
					},
					r() < 0.8 ? people[0]! : pick(people)
				)
			);
		}
	}
	// The last hour: each file in error failed its last try a few minutes ago, with the error
	// the drive's report gives it, so the overview's problems and the drives' counts agree.
	let minutes = 3;
	for (const d of drivesAndBackups) {
		for (const file of d.files.filter((f) => f.state === 'error').slice(0, 3)) {
			const ended = now - minutes * 60_000;
			minutes += 4;
			list.push(
				fileEntry(
					++id,
					d,
					file,
					DIRECTION.Upload,
					ended - 20_000,
					ended,
					{
						status: TRANSFER_STATUS.Error,
						transferred: Math.floor(file.size / 3),
						error: file.error ?? FAILURES[0]!
					},
					people[0]!
				)
			);
		}
	}
	// Copies between two buckets, started by hand: no drive involved.
	const clouds = drivesAndBackups.slice(0, 2);
	for (let i = 0; i < 40 && clouds.length === 2; i++) {
		const [a, b] = r() < 0.5 ? [clouds[0]!, clouds[1]!] : [clouds[1]!, clouds[0]!];
		const objects = 5 + Math.floor(r() * 400);
		const size = Math.floor(objects * (200_000 + r() * 50_000_000));
		const failed = r() < 0.15 ? Math.max(1, Math.floor(objects * r() * 0.2)) : 0;
		const skipped = Math.floor(r() * 3);
		const started = now - Math.floor(r() * 30 * 86_400_000) - 60_000;
		const seconds = 30 + r() * 3000;
		const transferredObjects = objects - failed - skipped;
		const transferred = Math.floor((size * transferredObjects) / objects);
		const who = r() < 0.7 ? people[0]! : pick(people);
		const folder = pick(['Projects', 'Footage', 'Stills', 'Audio']);
		list.push({
			id: ++id,
			userId: who.id,
			accountId: who.accountId,
			userEmail: who.email,
			userName: who.name,
			origin: r() < 0.8 ? ORIGIN.Direct : ORIGIN.FastrServerToServer,
			direction: DIRECTION.Upload,
			transferStatus: failed ? TRANSFER_STATUS.Error : TRANSFER_STATUS.Completed,
			startDate: new Date(started).toISOString(),
			endDate: new Date(started + seconds * 1000).toISOString(),
			sourceCloudAccountId: a.account.id,
			sourceCloudProvider: a.account.cloudType,
			sourceBucket: a.storageName,
			sourcePath: `${a.prefix}${folder}/`,
			destinationCloudAccountId: b.account.id,
			destinationCloudProvider: b.account.cloudType,
			destinationBucket: b.storageName,
			destinationPath: `${b.prefix}${folder}/`,
			totalObjects: objects,
			transferredObjects,
			failedObjects: failed,
			skippedObjects: skipped,
			totalSize: size,
			transferredSize: transferred,
			averageSpeed: Math.round(transferred / seconds),
			errorMessage: failed ? `${failed} objects failed: ${pick(FAILURES)}` : null,
			name: `${folder} (${objects} objects)`,
			sourceCloudAccountName: accountName(a.account.id),
			destinationCloudAccountName: accountName(b.account.id),
			totalSizeString: formatBytes(size),
			transferredSizeString: formatBytes(transferred),
			attempts: 1
		});
	}
	list.sort((x, y) => Date.parse(x.startDate) - Date.parse(y.startDate));
	// Ids in the order things happened, as a database would give them.
	list.forEach((e, i) => (e.id = i + 1));
	return list;
}
