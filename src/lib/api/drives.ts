import { request, type RequestOptions } from './client.ts';
import { AgentError } from './errors.ts';
import {
	driveListSchema,
	driveSchema,
	syncHealthSchema,
	type Drive,
	type SyncHealth
} from './schemas/drives.ts';

type Options = Pick<RequestOptions, 'signal' | 'agentUrl' | 'timeoutMs'>;

export type StorageKind = 'drive' | 'backup';

/** One drive or backup as listed, with its health when the agent answered it. */
export type StorageItem = {
	kind: StorageKind;
	drive: Drive;
	health: SyncHealth | null;
	healthError: AgentError | null;
};

export type StorageSummary = {
	items: StorageItem[];
	/** Rows the agent sent that have no id: counted, not shown. */
	unreadable: number;
};

function readRows(rows: unknown[]): { drives: Drive[]; unreadable: number } {
	const drives: Drive[] = [];
	let unreadable = 0;
	for (const row of rows) {
		const parsed = driveSchema.safeParse(row);
		if (parsed.success) drives.push(parsed.data);
		else unreadable++;
	}
	return { drives, unreadable };
}

export function listDrives(options: Options = {}) {
	return request(driveListSchema, '/management/clouddrive', options).then(readRows);
}

export function listBackups(options: Options = {}) {
	return request(driveListSchema, '/management/cloudbackup', options).then(readRows);
}

export function syncHealth(kind: StorageKind, id: string, options: Options = {}) {
	const report = kind === 'drive' ? 'drivereport' : 'backupreport';
	return request(syncHealthSchema, `/${report}/sync_health/${encodeURIComponent(id)}`, options);
}

/** Every drive and backup with its health: the lists must answer, each health may fail alone. */
export async function readStorageSummary(options: Options = {}): Promise<StorageSummary> {
	const [drives, backups] = await Promise.all([listDrives(options), listBackups(options)]);
	const listed: { kind: StorageKind; drive: Drive }[] = [
		...drives.drives.map((drive) => ({ kind: 'drive' as const, drive })),
		...backups.drives.map((drive) => ({ kind: 'backup' as const, drive }))
	];
	const items = await Promise.all(
		listed.map(async ({ kind, drive }): Promise<StorageItem> => {
			try {
				return {
					kind,
					drive,
					health: await syncHealth(kind, drive.id, options),
					healthError: null
				};
			} catch (error) {
				if (!(error instanceof AgentError)) throw error;
				return { kind, drive, health: null, healthError: error };
			}
		})
	);
	return { items, unreadable: drives.unreadable + backups.unreadable };
}
