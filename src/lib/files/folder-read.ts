import { readDriveOrBackup } from '$lib/api/drives';
import { readFolder, readObjectStatus, type Folder } from '$lib/api/files';
import { agentFailure } from '$lib/actions/agent-failure';
import { AgentHttpError, errorMessage, isAbort } from '$lib/api/errors';
import type { Drive } from '$lib/api/schemas/drives';
import { joinPath } from '$lib/folders/paths';
import { numberingOf, type Numbering } from './file-words';
import { pathParts } from './files-view';

/**
 * What the file browser reads for a folder: the drive, afresh (its folder, name and what it
 * allows may have changed), then the folder's children. Reads only: a link's hover may run it.
 */
export type DriveFolder =
	| { drive: null }
	| { drive: Drive; folderPath: null }
	| {
			drive: Drive;
			folderPath: string;
			/** Null when the drive has no such folder (deleted, moved, mistyped): `missing` says why. */
			folder: Folder | null;
			missing: string | null;
			numbering: Numbering;
	  };

/** A folder of the drive, from its path relative to the drive's own folder. */
export function folderPathOf(drive: Drive, rel: string): string | null {
	const root = drive.localPath?.trim();
	if (!root) return null;
	return pathParts(rel).reduce((path, part) => joinPath(path, part), root);
}

export async function readDriveFolder(
	id: string,
	rel: string,
	{ signal }: { signal?: AbortSignal } = {}
): Promise<DriveFolder> {
	const drive = await readDriveOrBackup('drive', id, { signal });
	if (!drive) return { drive: null };
	const folderPath = folderPathOf(drive, rel);
	if (folderPath === null) return { drive, folderPath: null };
	let folder: Folder;
	try {
		folder = await readFolder(folderPath, { signal });
	} catch (error) {
		if (!(error instanceof AgentHttpError && (error.status === 404 || error.code === 'NOT_FOUND')))
			throw error;
		return { drive, folderPath, folder: null, missing: errorMessage(error), numbering: 'unsure' };
	}
	return {
		drive,
		folderPath,
		folder,
		missing: null,
		numbering: await numberingFor(folder, signal)
	};
}

/** States the two numberings read differently. */
const TWO_WAYS = new Set([1, 4, 8]);

/**
 * The numbering of a folder's states. When its values do not tell (0, 2 and 4 are in both), one
 * item whose value reads two ways is asked with `object_status`, which always answers in the
 * sequential numbering: the same number means the folder uses it too, another the flags. When
 * that cannot be asked, the folder stays unsure, and the page says how it reads it.
 */
async function numberingFor(folder: Folder, signal?: AbortSignal): Promise<Numbering> {
	const first = numberingOf(folder.entries);
	const probe = folder.entries.find((e) => e.state !== null && TWO_WAYS.has(e.state));
	if (first !== 'unsure' || !probe) return first;
	try {
		const { value } = await readObjectStatus(probe.path, { signal });
		if (value === null) return first;
		return value === probe.state ? 'sequential' : 'flags';
	} catch (error) {
		if (isAbort(error)) throw error;
		agentFailure(error);
		return first;
	}
}
