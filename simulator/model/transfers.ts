import {
	CLOUD_TYPE,
	TRANSFER_DIRECTION,
	TRANSFER_ORIGIN,
	TRANSFER_STATUS,
	enumName
} from '../../src/lib/contract.ts';
import { prng } from '../seed/random.ts';
import { formatBytes, type SimFile, type SimDriveOrBackup } from './drives.ts';
import { accountName, type HistoryEntry, type Person } from './history.ts';

/**
 * The agent's current transfers (`/transfer/get_all`): what it is moving now and what it finished
 * a moment ago. The item shape is open in the contract; the development agent answers the older
 * docs' fields, plus `keepSourceTree` (newer than those docs), as a newer agent might.
 */

export type TransferItem = {
	id: string;
	userId: string;
	syncCycleId: string | null;
	sourceCloudAccountId: string | null;
	sourceBucket: string | null;
	sourceRegion: string | null;
	sourcePath: string;
	destinationCloudAccountId: string | null;
	destinationBucket: string | null;
	destinationRegion: string | null;
	destinationPath: string;
	requestDate: string;
	startDate: string | null;
	endDate: string | null;
	transferStatus: number;
	transferType: number;
	allowSkip: boolean;
	allowDelete: boolean;
	/** Objects in all, and what became of them. */
	total: number;
	failed: number;
	deleted: number;
	skipped: number;
	skippedSize: number;
	transferred: number;
	totalSize: number;
	transferredSize: number;
	percent: number;
	averageSpeed: number;
	transferredCost: number;
	keepSourceTree: boolean;
};

/** A current transfer as the development agent keeps it: its item, and how it moves. */
export type SimTransfer = {
	item: TransferItem;
	/** What the Progress frames call it, and where they say it goes. */
	name: string;
	mode: 'Upload' | 'Download';
	storageType: string;
	framePath: string;
	storageName: string;
	/** Bytes a second while it runs. */
	speed: number;
	/** Seeded work moves only while the background activity runs; work asked for always does. */
	background: boolean;
	/** Objects that fail by the end (a seeded job that ends in Error). */
	failing: number;
	/** Objects found at the destination already, skipped once it starts (`allowSkip`). */
	willSkip?: { count: number; size: number };
	/** A drive's or backup's file, as the activity moves it; its frames are the activity's. */
	file?: { driveOrBackup: SimDriveOrBackup; file: SimFile; started: number };
	/** Who asked, for the history entry it leaves. */
	who: Person;
};

const FINISHED = TRANSFER_STATUS.Completed | TRANSFER_STATUS.Canceled | TRANSFER_STATUS.Error;

export const isFinished = (t: SimTransfer) => (t.item.transferStatus & FINISHED) !== 0;

/** The regions of the seeded accounts; other clouds say none. */
const REGIONS: Record<string, string> = {
	'acc-aws-1': 'us-east-1',
	'acc-wasabi-1': 'eu-central-1'
};
export const regionOf = (accountId: string | null) =>
	accountId === null ? null : (REGIONS[accountId] ?? null);

/** A cloud type as the frames name it ("AWS"). */
export const cloudName = (cloudType: number | null | undefined) =>
	(typeof cloudType === 'number' ? enumName(CLOUD_TYPE, cloudType) : undefined) ?? 'Unknown';

/** Bytes handled: copied, or skipped because they were there already. */
export const handled = (i: TransferItem) => i.transferredSize + i.skippedSize;

/** Whole percent of the bytes handled; 100 only once every byte is. */
export function percentOf(i: TransferItem): number {
	if (i.totalSize <= 0) return i.endDate ? 100 : 0;
	const p = Math.floor((handled(i) * 100) / i.totalSize);
	return handled(i) >= i.totalSize ? 100 : Math.min(99, p);
}

/** What a copy costs by the development agent's count: a cent a GB moved. */
export const costOf = (bytes: number) => Math.round((bytes / 1024 ** 3) * 0.01 * 10_000) / 10_000;

/** "hh:mm:ss" since `started`, as the frames say a duration. */
export function duration(started: number, now: number): string {
	const seconds = Math.max(0, Math.round((now - started) / 1000));
	const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');
	return `${pad(seconds / 3600)}:${pad((seconds % 3600) / 60)}:${pad(seconds % 60)}`;
}

/** A number from text, so the same source always lists the same objects. */
export const seedOf = (text: string) =>
	[...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

export type CloudObject = { key: string; size: number };

/**
 * A path in a bucket as the development agent reads it: no leading slash, a folder ends with
 * `/`, and `/` (or nothing) is the whole bucket.
 */
export function bucketPath(path: string): string {
	const trimmed = path.trim().replace(/^\/+/, '');
	return trimmed;
}

/**
 * What a source path holds. A bucket a drive or backup of that account uses lists that drive's
 * files under its prefix; any other bucket lists objects made up from its name and the path (the
 * development agent cannot see into it), the same every time.
 */
export function sourceObjects(
	drivesAndBackups: readonly SimDriveOrBackup[],
	accountId: string,
	bucket: string,
	path: string
): CloudObject[] {
	const wanted = bucketPath(path);
	const owners = drivesAndBackups.filter(
		(d) => d.account.id === accountId && d.storageName === bucket
	);
	if (owners.length) {
		const all = owners.flatMap((d) =>
			d.files.map((f) => ({ key: `${d.prefix}${f.path.replace(/\\/g, '/')}`, size: f.size }))
		);
		return all.filter((o) => wanted === '' || o.key === wanted || o.key.startsWith(folder(wanted)));
	}
	const r = prng(seedOf(`${accountId}/${bucket}/${wanted}`));
	const count = 5 + Math.floor(r() * 120);
	const base = folder(wanted);
	return Array.from({ length: count }, (_, i) => ({
		key: `${base}${['Day 1', 'Day 2', 'Selects'][i % 3]}/clip-${String(i + 1).padStart(3, '0')}.mov`,
		size: Math.floor(200_000 + r() * 60_000_000)
	}));
}

const folder = (path: string) => (path === '' || path.endsWith('/') ? path : `${path}/`);

/** Whether an object is at the destination already (about one in five, the same every time). */
export const existsAt = (key: string, bucket: string, path: string) =>
	seedOf(`${bucket}/${bucketPath(path)}/${key}`) % 5 === 0;

/** Whether the destination lies inside the source (or is it): a copy that would copy itself. */
export function insideSource(
	source: { account: string; bucket: string; path: string },
	destination: { account: string; bucket: string; path: string }
): boolean {
	if (source.account !== destination.account || source.bucket !== destination.bucket) return false;
	const s = folder(bucketPath(source.path));
	const d = folder(bucketPath(destination.path));
	return d.startsWith(s);
}

/** The name a job goes by in frames and the history: its source folder's, or the bucket's. */
export function jobName(bucket: string, path: string): string {
	const segments = bucketPath(path).split('/').filter(Boolean);
	return segments.at(-1) ?? bucket;
}

/** The history entry a copy between buckets leaves when it ends (done, failed or canceled). */
export function jobEntry(
	id: number,
	t: SimTransfer,
	cloudTypes: ReadonlyMap<string, number>
): HistoryEntry {
	const i = t.item;
	const started = Date.parse(i.startDate ?? i.requestDate);
	const ended = Date.parse(i.endDate ?? i.requestDate);
	const seconds = Math.max(1, (ended - started) / 1000);
	const provider = (account: string | null) =>
		account === null ? null : (cloudTypes.get(account) ?? null);
	return {
		id,
		userId: t.who.id,
		accountId: t.who.accountId,
		userEmail: t.who.email,
		userName: t.who.name,
		origin: TRANSFER_ORIGIN.Direct,
		direction: TRANSFER_DIRECTION.Upload,
		transferStatus: i.transferStatus,
		startDate: new Date(started).toISOString(),
		endDate: new Date(ended).toISOString(),
		sourceCloudAccountId: i.sourceCloudAccountId,
		sourceCloudProvider: provider(i.sourceCloudAccountId),
		sourceBucket: i.sourceBucket,
		sourcePath: i.sourcePath,
		destinationCloudAccountId: i.destinationCloudAccountId,
		destinationCloudProvider: provider(i.destinationCloudAccountId),
		destinationBucket: i.destinationBucket,
		destinationPath: i.destinationPath,
		totalObjects: i.total,
		transferredObjects: i.transferred,
		failedObjects: i.failed,
		skippedObjects: i.skipped,
		totalSize: i.totalSize,
		transferredSize: i.transferredSize,
		averageSpeed: Math.round(i.transferredSize / seconds),
		errorMessage:
			i.transferStatus === TRANSFER_STATUS.Error
				? `${i.failed} objects failed: Access denied by the storage (403).`
				: null,
		name: `${t.name} (${i.total} objects)`,
		sourceCloudAccountName: i.sourceCloudAccountId ? accountName(i.sourceCloudAccountId) : null,
		destinationCloudAccountName: i.destinationCloudAccountId
			? accountName(i.destinationCloudAccountId)
			: null,
		totalSizeString: formatBytes(i.totalSize),
		transferredSizeString: formatBytes(i.transferredSize),
		attempts: 1
	};
}
