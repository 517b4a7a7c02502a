import { readStorageItem } from '$lib/api/drives';
import { readFolder, type Folder } from '$lib/api/files';
import type { Drive } from '$lib/api/schemas/drives';
import { joinPath } from '$lib/folders/paths';
import { pathParts } from './files-view';

/**
 * What the file browser reads for a folder: the drive, afresh (its folder, name and what it
 * allows may have changed), then the folder's children. Reads only: a link's hover may run it.
 */
export type DriveFolder =
	| { drive: null }
	| { drive: Drive; folderPath: null }
	| { drive: Drive; folderPath: string; folder: Folder };

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
	const drive = await readStorageItem('drive', id, { signal });
	if (!drive) return { drive: null };
	const folderPath = folderPathOf(drive, rel);
	if (folderPath === null) return { drive, folderPath: null };
	return { drive, folderPath, folder: await readFolder(folderPath, { signal }) };
}
