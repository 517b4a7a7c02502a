import {
	readDriveOrBackupList,
	type DriveOrBackupKind,
	type DriveOrBackupList
} from '$lib/api/drives';
import { AgentError } from '$lib/api/errors';
import { listFreeLetters } from '$lib/api/folders';
import { readHistory } from '$lib/api/history';
import { DATA, readAgent } from '../page-data/page-data.svelte.ts';

/**
 * What the form of a new or changed drive or backup reads before it opens: every drive and backup
 * (for the checks, and the item being changed), the free drive letters, and the newest history
 * rows (the accounts they name). Reads only: nothing here changes the agent.
 */

type Depends = (...deps: `${string}:${string}`[]) => void;

/** History rows read for the accounts they name. */
const HISTORY_ROWS = 50;

export type ConfigData = {
	list: DriveOrBackupList;
	/** Null when the agent did not list them: the letter check then waits for the agent. */
	freeLetters: string[] | null;
	historyRows: unknown[];
};

/** A read that may fail without failing the form: null (or the fallback) in its place. */
const optional = <T, F>(read: Promise<T>, fallback: F): Promise<T | F> =>
	read.catch((error: unknown) => {
		if (error instanceof AgentError) return fallback;
		throw error;
	});

/**
 * What names the cloud accounts the agent uses (no endpoint lists them): every drive and backup,
 * and the newest history rows. The drive form and the transfer form read it.
 */
export async function readAccountSources(
	signal: AbortSignal
): Promise<{ list: DriveOrBackupList; historyRows: unknown[] }> {
	const [list, history] = await Promise.all([
		readDriveOrBackupList({ signal }),
		optional(
			readHistory(
				{
					page: 1,
					pageSize: HISTORY_ROWS,
					sortField: 'StartDate',
					descending: true,
					origin: 0,
					status: 0,
					direction: 0
				},
				{ signal }
			),
			null
		)
	]);
	return { list, historyRows: history?.rows.map((r) => r.raw) ?? [] };
}

export function readConfig(kind: DriveOrBackupKind, id: string | null, depends: Depends) {
	return {
		kind,
		id,
		config: readAgent(depends, DATA.drivesAndBackups, async (signal): Promise<ConfigData> => {
			const [sources, freeLetters] = await Promise.all([
				readAccountSources(signal),
				kind === 'drive' ? optional(listFreeLetters({ signal }), null) : Promise.resolve(null)
			]);
			return { ...sources, freeLetters };
		})
	};
}
