import { DRIVE_TYPE } from '../../src/lib/contract.ts';
import type { SimStorage, StorageSet } from './drives.ts';
import type { FolderTree } from './folders.ts';

/** The rules of configuring drives and backups: which letters are free. */

type Machine = { drives: StorageSet; folders: FolderTree };

const storagesOf = (set: StorageSet): SimStorage[] => [...set.drives, ...set.backups];

/**
 * Letters a new virtual drive cannot take: the machine's disks, the virtual drives' letters, and
 * the disk of every drive's or backup's folder.
 */
export function takenLetters(m: Pick<Machine, 'drives' | 'folders'>): Set<string> {
	const taken = new Set(m.folders.disks.map((d) => d.name[0]!.toUpperCase()));
	for (const d of storagesOf(m.drives)) {
		if (d.kind === 'drive' && d.driveType === DRIVE_TYPE.VirtualDrive && d.driveName)
			taken.add(d.driveName[0]!.toUpperCase());
		const letter = /^([A-Za-z]):/.exec(d.localPath)?.[1];
		if (letter) taken.add(letter.toUpperCase());
	}
	return taken;
}
