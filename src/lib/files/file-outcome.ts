import { agentFailure } from '$lib/actions/agent-failure';
import { AgentHttpError } from '$lib/api/errors';
import { readFolder, readObject, type FileObject } from '$lib/api/files';
import { numberingOf, readState } from './file-words';
import { formatCount } from '$lib/format/cells';
import { formatBytes } from '$lib/format/units';
import { whatWords, type FileAction, type Target } from './file-words';

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
		? names.join(', ')
		: `${names.slice(0, LISTED).join(', ')} and ${formatCount(names.length - LISTED)} more`;

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
	const failures = failed.map((f) => `${f.target.entry.name}: ${f.error}`);
	if (done.length === 0)
		return {
			...base,
			ok: false,
			text: refused ?? `Nothing was done: the agent refused ${whatWords(list)}.`,
			details: refused ? [] : failures
		};
	const what = whatWords(done);
	const partly = failed.length
		? ` ${formatCount(failed.length)} of ${formatCount(list.length)} refused.`
		: '';
	const known = after.size > 0;
	const now = (t: Target) => after.get(pathKey(t.entry.path));
	if (!known)
		return {
			...base,
			ok: failed.length === 0,
			text: `The agent took it for ${what}, but could not be asked what changed: the list below is read again.${partly}`,
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
					text: `The agent freed what it could of ${what}; it does not say how much space that was.${partly}`,
					details: failures
				};
			if (freed === 0)
				return {
					...base,
					ok: false,
					text: `Nothing was freed: ${done.every((t) => t.entry.cachedSize === 0) ? `${what} ${done.length === 1 ? 'was' : 'were'} not on this computer` : `what is on this computer in ${what} is kept there or waits to upload`}.${partly}`,
					details: failures
				};
			return {
				...base,
				ok: failed.length === 0,
				text: `Freed ${formatBytes(freed)} on this computer. The cloud copy stays.${kept > 0 ? ` ${formatBytes(kept)} stays here: files kept on this computer or waiting to upload.` : ''}${partly}`,
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
					text: `The agent took the request, but says ${what} ${done.length === 1 ? 'is' : 'are'} not kept on this computer.${partly}`,
					details: failures
				};
			return {
				...base,
				ok: failed.length === 0 && notKept.length === 0,
				text: `${what} ${done.length === 1 ? 'is' : 'are'} kept on this computer.${away > 0 ? ` ${formatBytes(away)} ${away === 1 ? 'is' : 'are'} still to come down: the states below follow it.` : ''}${partly}`,
				details: [
					...notKept.map((t) => `${t.entry.name}: the agent says it is not kept.`),
					...failures
				]
			};
		}
		case 'unkeep': {
			const here = done.reduce((sum, t) => sum + (now(t)?.cachedSize ?? 0), 0);
			return {
				...base,
				ok: failed.length === 0,
				text: `${what} ${done.length === 1 ? 'is' : 'are'} no longer kept on this computer.${here > 0 ? ` ${formatBytes(here)} stays here until you free up space.` : ''}${partly}`,
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
				text: already
					? `${what} ${done.length === 1 ? 'is' : 'are'} on this computer.${partly}`
					: `The agent is fetching ${what}: the progress is below.${partly}`,
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
						? `Deleted ${what}.`
						: `Deleted ${formatCount(gone)} of ${formatCount(list.length)}.`
				);
			if (emptied.length)
				said.push(
					`Deleted what was in ${listed(emptied.map((t) => `“${t.entry.name}”`))} but what still uploads.`
				);
			if (skipped.length) said.push(`Skipped, still uploading: ${listed(skipped)}.`);
			return {
				...base,
				ok: stayed.length === 0 && failed.length === 0,
				partial: gone > 0 || emptied.length > 0,
				text:
					gone === 0 && emptied.length === 0
						? `Nothing was deleted: ${what} ${done.length === 1 ? 'is' : 'are'} still uploading, and the agent skips what uploads.${partly}`
						: `${said.join(' ')}${partly}`,
				details: [
					...stayed.map((t) => {
						if (!t.entry.folder) return `${t.entry.name}: skipped, still uploading.`;
						const left = inside.get(pathKey(t.entry.path));
						return left?.length
							? `${t.entry.name}: kept, with ${formatCount(left.length)} still uploading in it (${listed(left)}).`
							: `${t.entry.name}: kept, as what is in it is still uploading.`;
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
