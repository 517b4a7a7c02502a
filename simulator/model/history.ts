import {
	TRANSFER_DIRECTION as DIRECTION,
	TRANSFER_ORIGIN as ORIGIN,
	TRANSFER_STATUS
} from '../../src/lib/contract.ts';
import {
	fileName,
	formatBytes,
	fullPath,
	owns,
	type SimFile,
	type SimDriveOrBackup
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
	d: SimDriveOrBackup,
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

/** Whether an entry moved a file of this drive or backup (its local side lies inside it). */
export function belongsTo(d: SimDriveOrBackup, e: HistoryEntry): boolean {
	const up = e.direction === DIRECTION.Upload;
	const local = up ? e.sourcePath : e.destinationPath;
	return (
		(e.origin === ORIGIN.Drive || e.origin === ORIGIN.Sync) &&
		(up ? e.sourceBucket === null : e.destinationBucket === null) &&
		owns(d, local)
	);
}
