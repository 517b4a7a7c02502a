import { agentFailure } from '$lib/actions/agent-failure';
import { AgentHttpError } from '$lib/api/errors';
import { readFolder, readObject, type FileObject } from '$lib/api/files';
import { numberingOf, readState } from './file-words';
import { formatCount } from '$lib/format/cells';
import { formatBytes } from '$lib/format/units';
import { m } from '$lib/paraglide/messages';
import { sentences, whatWords, type FileAction, type Target } from './file-words';

/**
 * What an action on files did, said from the items as the agent has them after it, never from
 * the call alone: space freed is the bytes that left this computer, a delete lists what it
 * skipped, and nothing done is said as nothing done (and not as a success).
 */

export type ActOn = Exclude<FileAction, 'share'>;

/** What the last action did, in words. */
export type Report = {
	action: ActOn;
	ok: boolean;
	/** Not all as asked, but something was done (a delete that skipped what uploads). */
	partial?: boolean;
	text: string;
	/** One line per item that did not go as asked (skipped, refused). */
	details: string[];
	/** Items the agent refused, to try again. */
	failed: Target[];
	at: Date;
};

/** A path in one form, to find an item again. */
export const pathKey = (path: string) => path.replace(/\\/g, '/').replace(/\/+$/, '').toLowerCase();

/** At most this many names in a line that lists them. */
const LISTED = 8;
export const listed = (names: string[]) =>
	names.length <= LISTED
		? names.join(m.files_list_sep())
		: m.files_listed_more({
				names: names.slice(0, LISTED).join(m.files_list_sep()),
				shown: formatCount(names.length - LISTED)
			});

/**
 * The items as the agent has them now, by path (null when gone): one by one for a few, else the
 * folder once. Empty when they could not be read again: what happened is then not known.
 */
export async function readAgain(
	list: Target[],
	folderPath: string
): Promise<Map<string, FileObject | null>> {
	const found = new Map<string, FileObject | null>();
	if (list.length === 0) return found;
	try {
		if (list.length <= 3) {
			for (const t of list) {
				try {
					found.set(pathKey(t.entry.path), await readObject(t.entry.path));
				} catch (error) {
					const failure = agentFailure(error);
					if (failure instanceof AgentHttpError && failure.status === 404)
						found.set(pathKey(t.entry.path), null);
					else throw failure;
				}
			}
		} else {
			const folder = await readFolder(folderPath);
			const now = new Map(folder.entries.map((e) => [pathKey(e.path), e]));
			for (const t of list)
				found.set(pathKey(t.entry.path), now.get(pathKey(t.entry.path)) ?? null);
		}
	} catch (error) {
		// Not read again: what happened is then not known, and is said so.
		agentFailure(error);
		return new Map();
	}
	return found;
}

/** What happened, in words, from the items as read again after the calls. */
export function reportOf(
	action: ActOn,
	list: Target[],
	done: Target[],
	after: Map<string, FileObject | null>,
	failed: { target: Target; error: string }[],
	refused: string | null,
	/** What is left inside folders a delete kept (what still uploads), by folder. */
	inside: Map<string, string[]> = new Map()
): Report {
	const at = new Date();
	const base = { action, at, failed: failed.map((f) => f.target) };
	const failures = failed.map((f) =>
		m.files_item_error({ name: f.target.entry.name, error: f.error })
	);
	if (done.length === 0)
		return {
			...base,
			ok: false,
			text: refused ?? m.files_report_refused({ what: whatWords(list) }),
			details: refused ? [] : failures
		};
	const what = whatWords(done);
	const partly = failed.length
		? m.files_report_partly({ failed: formatCount(failed.length), total: formatCount(list.length) })
		: '';
	const one = done.length === 1;
	const known = after.size > 0;
	const now = (t: Target) => after.get(pathKey(t.entry.path));
	if (!known)
		return {
			...base,
			ok: failed.length === 0,
			text: sentences(m.files_report_unknown({ what }), partly),
			details: failures
		};
	switch (action) {
		case 'free': {
			let freed = 0;
			let unknown = false;
			let kept = 0;
			for (const t of done) {
				const a = now(t);
				if (t.entry.cachedSize === null || a?.cachedSize === null || a === undefined) {
					unknown = true;
					continue;
				}
				freed += Math.max(0, t.entry.cachedSize - (a?.cachedSize ?? 0));
				kept += a?.cachedSize ?? 0;
			}
			if (unknown && freed === 0)
				return {
					...base,
					ok: failed.length === 0,
					text: sentences(m.files_report_free_unknown({ what }), partly),
					details: failures
				};
			if (freed === 0)
				return {
					...base,
					ok: false,
					text: sentences(
						done.every((t) => t.entry.cachedSize === 0)
							? (one ? m.files_report_free_none_away_one : m.files_report_free_none_away_many)({
									what
								})
							: m.files_report_free_none_kept({ what }),
						partly
					),
					details: failures
				};
			return {
				...base,
				ok: failed.length === 0,
				text: sentences(
					m.files_report_freed({ size: formatBytes(freed) }),
					kept > 0 ? m.files_report_freed_kept({ size: formatBytes(kept) }) : '',
					partly
				),
				details: failures
			};
		}
		case 'keep': {
			const notKept = done.filter((t) => now(t)?.offline === false);
			const away = done.reduce((sum, t) => {
				const a = now(t);
				return a && a.size !== null && a.cachedSize !== null
					? sum + Math.max(0, a.size - a.cachedSize)
					: sum;
			}, 0);
			if (notKept.length === done.length)
				return {
					...base,
					ok: false,
					text: sentences(
						(one ? m.files_report_not_kept_one : m.files_report_not_kept_many)({ what }),
						partly
					),
					details: failures
				};
			return {
				...base,
				ok: failed.length === 0 && notKept.length === 0,
				text: sentences(
					(one ? m.files_report_kept_one : m.files_report_kept_many)({ what }),
					away > 0
						? (away === 1 ? m.files_report_kept_away_one : m.files_report_kept_away_many)({
								size: formatBytes(away)
							})
						: '',
					partly
				),
				details: [
					...notKept.map((t) => m.files_report_not_kept_item({ name: t.entry.name })),
					...failures
				]
			};
		}
		case 'unkeep': {
			const here = done.reduce((sum, t) => sum + (now(t)?.cachedSize ?? 0), 0);
			return {
				...base,
				ok: failed.length === 0,
				text: sentences(
					(one ? m.files_report_unkept_one : m.files_report_unkept_many)({ what }),
					here > 0 ? m.files_report_unkept_here({ size: formatBytes(here) }) : '',
					partly
				),
				details: failures
			};
		}
		case 'fetch': {
			const already = done.every((t) => {
				const a = now(t);
				return a && a.size !== null && a.cachedSize !== null && a.cachedSize >= a.size;
			});
			return {
				...base,
				ok: failed.length === 0,
				text: sentences(
					already
						? (one ? m.files_report_fetched_one : m.files_report_fetched_many)({ what })
						: m.files_report_fetching({ what }),
					partly
				),
				details: failures
			};
		}
		case 'delete': {
			const stayed = done.filter((t) => now(t) !== null);
			const gone = done.length - stayed.length;
			// A folder that stays lost what it could: what is left in it still uploads.
			const emptied = stayed.filter(
				(t) => t.entry.folder && (now(t)?.size ?? 0) < (t.entry.size ?? 0)
			);
			const skipped = stayed.flatMap((t) =>
				t.entry.folder ? (inside.get(pathKey(t.entry.path)) ?? []) : [t.entry.name]
			);
			const said: string[] = [];
			if (gone)
				said.push(
					list.length === 1
						? m.files_report_deleted({ what })
						: m.files_report_deleted_of({
								gone: formatCount(gone),
								total: formatCount(list.length)
							})
				);
			if (emptied.length)
				said.push(
					m.files_report_emptied({
						names: listed(emptied.map((t) => m.files_what_one({ name: t.entry.name })))
					})
				);
			if (skipped.length) said.push(m.files_report_skipped({ names: listed(skipped) }));
			return {
				...base,
				ok: stayed.length === 0 && failed.length === 0,
				partial: gone > 0 || emptied.length > 0,
				text:
					gone === 0 && emptied.length === 0
						? sentences(
								(one ? m.files_report_nothing_deleted_one : m.files_report_nothing_deleted_many)({
									what
								}),
								partly
							)
						: sentences(...said, partly),
				details: [
					...stayed.map((t) => {
						if (!t.entry.folder) return m.files_report_skipped_item({ name: t.entry.name });
						const left = inside.get(pathKey(t.entry.path));
						return left?.length
							? m.files_report_kept_folder({
									name: t.entry.name,
									count: left.length,
									shown: formatCount(left.length),
									names: listed(left)
								})
							: m.files_report_kept_folder_all({ name: t.entry.name });
					}),
					...failures
				]
			};
		}
	}
}

/**
 * What a delete left in the folders it kept: the names of what still uploads there (files
 * waiting or going up, and folders, which hold such files). Read for a few folders at most.
 */
export async function leftInside(folders: Target[]): Promise<Map<string, string[]>> {
	const found = new Map<string, string[]>();
	for (const t of folders.slice(0, 5)) {
		try {
			const folder = await readFolder(t.entry.path);
			const numbering = numberingOf(folder.entries);
			found.set(
				pathKey(t.entry.path),
				folder.entries
					.filter((e) => e.folder || readState(e.state, numbering)?.group === 'upload')
					.map((e) => e.name)
			);
		} catch (error) {
			agentFailure(error);
		}
	}
	return found;
}
