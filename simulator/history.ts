import {
	TRANSFER_DIRECTION as DIRECTION,
	TRANSFER_ORIGIN as ORIGIN,
	TRANSFER_STATUS
} from '../src/lib/contract.ts';
import { prng } from './seed.ts';
import {
	FAILURES,
	fileName,
	formatBytes,
	fullPath,
	owns,
	type SimFile,
	type SimStorage
} from './drives.ts';

/**
 * The transfer history: one entry per finished transfer, with every field of the contract and one
 * more (`attempts`) that the contract does not name, as a newer agent might send. Seeded over the
 * last 30 days from the drives' files, then appended to as the activity finishes transfers.
 */

export type HistoryEntry = {
	id: number;
	userId: string;
	accountId: string;
	userEmail: string;
	userName: string;
	origin: number;
	direction: number;
	transferStatus: number;
	startDate: string;
	endDate: string;
	sourceCloudAccountId: string | null;
	sourceCloudProvider: number | null;
	sourceBucket: string | null;
	sourcePath: string;
	destinationCloudAccountId: string | null;
	destinationCloudProvider: number | null;
	destinationBucket: string | null;
	destinationPath: string;
	totalObjects: number;
	transferredObjects: number;
	failedObjects: number;
	skippedObjects: number;
	totalSize: number;
	transferredSize: number;
	averageSpeed: number;
	errorMessage: string | null;
	name: string;
	sourceCloudAccountName: string | null;
	destinationCloudAccountName: string | null;
	totalSizeString: string;
	transferredSizeString: string;
	attempts: number;
};

export type Person = { id: string; email: string; name: string; accountId: string };

const ACCOUNT_NAMES: Record<string, string> = {
	'acc-aws-1': 'Studio AWS',
	'acc-wasabi-1': 'Archive Wasabi',
	'acc-azure-1': 'Design Azure',
	'acc-google-1': 'Media Google'
};
export const accountName = (id: string) => ACCOUNT_NAMES[id] ?? id;

export type Outcome = { status: number; error: string | null; transferred: number };

/** The entry for one file's transfer between a drive (or backup) and its bucket. */
export function fileEntry(
	id: number,
	d: SimStorage,
	file: SimFile,
	direction: (typeof DIRECTION)[keyof typeof DIRECTION],
	started: number,
	ended: number,
	outcome: Outcome,
	who: Person
): HistoryEntry {
	const local = fullPath(d, file);
	const remote = `${d.prefix}${file.path.replace(/\\/g, '/')}`;
	const cloud = {
		id: d.account.id,
		provider: d.account.cloudType,
		bucket: d.storageName,
		name: accountName(d.account.id)
	};
	const up = direction === DIRECTION.Upload;
	const seconds = Math.max(1, (ended - started) / 1000);
	const done = outcome.status === TRANSFER_STATUS.Completed;
	return {
		id,
		userId: who.id,
		accountId: who.accountId,
		userEmail: who.email,
		userName: who.name,
		origin: d.kind === 'drive' ? ORIGIN.Drive : ORIGIN.Sync,
		direction,
		transferStatus: outcome.status,
		startDate: new Date(started).toISOString(),
		endDate: new Date(ended).toISOString(),
		sourceCloudAccountId: up ? null : cloud.id,
		sourceCloudProvider: up ? null : cloud.provider,
		sourceBucket: up ? null : cloud.bucket,
		sourcePath: up ? local : remote,
		destinationCloudAccountId: up ? cloud.id : null,
		destinationCloudProvider: up ? cloud.provider : null,
		destinationBucket: up ? cloud.bucket : null,
		destinationPath: up ? remote : local,
		totalObjects: 1,
		transferredObjects: done ? 1 : 0,
		failedObjects: outcome.status === TRANSFER_STATUS.Error ? 1 : 0,
		skippedObjects: 0,
		totalSize: file.size,
		transferredSize: outcome.transferred,
		averageSpeed: Math.round(outcome.transferred / seconds),
		errorMessage: outcome.error,
		name: fileName(file),
		sourceCloudAccountName: up ? null : cloud.name,
		destinationCloudAccountName: up ? cloud.name : null,
		totalSizeString: formatBytes(file.size),
		transferredSizeString: formatBytes(outcome.transferred),
		attempts: outcome.status === TRANSFER_STATUS.Error ? 3 : 1
	};
}

/** Thirty days of history: transfers of each drive's files, and direct copies between buckets. */
export function seedHistory(
	storages: SimStorage[],
	people: Person[],
	now: number,
	perStorage = 120
): HistoryEntry[] {
	const r = prng(21);
	const list: HistoryEntry[] = [];
	let id = 0;
	const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
	for (const d of storages) {
		if (d.files.length === 0) continue;
		for (let i = 0; i < perStorage; i++) {
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
	// Copies between two buckets, started by hand: no drive involved.
	const clouds = storages.slice(0, 2);
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

/** Whether an entry moved a file of this drive or backup (its local side lies inside it). */
export function belongsTo(d: SimStorage, e: HistoryEntry): boolean {
	const up = e.direction === DIRECTION.Upload;
	const local = up ? e.sourcePath : e.destinationPath;
	return (
		(e.origin === ORIGIN.Drive || e.origin === ORIGIN.Sync) &&
		(up ? e.sourceBucket === null : e.destinationBucket === null) &&
		owns(d, local)
	);
}

const DAY = 86_400_000;
const dayOf = (iso: string) => iso.slice(0, 10);

/** historical_trends: per day for `days` days up to today, and success against failure. */
export function trends(
	d: SimStorage,
	entries: HistoryEntry[],
	days: number,
	now: number
): Record<string, unknown> {
	const first = now - (days - 1) * DAY;
	const dates: string[] = [];
	for (
		let t = first;
		dayOf(new Date(t).toISOString()) <= dayOf(new Date(now).toISOString());
		t += DAY
	)
		dates.push(dayOf(new Date(t).toISOString()));
	const perDay = new Map(dates.map((x) => [x, { count: 0, bytes: 0, speedSum: 0 }]));
	let ok = 0;
	let failed = 0;
	let cumulative = 0;
	for (const e of entries) {
		if (!belongsTo(d, e)) continue;
		const day = perDay.get(dayOf(e.startDate));
		if (!day) continue;
		day.count++;
		day.bytes += e.transferredSize;
		day.speedSum += e.averageSpeed;
		cumulative += e.transferredSize;
		if (e.transferStatus === TRANSFER_STATUS.Completed) ok++;
		else if (e.transferStatus === TRANSFER_STATUS.Error) failed++;
	}
	const series = (value: (x: { count: number; bytes: number; speedSum: number }) => number) =>
		dates.map((day) => ({ Date: day, Value: value(perDay.get(day)!) }));
	const rate = (n: number) => (ok + failed === 0 ? 0 : Math.round((n / (ok + failed)) * 1000) / 10);
	return {
		[d.kind === 'drive' ? 'DriveId' : 'BackupId']: d.id,
		TransfersPerDay: series((x) => x.count),
		DataVolumePerDay: series((x) => x.bytes),
		AverageSpeedPerDay: series((x) => (x.count ? Math.round(x.speedSum / x.count) : 0)),
		SuccessVsFailureRate: [
			{ Label: 'Success', Value: rate(ok), Color: '#22c55e' },
			{ Label: 'Failure', Value: rate(failed), Color: '#ef4444' }
		],
		CumulativeDataTransferred: cumulative,
		CumulativeDataTransferredFormatted: formatBytes(cumulative)
	};
}
