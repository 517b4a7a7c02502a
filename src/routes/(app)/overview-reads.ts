import { readDriveOrBackupList } from '$lib/api/drives';
import { readHistory } from '$lib/api/history';
import { ERROR_STATUS } from '$lib/history/history-query';

/**
 * The overview's reads that it makes again on its own (every 30 s, and when the agent's state
 * changes), apart from the load, which also checks for updates: that check is not repeated with
 * them.
 */
export const readDrivesAndBackups = (signal: AbortSignal) => readDriveOrBackupList({ signal });

/** The newest failed transfers: the problems card keeps those of the last hour. */
export const readFailures = (signal: AbortSignal) =>
	readHistory(
		{
			page: 1,
			pageSize: 50,
			sortField: 'StartDate',
			descending: true,
			origin: 0,
			status: ERROR_STATUS,
			direction: 0
		},
		{ signal }
	);
