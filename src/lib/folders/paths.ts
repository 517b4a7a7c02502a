import { m } from '$lib/paraglide/messages';

/**
 * Paths on the agent's machine, in its own form: Windows (drive letters, UNC shares, either slash,
 * case ignored) or POSIX (slashes, case kept). Pure functions, for the folder picker and for the
 * checks that two drives or backups do not share a folder.
 */

export type PathStyle = 'windows' | 'posix';

/** Windows when it starts with a drive letter or `\\`, or holds a backslash. */
export function pathStyle(path: string): PathStyle {
	return /^[A-Za-z]:/.test(path) || path.includes('\\') ? 'windows' : 'posix';
}

/**
 * One spelling of a path: one kind of separator, no repeats, no trailing one except at a root
 * ("C:\\", "/"), and for Windows the separators as backslashes and a UNC share's `\\` kept.
 */
export function normalizePath(path: string, style = pathStyle(path)): string {
	const trimmed = path.trim();
	if (style === 'posix') {
		const collapsed = trimmed.replace(/\/+/g, '/');
		return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
	}
	const unc = /^[\\/]{2}[^\\/]/.test(trimmed);
	let out = trimmed.replace(/[\\/]+/g, '\\');
	if (unc) out = `\\${out}`;
	if (/^[A-Za-z]:$/.test(out)) out += '\\';
	if (out.length > 3 && out.endsWith('\\')) out = out.slice(0, -1);
	return /^[a-z]:/.test(out) ? out[0]!.toUpperCase() + out.slice(1) : out;
}

/** The parts of a path, compared as the machine compares them (Windows: any case). */
function parts(path: string, style: PathStyle): string[] {
	const normal = normalizePath(path, style);
	const key = style === 'windows' ? normal.toLowerCase() : normal;
	return key.split(style === 'windows' ? '\\' : '/').filter((p, i) => p !== '' || i === 0);
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
