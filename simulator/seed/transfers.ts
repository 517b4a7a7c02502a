import { TRANSFER_STATUS, TRANSFER_TYPE } from '../../src/lib/contract.ts';
import type { Person } from '../model/history.ts';
import {
	cloudName,
	costOf,
	percentOf,
	regionOf,
	type SimTransfer,
	type TransferItem
} from '../model/transfers.ts';

/**
 * The current transfers the development agent starts with, one of each kind and state: a backup's
 * sync and a copy between buckets running, a drive's first sync paused, a copy done a while ago
 * and a drive file that failed. They are seeded work: they move only while the background
 * activity runs, so tests see them hold still.
 */

const MINUTE = 60_000;
const GB = 1024 ** 3;

/** Fixed ids, so tests and links can name them. */
export const SEEDED_TRANSFER = {
	backupSync: 'b7e4c1d2-5a6f-4e8b-9c0d-1e2f3a4b5c6d',
	footageCopy: '3c9a7f10-2b4e-4d6a-8f1c-5e7b9d0a2c4e',
	mediaInit: '8d2f6b4a-1c3e-4a5b-9d7f-0e2c4a6b8d1f',
	stillsCopy: 'e1a3c5b7-9d2f-4b6a-8c0e-2f4a6c8e0b3d',
	failedUpload: 'tr-seeded-1'
} as const;

type Side = { account: string | null; bucket: string | null; path: string };

function item(
	fields: Pick<TransferItem, 'id' | 'transferType' | 'transferStatus'> & {
		userId: string;
		source: Side;
		destination: Side;
		requested: number;
		started: number | null;
		ended: number | null;
		total: number;
		totalSize: number;
		transferredSize: number;
		skipped?: number;
		skippedSize?: number;
		failed?: number;
		speed: number;
		allowSkip?: boolean;
		keepSourceTree?: boolean;
		syncCycleId?: string | null;
	}
): TransferItem {
	const skippedSize = fields.skippedSize ?? 0;
	const copied = fields.total - (fields.skipped ?? 0);
	const share = fields.totalSize - skippedSize;
	const i: TransferItem = {
		id: fields.id,
		userId: fields.userId,
		syncCycleId: fields.syncCycleId ?? null,
		sourceCloudAccountId: fields.source.account,
		sourceBucket: fields.source.bucket,
		sourceRegion: regionOf(fields.source.account),
		sourcePath: fields.source.path,
		destinationCloudAccountId: fields.destination.account,
		destinationBucket: fields.destination.bucket,
		destinationRegion: regionOf(fields.destination.account),
		destinationPath: fields.destination.path,
		requestDate: new Date(fields.requested).toISOString(),
		startDate: fields.started === null ? null : new Date(fields.started).toISOString(),
		endDate: fields.ended === null ? null : new Date(fields.ended).toISOString(),
		transferStatus: fields.transferStatus,
		transferType: fields.transferType,
		allowSkip: fields.allowSkip ?? false,
		allowDelete: false,
		total: fields.total,
		failed: fields.failed ?? 0,
		deleted: 0,
		skipped: fields.skipped ?? 0,
		skippedSize,
		transferred: share > 0 ? Math.floor((copied * fields.transferredSize) / share) : 0,
		totalSize: fields.totalSize,
		transferredSize: fields.transferredSize,
		percent: 0,
		averageSpeed: fields.started === null ? 0 : fields.speed,
		transferredCost: costOf(fields.transferredSize),
		keepSourceTree: fields.keepSourceTree ?? true
	};
	i.percent = percentOf(i);
	return i;
}

export function seedTransfers(now: number, owner: Person): SimTransfer[] {
	const who = owner;
	const at = (minutesAgo: number) => now - minutesAgo * MINUTE;
	return [
		{
			item: item({
				id: SEEDED_TRANSFER.backupSync,
				transferType: TRANSFER_TYPE.Sync,
				transferStatus: TRANSFER_STATUS.Running,
				userId: who.id,
				syncCycleId: 'cycle-studio-0412',
				source: { account: null, bucket: null, path: 'S:\\Shares\\Studio' },
				destination: {
					account: 'acc-wasabi-1',
					bucket: 'studio-server-backup',
					path: 'backup/studio/'
				},
				requested: at(38),
				started: at(37),
				ended: null,
				total: 4_812,
				totalSize: 186 * GB,
				transferredSize: 81 * GB,
				skipped: 1_200,
				skippedSize: 12 * GB,
				speed: 38_000_000
			}),
			name: 'Studio server',
			mode: 'Upload',
			storageType: cloudName(2),
			framePath: 'S:\\Shares\\Studio',
			storageName: 'studio-server-backup',
			speed: 38_000_000,
			background: true,
			failing: 0,
			who
		},
		{
			item: item({
				id: SEEDED_TRANSFER.footageCopy,
				transferType: TRANSFER_TYPE.ManualTransfer,
				transferStatus: TRANSFER_STATUS.Running,
				userId: who.id,
				source: { account: 'acc-aws-1', bucket: 'studio-projects', path: 'team/Footage/' },
				destination: {
					account: 'acc-wasabi-1',
					bucket: 'studio-archive',
					path: 'archive/Footage/'
				},
				requested: at(12),
				started: at(12),
				ended: null,
				total: 342,
				totalSize: 48 * GB,
				transferredSize: 14 * GB,
				skipped: 20,
				skippedSize: 2 * GB,
				speed: 22_000_000,
				allowSkip: true
			}),
			name: 'Footage',
			mode: 'Upload',
			storageType: cloudName(2),
			framePath: 'studio-projects/team/Footage/',
			storageName: 'studio-archive',
			speed: 22_000_000,
			background: true,
			failing: 0,
			who
		},
		{
			item: item({
				id: SEEDED_TRANSFER.mediaInit,
				transferType: TRANSFER_TYPE.SyncInitTransfer,
				transferStatus: TRANSFER_STATUS.Paused,
				userId: who.id,
				source: { account: 'acc-google-1', bucket: 'media-gcs', path: 'media/' },
				destination: { account: null, bucket: null, path: 'E:\\Old media' },
				requested: at(55),
				started: at(54),
				ended: null,
				total: 910,
				totalSize: 23 * GB,
				transferredSize: 3 * GB,
				speed: 0
			}),
			name: 'Old media',
			mode: 'Download',
			storageType: cloudName(16),
			framePath: 'E:\\Old media',
			storageName: 'media-gcs',
			speed: 9_000_000,
			background: true,
			failing: 0,
			who
		},
		{
			item: item({
				id: SEEDED_TRANSFER.stillsCopy,
				transferType: TRANSFER_TYPE.ManualTransfer,
				transferStatus: TRANSFER_STATUS.Completed,
				userId: who.id,
				source: { account: 'acc-azure-1', bucket: 'design-blob', path: 'Stills/' },
				destination: { account: 'acc-google-1', bucket: 'media-gcs', path: 'media/Stills/' },
				requested: at(26),
				started: at(26),
				ended: at(21),
				total: 118,
				totalSize: 3 * GB,
				transferredSize: 3 * GB,
				speed: 10_700_000,
				keepSourceTree: false
			}),
			name: 'Stills',
			mode: 'Upload',
			storageType: cloudName(16),
			framePath: 'design-blob/Stills/',
			storageName: 'media-gcs',
			speed: 10_700_000,
			background: true,
			failing: 0,
			who
		},
		{
			item: item({
				id: SEEDED_TRANSFER.failedUpload,
				transferType: TRANSFER_TYPE.Transfer,
				transferStatus: TRANSFER_STATUS.Error,
				userId: who.id,
				source: { account: null, bucket: null, path: 'G:\\Edit\\reel-v7.prproj' },
				destination: {
					account: 'acc-aws-1',
					bucket: 'studio-projects',
					path: 'team/Edit/reel-v7.prproj'
				},
				requested: at(9),
				started: at(9),
				ended: at(8),
				total: 1,
				totalSize: 412_000_000,
				transferredSize: 160_000_000,
				failed: 1,
				speed: 2_600_000
			}),
			name: 'reel-v7.prproj',
			mode: 'Upload',
			storageType: cloudName(1),
			framePath: 'G:\\Edit\\reel-v7.prproj',
			storageName: 'studio-projects',
			speed: 2_600_000,
			background: true,
			failing: 1,
			who
		}
	];
}
