import { canonicalPath, normalizePath, pathStyle, relatePaths } from './paths.ts';

/**
 * Folders on the agent's machine that a drive, a backup, a cache or a mount should not take over:
 * the system's own, and the roots of a user's profile. Judged on the path as the machine reads it
 * (`canonicalPath`), so `\\?\C:\Windows`, `C:\WINDOWS.\system32` and `\\localhost\C$\Users\ann`
 * are caught as their plain spellings are.
 */

export type FolderConcern =
	| { kind: 'system'; folder: string }
	| { kind: 'profile-root'; folder: string }
	| { kind: 'network'; folder: string };

const SYSTEM_FOLDERS = [
	'C:\\Windows',
	'C:\\Program Files',
	'C:\\Program Files (x86)',
	'C:\\ProgramData',
	'C:\\$Recycle.Bin',
	'C:\\System Volume Information',
	'C:\\Recovery',
	'C:\\Boot',
	'/bin',
	'/boot',
	'/dev',
	'/etc',
	'/lib',
	'/proc',
	'/sbin',
	'/sys',
	'/usr',
	'/System',
	'/Library'
];

/** Where programs keep their data: a cache strictly inside it is theirs (the agent's own are). */
const PROGRAM_DATA = 'C:\\ProgramData';
/** Windows' own part of it (the Start Menu's StartUp folder, Defender): never a cache. */
const PROGRAM_DATA_WINDOWS = 'C:\\ProgramData\\Microsoft';

/**
 * What is wrong with taking over `path`, or null when nothing is. A cache (`role: 'cache'`) may
 * sit inside `C:\ProgramData`, where the agent keeps the caches it chooses, but not in
 * `C:\ProgramData\Microsoft`, which is Windows' own.
 */
export function folderConcern(path: string, role?: 'cache'): FolderConcern | null {
	if (!path.trim()) return null;
	const style = pathStyle(path);
	const normal = normalizePath(path, style);
	const key = canonicalPath(path, style);
	if (key.startsWith('//')) return { kind: 'network', folder: normal };
	if (
		role === 'cache' &&
		relatePaths(normal, PROGRAM_DATA) === 'inside' &&
		relatePaths(normal, PROGRAM_DATA_WINDOWS) === null
	)
		return null;
	for (const folder of SYSTEM_FOLDERS) {
		const relation = relatePaths(normal, folder);
		if (relation === 'same' || relation === 'inside') return { kind: 'system', folder };
	}
	if (/^[a-z]:\/$/.test(key) || key === '/') return { kind: 'system', folder: normal };
	// The folder of every profile, or one user's whole profile.
	if (/^(?:[a-z]:\/users(?:\/[^/]+)?|\/(?:home|Users)(?:\/[^/]+)?)$/.test(key))
		return { kind: 'profile-root', folder: normal };
	return null;
}
