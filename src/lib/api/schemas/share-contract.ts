/**
 * Network shares' part of the agent's contract (`agent-api-configuration.md`: shares): their
 * limits, version strings and shapes, and where one may be mounted. Only the shares pages and the
 * development agent load it; the split is explained once, in `src/lib/contract.ts`.
 */

/**
 * SMB at a drive letter, NFS on a folder. The contract gives the shapes and the version strings;
 * the limits are the development agent's choice, and the console checks by them before sending.
 */
export const SHARE_CONFIG = {
	/** Display name of a share, in characters. */
	nameMax: 100,
	/** `version` is a string in both. */
	smbVersions: ['1.0', '2.0', '2.1', '3.0', '3.1.1'],
	nfsVersions: ['3', '4', '4.1'],
	/** `\\server\share` (and folders below it), and `server:/export`, in characters. */
	shareMax: 260,
	/** An NFS mount point, in characters. */
	localPathMax: 260,
	usernameMax: 256,
	passwordMax: 256,
	domainMax: 255,
	/** Drive letters an SMB share may take: the same as a drive's. */
	letters: 'CDEFGHIJKLMNOPQRSTUVWXYZ'
} as const;

const HOST = String.raw`(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)*`;
const SHARE_NAME = String.raw`[^\\/:*?"<>|\u0000-\u001f]+`;
const SMB_SHAPE = new RegExp(String.raw`^\\\\(${HOST})\\(${SHARE_NAME})((?:\\${SHARE_NAME})*)\\?$`);
const NFS_SHAPE = new RegExp(String.raw`^(${HOST}|\[[0-9A-Fa-f:.]+\]):(\/[^\u0000-\u001f]*)$`);

/** `\\nas\media\films`: the server, the share and the folders below it; null when not that shape. */
export function smbShareParts(
	text: string
): { host: string; share: string; folder: string } | null {
	const m = SMB_SHAPE.exec(text.trim());
	if (!m || text.trim().length > SHARE_CONFIG.shareMax) return null;
	return { host: m[1]!, share: m[2]!, folder: m[3] ?? '' };
}

/** `nas.example.com:/media`: the server and the exported path; null when not that shape. */
export function nfsShareParts(text: string): { host: string; path: string } | null {
	const m = NFS_SHAPE.exec(text.trim());
	if (!m || text.trim().length > SHARE_CONFIG.shareMax) return null;
	const path = m[2]!;
	if (path.split('/').some((s) => s === '.' || s === '..')) return null;
	return { host: m[1]!, path };
}

/** "Z:", "z", "Z:\\" as the letter "Z"; null for anything else. */
export function shareLetter(text: string): string | null {
	const m = /^([A-Za-z]):?\\?$/.exec(text.trim());
	const letter = m?.[1]?.toUpperCase();
	return letter && SHARE_CONFIG.letters.includes(letter) ? letter : null;
}

/**
 * An NFS mount point as stored, or why it cannot be one: a full folder path, either a Unix one
 * ("/mnt/media", as the contract shows) or a Windows one ("C:\\Mounts\\media"), below the root,
 * with no `.` or `..` folder.
 */
export function mountFolder(text: string): { path: string } | { problem: string } {
	const path = text.trim();
	if (!path) return { problem: 'Enter the folder to mount the share on.' };
	if (path.length > SHARE_CONFIG.localPathMax)
		return { problem: `The folder must be at most ${SHARE_CONFIG.localPathMax} characters.` };
	// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused.
	if (/[\u0000-\u001f*?"<>|]/.test(path))
		return { problem: 'The folder may not hold control characters or any of * ? " < > |.' };
	const windows = /^[A-Za-z]:[\\/]/.test(path);
	if (!windows && !path.startsWith('/'))
		return { problem: 'Enter a full folder path: /mnt/media, or C:\\Mounts\\media.' };
	const parts = (windows ? path.slice(2) : path).split(windows ? /[\\/]/ : '/').filter(Boolean);
	if (!parts.length) return { problem: 'Mount the share on a folder, not on the root of a disk.' };
	if (parts.some((p) => p === '.' || p === '..'))
		return { problem: 'The folder may not hold . or .. as a folder name.' };
	if (!windows && path.includes('\\'))
		return { problem: 'A Unix folder path uses / between folder names.' };
	return {
		path: windows ? `${path[0]!.toUpperCase()}:\\${parts.join('\\')}` : `/${parts.join('/')}`
	};
}
