import { m } from '$lib/paraglide/messages';

/**
 * Paths on the agent's machine, in its own form: Windows (drive letters, UNC shares, either slash,
 * case ignored) or POSIX (slashes, case kept). Pure functions, for the folder picker and for the
 * checks that two drives or backups do not share a folder.
 */

export type PathStyle = 'windows' | 'posix';

/**
 * Windows when it starts with a drive letter or two slashes and a name (`//nas/share`, `//?/`:
 * a UNC path, as an agent that names drives reads it; POSIX seldom spells a folder so), or holds
 * a backslash.
 */
export function pathStyle(path: string): PathStyle {
	const t = path.trim();
	return /^(?:[A-Za-z]:|\/\/[^/\\])/.test(t) || t.includes('\\') ? 'windows' : 'posix';
}

/** A machine that is this one, as a UNC host names it (`\\localhost\C$`). */
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[?::1\]?|0--1\.ipv6-literal\.net)$/i;

/**
 * A Windows path with backslashes only and without the `\\?\`, `\\.\` and `\??\` prefixes
 * (`\\?\UNC\` read as `\\`), as Windows reads it before its root.
 */
function withoutPrefixes(path: string): string {
	let rest = path.replace(/\//g, '\\');
	for (let before = ''; before !== rest;) {
		before = rest;
		rest = rest.replace(/^\\\\[?.]\\UNC\\/i, '\\\\').replace(/^(?:\\\\[?.]|\\\?\?)\\/, '');
	}
	return rest;
}

/**
 * Whether a path names one folder wherever it is read: a drive letter and a separator
 * (`D:\Cache`), a UNC path (`\\nas\share`), or on a POSIX agent `/...`. Not `\Windows` (the
 * root of whichever drive is current), `C:Config` (the current folder of drive C) or `Windows`:
 * the agent would read those against its own working folder (a service's is often
 * `C:\Windows\System32`).
 */
export function isAbsolutePath(path: string): boolean {
	const t = path.trim();
	if (pathStyle(t) === 'posix') return t.startsWith('/');
	return /^(?:[A-Za-z]:\\|\\\\[^\\])/.test(withoutPrefixes(t));
}

/**
 * A path cut into its root and folder names, as the machine reads it, spelling kept. Windows:
 * the `\\?\`, `\\.\` and `\\?\UNC\` prefixes dropped, a loopback admin share (`\\localhost\C$`)
 * read as its drive, and the trailing dots and spaces of each name dropped (Windows ignores
 * them). Both: `.` dropped and `..` resolved, never above the root.
 */
function split(path: string, style: PathStyle): { root: string; names: string[] } {
	const trimmed = path.trim();
	if (style === 'posix')
		return { root: trimmed.startsWith('/') ? '/' : '', names: resolve(trimmed.split('/'), false) };
	let rest = withoutPrefixes(trimmed);
	let root = '';
	const unc = /^\\\\([^\\]+)(?:\\([^\\]*))?(.*)$/.exec(rest);
	const drive = /^([A-Za-z]):(.*)$/.exec(rest);
	if (unc) {
		const host = unc[1]!.replace(/\.+$/, '');
		const share = (unc[2] ?? '').replace(/[. ]+$/, '');
		const admin = /^([A-Za-z])\$$/.exec(share);
		root = admin && LOOPBACK.test(host) ? `${admin[1]!.toUpperCase()}:\\` : `\\\\${host}\\${share}`;
		rest = unc[3] ?? '';
	} else if (drive) {
		root = `${drive[1]!.toUpperCase()}:\\`;
		rest = drive[2] ?? '';
	} else if (rest.startsWith('\\')) root = '\\';
	return { root, names: resolve(rest.split('\\'), true) };
}

/**
 * What Windows reads a name of only dots and spaces as: `..` for two dots and any spaces after
 * them (`.. ` is how a traversal slips past a filter), otherwise `.`, also for three or more dots
 * (Windows strips a name's trailing dots, so `...` is no name); null for any other name.
 */
function dotsName(raw: string): '.' | '..' | null {
	if (!/^[. ]+$/.test(raw)) return null;
	return raw.startsWith('..') && !/^\.{3}/.test(raw) ? '..' : '.';
}

/**
 * Folder names with `.` dropped and `..` resolved, never above the root. On Windows a name of
 * only dots and spaces reads as `dotsName` says, and other names lose their trailing dots and
 * spaces.
 */
function resolve(names: readonly string[], windows: boolean): string[] {
	const out: string[] = [];
	for (const raw of names) {
		const name = windows ? (dotsName(raw) ?? raw.replace(/[. ]+$/, '')) : raw;
		if (name === '' || name === '.') continue;
		if (name === '..') out.pop();
		else out.push(name);
	}
	return out;
}

/**
 * One spelling of a path, to show and to send: one kind of separator, no repeats, no trailing one
 * except at a root ("C:\\", "/"), `.` and `..` resolved; for Windows backslashes, a UNC share's
 * `\\` kept, and the other spellings of the same folder that `split` reads dropped. Case is kept.
 */
export function normalizePath(path: string, style = pathStyle(path)): string {
	const { root, names } = split(path, style);
	const separator = style === 'windows' ? '\\' : '/';
	if (!root || root.endsWith(separator)) return root + names.join(separator);
	return [root, ...names].join(separator);
}

/**
 * The path as the machine compares it, before every overlap and traversal check: `normalizePath`,
 * and for Windows any case and forward slashes (`\\?\C:\Users\ANN.\.\Docs` is `c:/users/ann/docs`).
 * POSIX paths keep their case and their dots.
 */
export function canonicalPath(path: string, style = pathStyle(path)): string {
	const normal = normalizePath(path, style);
	return style === 'windows' ? normal.replace(/\\/g, '/').toLowerCase() : normal;
}

/**
 * The first folder name in a Windows path that may be an 8.3 short name (`DOCUME~1`), or null.
 * The console cannot tell which folder it stands for (the agent lists folders by their full
 * names only), so such a path could be another spelling of a folder in use.
 */
export function shortNameIn(path: string): string | null {
	if (pathStyle(path) !== 'windows') return null;
	return split(path, 'windows').names.find((name) => /~\d/.test(name)) ?? null;
}

/**
 * The folder names of a path inside a drive (the file browser's `?path=`), with the names that
 * mean `.` or `..` to Windows (only dots and spaces, read by `dotsName` as `canonicalPath` reads
 * them) resolved within the drive, never above it.
 * Other names stay as the agent lists them: a macOS agent may hold one that ends with a dot.
 */
export function namesWithin(path: string): string[] {
	const names: string[] = [];
	for (const raw of path.split(/[\\/]/)) {
		const dots = dotsName(raw);
		if (dots === '..') names.pop();
		else if (raw !== '' && dots === null) names.push(raw);
	}
	return names;
}

/** The root and the folder names of a path, compared as the machine compares them. */
function parts(path: string, style: PathStyle): string[] {
	const key = canonicalPath(path, style);
	const unc = style === 'windows' ? /^(\/\/[^/]+\/[^/]*)(.*)$/.exec(key) : null;
	if (unc) return [unc[1]!, ...unc[2]!.split('/').filter(Boolean)];
	const [head = '', ...rest] = key.split('/');
	return [head, ...rest.filter(Boolean)];
}

export type PathRelation = 'same' | 'inside' | 'contains';

/**
 * How `path` stands to `other`: the same folder, inside it, or containing it; null when apart.
 * "C:\\Data" does not contain "C:\\Database": parts are compared whole. A Windows path on either
 * side makes both read the Windows way.
 */
export function relatePaths(path: string, other: string): PathRelation | null {
	if (!path.trim() || !other.trim()) return null;
	const style =
		pathStyle(path) === 'windows' || pathStyle(other) === 'windows' ? 'windows' : 'posix';
	const a = parts(path, style);
	const b = parts(other, style);
	const shorter = Math.min(a.length, b.length);
	for (let i = 0; i < shorter; i++) if (a[i] !== b[i]) return null;
	if (a.length === b.length) return 'same';
	return a.length > b.length ? 'inside' : 'contains';
}

/** `name` inside `folder`, with the folder's separator. */
export function joinPath(folder: string, name: string): string {
	const style = pathStyle(folder);
	const separator = style === 'windows' ? '\\' : '/';
	const base = normalizePath(folder, style);
	return base.endsWith(separator) ? base + name : `${base}${separator}${name}`;
}

/** The folder that holds `path`, or null at a root ("C:\\", "/", "\\\\server\\share"). */
export function parentOf(path: string): string | null {
	const style = pathStyle(path);
	const normal = normalizePath(path, style);
	if (style === 'posix') {
		if (normal === '/' || !normal.includes('/')) return null;
		const cut = normal.lastIndexOf('/');
		return cut === 0 ? '/' : normal.slice(0, cut);
	}
	if (/^[A-Za-z]:\\$/.test(normal)) return null;
	if (/^\\\\[^\\]+\\[^\\]+$/.test(normal)) return null;
	const cut = normal.lastIndexOf('\\');
	if (cut < 0) return null;
	return cut === 2 && normal[1] === ':' ? normal.slice(0, 3) : normal.slice(0, cut);
}

/** Longest folder name most file systems take, in characters. */
export const FOLDER_NAME_MAX = 255;

/**
 * What is wrong with a new folder's name, in a sentence, or null. The agent refuses traversal
 * (499 SECURITY); the other characters are the ones Windows refuses in a name.
 */
export function folderNameProblem(name: string): string | null {
	const trimmed = name.trim();
	if (!trimmed) return m.drive_form_folder_name_empty();
	if (trimmed === '.' || trimmed === '..') return m.drive_form_folder_name_dots();
	if (/[\\/]/.test(trimmed)) return m.drive_form_folder_name_slash();
	if (/[<>:"|?*]/.test(trimmed) || [...trimmed].some((c) => c.charCodeAt(0) < 32))
		return m.drive_form_folder_name_chars();
	if (trimmed.length > FOLDER_NAME_MAX)
		return m.drive_form_folder_name_long({ max: FOLDER_NAME_MAX });
	if (trimmed.endsWith('.')) return m.drive_form_folder_name_dot_end();
	return null;
}
