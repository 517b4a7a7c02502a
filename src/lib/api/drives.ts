import { request, type RequestOptions } from './client.ts';
import { emptySchema } from './schemas/agent.ts';
import {
	activitySchema,
	chartItemSchema,
	dashboardSchema,
	driveListSchema,
	driveSchema,
	fileRowSchema,
	fileStatesSchema,
	stateCountSchema,
	summarySchema,
	syncHealthSchema,
	trendPointSchema,
	trendsSchema,
	type Drive,
	type FileRow,
	type StateCount
} from './schemas/drives.ts';
import { historyItemSchema, type HistoryItem } from './schemas/history.ts';
import { toPage, type RowsPage } from './rows.ts';
import { withStoredSecrets } from './write-back.ts';

type Options = Pick<RequestOptions, 'signal' | 'agentUrl' | 'timeoutMs'>;

/** The cloud account of a new drive or backup: an id seen on another one, and its cloud type. */
export type AccountRef = { id: string | number; cloudType?: number };

/**
 * What `POST clouddrive` takes. `driveName` is the letter of a virtual drive; a synced folder
 * (driveType 2) names its folder in `localPath` instead. `permanentLocalPath` "$$$" lets the agent
 * choose the cache folder.
 */
export type DriveBody = {
	name: string;
	storageName: string;
	prefix: string;
	driveName: string;
	driveType: number;
	syncType: number;
	permissionType: number;
	localCacheEncrypted: boolean;
	cloudObjectsEncrypted: boolean;
	allowDelete: boolean;
	maximumCacheSize: number;
	permanentLocalPath: string;
	localPath?: string;
	account: AccountRef;
};

/** What `POST cloudbackup` takes. */
export type BackupBody = {
	name: string;
	localPath: string;
	prefix: string;
	storageName: string;
	syncIntervalSeconds: number;
	localCacheEncrypted: boolean;
	cloudObjectsEncrypted: boolean;
	account: AccountRef;
};

/** A drive's cache: where it lives, its cap in bytes (0: none), and how it is kept. */
export type CacheChange = {
	permanentLocalPath: string;
	maximumCacheSize: number;
	localCacheEncrypted?: boolean;
	rotationalCache?: boolean;
};

export type DriveOrBackupKind = 'drive' | 'backup';

/** One drive or backup as listed. Its health is read apart, only when shown (`syncHealth`). */
export type DriveOrBackup = {
	kind: DriveOrBackupKind;
	drive: Drive;
	/** Unique in the answer, as ids may not be (the agent may send one twice, or none). */
	key: string;
};

export type DriveOrBackupList = {
	/** The drives, then the backups, in the agent's order. */
	items: DriveOrBackup[];
	drives: number;
	backups: number;
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

/** The drive that holds a path on this computer (`clouddrive?path=`), or null when none does. */
export function driveOwning(path: string, options: Options = {}) {
	return request(driveListSchema, '/management/clouddrive', { ...options, query: { path } }).then(
		(rows) => readRows(rows).drives[0] ?? null
	);
}

export function listBackups(options: Options = {}) {
	return request(driveListSchema, '/management/cloudbackup', options).then(readRows);
}

/**
 * One drive or backup read afresh (the agent has no call for one: the list, then its id), or null
 * when the agent no longer has it. For the check right before saving a change, and a page whose
 * item was removed.
 */
export async function readDriveOrBackup(
	kind: DriveOrBackupKind,
	id: string,
	options: Options = {}
): Promise<Drive | null> {
	const { drives } = await (kind === 'drive' ? listDrives(options) : listBackups(options));
	return drives.find((d) => d.id === id) ?? null;
}

/** The path of one report of a drive or backup: `/drivereport/<name>/<id>`. */
const reportPath = (kind: DriveOrBackupKind, name: string, id: string) =>
	`/${kind === 'drive' ? 'drivereport' : 'backupreport'}/${name}/${encodeURIComponent(id)}`;

export function syncHealth(kind: DriveOrBackupKind, id: string, options: Options = {}) {
	return request(syncHealthSchema, reportPath(kind, 'sync_health', id), options);
}

/**
 * Every drive and backup, without their health: one call per list, whatever their number (an
 * agent may run thousands; health is read for the few on screen).
 */
export async function readDriveOrBackupList(options: Options = {}): Promise<DriveOrBackupList> {
	const [drives, backups] = await Promise.all([listDrives(options), listBackups(options)]);
	const items: DriveOrBackup[] = [
		...drives.drives.map((drive, i) => ({ kind: 'drive' as const, drive, key: `drive:${i}` })),
		...backups.drives.map((drive, i) => ({ kind: 'backup' as const, drive, key: `backup:${i}` }))
	];
	return {
		items,
		drives: drives.drives.length,
		backups: backups.drives.length,
		unreadable: drives.unreadable + backups.unreadable
	};
}

/** The summary report of one drive or backup: its status in the agent's words, among others. */
export function readSummary(kind: DriveOrBackupKind, id: string, options: Options = {}) {
	return request(summarySchema, reportPath(kind, 'summary', id), options);
}

/** Summary, sync health and file distribution of one drive or backup, in one call. */
export function readDashboard(kind: DriveOrBackupKind, id: string, options: Options = {}) {
	return request(dashboardSchema, reportPath(kind, 'dashboard', id), {
		...options,
		query: { topFiles: 10, topDirectories: 10 }
	});
}

/**
 * What the file_states report takes; the list's own query, kept in the URL, is
 * `FilesByStateQuery`.
 */
export type FileStatesQuery = { state: number; page: number; pageSize: number };

export type FilesPage = RowsPage<FileRow> & {
	/** Count per state, as the agent names states; entries the console cannot read left out. */
	stateCounts: StateCount[];
};

/** One page of a drive's files, with exactly this state (0: all); paged on the agent. */
export async function readFileStates(
	kind: DriveOrBackupKind,
	id: string,
	query: FileStatesQuery,
	options: Options = {}
): Promise<FilesPage> {
	const answer = await request(fileStatesSchema, reportPath(kind, 'file_states', id), {
		...options,
		query: { state: query.state, page: query.page, pageSize: query.pageSize }
	});
	const stateCounts = (answer.StateCounts ?? []).flatMap((c) => {
		const parsed = stateCountSchema.safeParse(c);
		return parsed.success ? [parsed.data] : [];
	});
	return {
		...toPage(
			fileRowSchema,
			{ data: answer.Files, total: answer.Total, pageSize: answer.PageSize },
			query,
			(f) => f.Path
		),
		stateCounts
	};
}

export type ActivityQuery = { page: number; pageSize: number; direction?: number; status?: number };

/**
 * One page of a drive's transfer history (token). The agent filters after paging, so a page can
 * come back short while later pages still have rows: page by Total, never by a short page.
 */
export async function readActivity(
	kind: DriveOrBackupKind,
	id: string,
	query: ActivityQuery,
	options: Options = {}
): Promise<RowsPage<HistoryItem>> {
	const answer = await request(activitySchema, reportPath(kind, 'transfer_activity', id), {
		...options,
		auth: true,
		query: {
			page: query.page,
			pageSize: query.pageSize,
			direction: query.direction || undefined,
			status: query.status || undefined
		}
	});
	return toPage(
		historyItemSchema,
		{ data: answer.Data, total: answer.Total, pageSize: answer.PageSize },
		query,
		(h) => h.id
	);
}

/** Transfers, volume and speed per day, and success against failure (token). */
export function readTrends(
	kind: DriveOrBackupKind,
	id: string,
	days: number,
	options: Options = {}
) {
	return request(trendsSchema, reportPath(kind, 'historical_trends', id), {
		...options,
		auth: true,
		query: { days }
	});
}

/**
 * Starts a sync pass of a drive now. A GET that starts work: only ever called from a button the
 * user confirmed, never prefetched, never retried by itself.
 */
export function syncNow(id: string, options: Options = {}) {
	return request(emptySchema, `/management/clouddrive/sync/${encodeURIComponent(id)}`, {
		...options,
		query: { path: '/' }
	});
}

/**
 * Starts a sync pass for one file of a drive (its full path): a failed file is tried again. Like
 * `syncNow`, only ever called from a button the user confirmed.
 */
export function syncFile(id: string, path: string, options: Options = {}) {
	return request(emptySchema, `/management/clouddrive/sync/${encodeURIComponent(id)}`, {
		...options,
		query: { path }
	});
}

/** Opens the folder in the file explorer of the machine the agent runs on. */
export function openInExplorer(kind: DriveOrBackupKind, id: string, options: Options = {}) {
	const name = kind === 'drive' ? 'clouddrive_open' : 'cloudbackup_open';
	return request(emptySchema, `/management/${name}/${encodeURIComponent(id)}`, {
		...options,
		method: 'POST'
	});
}

/** Fetches the shared drives assigned to the signed-in user. */
export function syncSharedDrives(options: Options = {}) {
	return request(emptySchema, '/management/sync_shareddrive', { ...options, method: 'POST' });
}

/** A bar of a report's chart: `{Label, Value, Color}`; the colour is a hint only. */
export type Bar = { label: string; value: number; color: string | null };

/** A report's chart items as bars; items that are not chart items are left out. */
export function chartBars(list: unknown[] | null | undefined): Bar[] {
	return (list ?? []).flatMap((item) => {
		const parsed = chartItemSchema.safeParse(item);
		return parsed.success
			? [{ label: parsed.data.Label, value: parsed.data.Value, color: parsed.data.Color ?? null }]
			: [];
	});
}

/** Whether every element of a list is a chart item (a distribution part drawn as bars). */
export function isChart(list: unknown[]): boolean {
	return list.length > 0 && list.every((item) => chartItemSchema.safeParse(item).success);
}

export type TrendPoint = { at: number; day: string; value: number };

/**
 * A trend's days in order, with noon UTC of each for the time axis; odd points left out. A day
 * the agent lists twice stays twice here (the numbers table shows what was sent).
 */
export function trendDays(list: unknown[] | null | undefined): TrendPoint[] {
	return (list ?? [])
		.flatMap((p) => {
			const parsed = trendPointSchema.safeParse(p);
			const at = parsed.success ? Date.parse(`${parsed.data.Date.slice(0, 10)}T12:00:00Z`) : NaN;
			return parsed.success && Number.isFinite(at)
				? [{ at, day: parsed.data.Date.slice(0, 10), value: parsed.data.Value }]
				: [];
		})
		.sort((a, b) => a.at - b.at);
}

/**
 * One point a day, for a chart: the points of a day listed more than once are added up (counts,
 * volumes) or averaged (speeds). Also the days that were listed more than once.
 */
export function oneADay(
	points: TrendPoint[],
	merge: 'sum' | 'mean'
): { points: TrendPoint[]; repeated: string[] } {
	const days = new Map<string, TrendPoint & { n: number }>();
	for (const p of points) {
		const seen = days.get(p.day);
		if (seen) {
			seen.value += p.value;
			seen.n++;
		} else days.set(p.day, { ...p, n: 1 });
	}
	return {
		points: [...days.values()].map(({ at, day, value, n }) => ({
			at,
			day,
			value: merge === 'mean' ? value / n : value
		})),
		repeated: [...days.values()].filter((d) => d.n > 1).map((d) => d.day)
	};
}

export type Trends = Awaited<ReturnType<typeof readTrends>>;

const itemPath = (kind: DriveOrBackupKind, id?: string) =>
	`/management/${kind === 'drive' ? 'clouddrive' : 'cloudbackup'}${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;

/*
 * Calls that change the agent's configuration. request() names the console in X-App-Origin on
 * every call that is not a GET, so the agent's AppNotification tells these from other clients'.
 * None of them is retried or preloaded: each runs once, from a form or dialog the user confirmed.
 */

/** Creates a drive; the answer is the stored model, with the id and the folders filled in. */
export function createDrive(body: DriveBody, options: Options = {}): Promise<Drive> {
	return request(driveSchema, itemPath('drive'), { ...options, method: 'POST', body });
}

/**
 * A model to send back, with the credentials its read masked put back from the agent's stored
 * model (read again unmasked, kept nowhere): see write-back.ts.
 */
function writeBack<T extends Drive>(
	kind: DriveOrBackupKind,
	model: T,
	options: Options
): Promise<T> {
	return withStoredSecrets(
		model,
		async () => {
			const rows = await request(driveListSchema, itemPath(kind), {
				...options,
				keepCredentials: true
			});
			return rows.find((row) => (row as { id?: unknown } | null)?.id === model.id);
		},
		options
	);
}

/** Changes a drive: the whole model goes back, fields this console does not know included. */
export async function changeDrive(model: Drive, options: Options = {}): Promise<Drive> {
	return request(driveSchema, itemPath('drive', model.id), {
		...options,
		method: 'PUT',
		body: await writeBack('drive', model, options)
	});
}

/** Moves or resizes a drive's cache (`clouddrive_change_cache`): the model with the new cache. */
export async function moveDriveCache(
	model: Drive,
	cache: CacheChange,
	options: Options = {}
): Promise<Drive> {
	return request(
		driveSchema,
		`/management/clouddrive_change_cache/${encodeURIComponent(model.id)}`,
		{
			...options,
			method: 'PUT',
			body: await writeBack('drive', { ...model, ...cache }, options)
		}
	);
}

export function removeDrive(id: string, options: Options = {}) {
	return request(emptySchema, itemPath('drive', id), { ...options, method: 'DELETE' });
}

/** Creates a backup; the answer is the stored model. */
export function createBackup(body: BackupBody, options: Options = {}): Promise<Drive> {
	return request(driveSchema, itemPath('backup'), { ...options, method: 'POST', body });
}

export async function changeBackup(model: Drive, options: Options = {}): Promise<Drive> {
	return request(driveSchema, itemPath('backup', model.id), {
		...options,
		method: 'PUT',
		body: await writeBack('backup', model, options)
	});
}

export function removeBackup(id: string, options: Options = {}) {
	return request(emptySchema, itemPath('backup', id), { ...options, method: 'DELETE' });
}

/**
 * Whether a path on the agent's machine lies in a drive (`exist_clouddrive`). The agent answers
 * the string "1" or "0"; 1, 0, true and false are read too. Anything else is null: unknown, said
 * as such, never taken for "no".
 */
export async function isInDrive(path: string, options: Options = {}): Promise<boolean | null> {
	const answer = await request(emptySchema, '/management/exist_clouddrive', {
		...options,
		query: { path }
	});
	if (answer === '1' || answer === 1 || answer === true) return true;
	if (answer === '0' || answer === 0 || answer === false) return false;
	return null;
}
