import { normalizePath, relatePaths } from './paths.ts';

/**
 * Folders on the agent's machine that a drive, a backup, a cache or a mount should not take over:
 * the system's own, and the roots of a user's profile. Judged on the path as the machine reads it.
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

/** What is wrong with taking over `path`, or null when nothing is. */
export function folderConcern(path: string): FolderConcern | null {
	if (!path.trim()) return null;
	const normal = normalizePath(path);
	if (normal.startsWith('\\\\')) return { kind: 'network', folder: normal };
	for (const folder of SYSTEM_FOLDERS) {
		const relation = relatePaths(normal, folder);
		if (relation === 'same' || relation === 'inside') return { kind: 'system', folder };
	}
	if (/^[A-Z]:\\?$/.test(normal) || normal === '/') return { kind: 'system', folder: normal };
	const profile = /^(?:[A-Z]:\\Users\\[^\\]+|\/(?:home|Users)\/[^/]+)$/i.exec(normal);
	if (profile) return { kind: 'profile-root', folder: normal };
	return null;
}
