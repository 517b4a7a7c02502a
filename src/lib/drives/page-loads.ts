import {
	readActivity,
	readDashboard,
	readFileStates,
	readTrends,
	type DriveOrBackupKind
} from '$lib/api/drives';
import { filesByStateList } from '$lib/drives/files-query';
import { DATA, readAgent } from '../page-data/page-data.svelte.ts';

/**
 * The loads of a drive's page and a backup's page, one recipe for both. The layout reads the
 * reports (they do not change with the file list's view); the page reads the files by state and the
 * transfer activity, whose views are in the URL.
 */

type Depends = (...deps: `${string}:${string}`[]) => void;

/** Days of trends the page asks for. */
export const TREND_DAYS = 30;
/** Rows of transfer activity per page on a drive's page. */
export const ACTIVITY_PAGE_SIZE = 10;

export function readReports(kind: DriveOrBackupKind, id: string, depends: Depends) {
	return {
		kind,
		id,
		dashboard: readAgent(depends, DATA.report, (signal) => readDashboard(kind, id, { signal })),
		trends: readAgent(depends, DATA.trends, (signal) =>
			readTrends(kind, id, TREND_DAYS, { signal })
		)
	};
}

/** The activity page from the URL (`?activity=2`); 1 when absent or odd. */
export function activityPage(params: URLSearchParams): number {
	const n = Number(params.get('activity'));
	return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

export function readFilesByState(kind: DriveOrBackupKind, id: string, url: URL, depends: Depends) {
	const query = filesByStateList.parse(url.searchParams, filesByStateList.rememberedPageSize);
	const activity = activityPage(url.searchParams);
	return {
		query,
		activityPage: activity,
		files: readAgent(depends, DATA.filesByState, (signal) =>
			readFileStates(kind, id, query, { signal })
		),
		activity: readAgent(depends, DATA.activity, (signal) =>
			readActivity(kind, id, { page: activity, pageSize: ACTIVITY_PAGE_SIZE }, { signal })
		)
	};
}
