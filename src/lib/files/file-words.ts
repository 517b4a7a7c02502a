import type { ActionWords } from '$lib/actions/action.svelte';
import type { FileObject } from '$lib/api/files';
import type { Drive } from '$lib/api/schemas/drives';
import { FILE_STATE, PERMISSION_TYPE, SYNC_TYPE } from '$lib/contract';
import { formatBytes } from '$lib/format/units';
import { OBJECT_STATUS_NAMES, fileStateWords, nameOf } from '$lib/names/enums';
import { m } from '$lib/paraglide/messages';
import { language } from '$lib/state/language.svelte';
import type { Tone } from '$lib/ui/tone';
import type { StateGroup } from './files-view';

/**
 * The file browser's words: a file's state in either of the agent's numberings, where its bytes
 * are, why an action cannot be done, and what each action will do, said before it is sent.
 */

/**
 * Which numbering a folder's states are in. `objects_info` may answer the `/statechange` flags or
 * `object_status`' sequential numbers (the contract leaves it open): a value over 10 is only a
 * flag set, and 3, 5, 6, 7, 9 and 10 are only sequential; a folder with neither (or both) is unsure.
 */
export type Numbering = 'flags' | 'sequential' | 'unsure';

const SEQUENTIAL_ONLY = new Set([3, 5, 6, 7, 9, 10]);

export function numberingOf(entries: readonly { state: number | null }[]): Numbering {
	let flags = false;
	let sequential = false;
	for (const { state } of entries) {
		if (state === null) continue;
		if (state > 10) flags = true;
		else if (SEQUENTIAL_ONLY.has(state)) sequential = true;
	}
	return flags === sequential ? 'unsure' : flags ? 'flags' : 'sequential';
}

/** Values the two numberings read differently (0 and 2 mean the same in both). */
const READ_TWO_WAYS = new Set([1, 4, 8]);

export type StateRead = {
	words: string;
	group: StateGroup;
	tone: Tone | null;
	/** Said beside the words when the reading is a guess. */
	note: string | null;
};

const TONES: Record<StateGroup, Tone | null> = {
	insync: null,
	upload: 'busy',
	download: 'busy',
	errors: 'bad',
	other: 'neutral'
};

/** The group of a flag set: errors first, then what moves, then the rest. */
export function flagGroup(flags: number): StateGroup {
	if (flags & FILE_STATE.Error) return 'errors';
	if (flags === FILE_STATE.Normal) return 'insync';
	const moving = flags & ~FILE_STATE.Reading;
	if (moving === FILE_STATE.Uploading) return 'upload';
	if (moving === FILE_STATE.Downloading) return 'download';
	return 'other';
}

const SEQUENTIAL_GROUP: Record<number, StateGroup> = {
	0: 'insync',
	1: 'upload',
	2: 'download',
	10: 'errors'
};

/**
 * A state in words: a live frame's flags (certain) before the folder's answer, which is read in
 * the folder's numbering; unsure, as flags (the live channel's), with a note where it matters.
 */
export function readState(
	sent: number | null,
	numbering: Numbering,
	live?: number
): StateRead | null {
	const read = (flags: number, note: string | null): StateRead => {
		const group = flagGroup(flags);
		return { words: fileStateWords(flags), group, tone: TONES[group], note };
	};
	if (live !== undefined) return read(live, null);
	if (sent === null) return null;
	if (numbering === 'sequential') {
		const group = SEQUENTIAL_GROUP[sent] ?? 'other';
		return { words: nameOf(OBJECT_STATUS_NAMES, sent), group, tone: TONES[group], note: null };
	}
	return read(
		sent,
		numbering === 'unsure' && READ_TWO_WAYS.has(sent)
			? m.files_read_two_ways({ sent: String(sent), other: nameOf(OBJECT_STATUS_NAMES, sent) })
			: null
	);
}

export type PlaceRead = { words: string; key: 'kept' | 'here' | 'partly' | 'cloud' };

/** Where the bytes are, when the agent says (`isOffline`, `cachedSize`); null when it does not. */
export function placeOf(e: FileObject): PlaceRead | null {
	if (e.offline === true) return { words: m.files_place_kept(), key: 'kept' };
	if (e.cachedSize === null) return null;
	if (e.cachedSize === 0)
		return e.size === 0
			? { words: m.files_place_here(), key: 'here' }
			: { words: m.files_place_cloud(), key: 'cloud' };
	if (e.size !== null && e.cachedSize < e.size)
		return { words: m.files_place_partly({ size: formatBytes(e.cachedSize) }), key: 'partly' };
	return { words: m.files_place_here(), key: 'here' };
}

/** A state, where the bytes are and the size, in one line: “In sync · 2.0 MB · In the cloud only”. */
export function oneLine(
	state: StateRead | null,
	place: PlaceRead | null,
	size: number | null
): string {
	return [state?.words, size === null ? null : formatBytes(size), place?.words]
		.filter(Boolean)
		.join(' · ');
}

/** What the drive allows, as far as the agent says: unknown values never block (the agent decides). */
export type DriveRules = {
	name: string;
	bucket: string | null;
	active: boolean;
	mirror: boolean;
	readOnly: boolean;
	/** False only when the agent says deleting is off. */
	allowDelete: boolean;
};

export function rulesOf(drive: Drive): DriveRules {
	return {
		name: drive.name?.trim() || m.files_this_drive(),
		bucket: drive.storageName?.trim() || null,
		active: drive.active !== false,
		mirror: drive.syncType === SYNC_TYPE.Mirror,
		readOnly: drive.permissionType === PERMISSION_TYPE.Read,
		allowDelete: drive.allowDelete !== false
	};
}

export type FileAction = 'keep' | 'unkeep' | 'free' | 'fetch' | 'delete' | 'share';

/** One item acted on: what the agent said of it, and its state now (a frame's, or as read). */
export type Target = { entry: FileObject; group: StateGroup | null };

const isBundle = (path: string) => /\.(fcpbundle|prproj|aep)([\\/]|$)/i.test(path);

/** Why an action cannot be done on this item, in a sentence, or null when it can. */
export function whyNot(action: FileAction, t: Target, rules: DriveRules): string | null {
	const e = t.entry;
	switch (action) {
		case 'keep':
			if (!rules.active) return m.files_why_inactive({ name: rules.name });
			if (e.offline === true) return m.files_why_kept_already();
			return null;
		case 'unkeep':
			if (e.offline === false && !e.folder) return m.files_why_not_kept();
			return null;
		case 'free':
			if (rules.mirror) return m.files_why_mirror({ name: rules.name });
			if (e.offline === true) return m.files_why_kept();
			if (e.cachedSize === 0) return m.files_why_not_here();
			if (!e.folder && t.group === 'upload') return m.files_why_waits_upload();
			return null;
		case 'fetch':
			if (!rules.active) return m.files_why_inactive({ name: rules.name });
			if (e.cachedSize !== null && e.size !== null && e.cachedSize >= e.size && e.size > 0)
				return m.files_why_here_already();
			return null;
		case 'delete':
			if (rules.readOnly) return m.files_why_read_only({ name: rules.name });
			if (!rules.allowDelete) return m.files_why_no_delete({ name: rules.name });
			if (!e.folder && t.group === 'upload') return m.files_why_uploading();
			return null;
		case 'share':
			if (e.folder !== false) return m.files_why_folder_share();
			return null;
	}
}

const sum = (list: Target[], f: (e: FileObject) => number | null) =>
	list.reduce<number | null>((total, t) => {
		const v = f(t.entry);
		return total === null || v === null ? null : total + v;
	}, 0);

/** “hero.mov”, or “3 items”. */
export function whatWords(list: Target[]): string {
	if (list.length === 1) return m.files_what_one({ name: list[0]!.entry.name });
	return m.files_what_many({ count: list.length, shown: String(list.length) });
}

/**
 * A reason (a sentence of `whyNot`) as a clause after a colon: English lowers its first letter
 * (and, with `all`, every letter, dropping the full stop), as it always has; German and Japanese
 * keep a reason as written, as their nouns and sentences after a colon want.
 */
export function asClause(why: string, all = false): string {
	if (language.current !== 'en') return all ? why.replace(/[.。]$/, '') : why;
	return all
		? why.replace(/\.$/, '').toLowerCase()
		: `${why.charAt(0).toLowerCase()}${why.slice(1)}`;
}

/** Sentences one after another: a space between them, none in Japanese. */
export const sentences = (...parts: string[]) => parts.filter(Boolean).join(m.files_gap());

/** What each action will do, in words, before anything is sent. */
export function confirmWords(
	action: Exclude<FileAction, 'share'>,
	list: Target[],
	rules: DriveRules
): ActionWords {
	const what = whatWords(list);
	const one = list.length === 1;
	const size = sum(list, (e) => e.size);
	const here = sum(list, (e) => e.cachedSize);
	const away = size !== null && here !== null ? Math.max(0, size - here) : null;
	const folders = list.some((t) => t.entry.folder !== false);
	switch (action) {
		case 'keep': {
			const effect = one
				? folders
					? m.files_keep_effect_one_folder
					: m.files_keep_effect_one
				: folders
					? m.files_keep_effect_many_folders
					: m.files_keep_effect_many;
			const whole = away === size;
			const coming = one
				? whole
					? m.files_keep_away_one_all
					: m.files_keep_away_one_part
				: whole
					? m.files_keep_away_many_all
					: m.files_keep_away_many_part;
			return {
				label: m.files_keep(),
				title: m.files_keep_title({ what }),
				consequences: [
					effect({ what }),
					away === null
						? size === null
							? m.files_keep_unknown_all()
							: m.files_keep_unknown_size({ size: formatBytes(size) })
						: away > 0
							? coming({ size: formatBytes(away) })
							: m.files_keep_all_here(),
					one ? m.files_keep_no_free_one() : m.files_keep_no_free_many()
				],
				confirm: m.files_keep(),
				danger: false,
				done: m.files_keep_done()
			};
		}
		case 'unkeep':
			return {
				label: m.files_unkeep(),
				title: m.files_unkeep_title({ what }),
				consequences: [
					folders ? m.files_unkeep_effect_folders({ what }) : m.files_unkeep_effect({ what }),
					here === null
						? m.files_unkeep_stays_unknown()
						: m.files_unkeep_stays({ size: formatBytes(here) })
				],
				confirm: m.files_unkeep(),
				danger: false,
				done: m.files_unkeep_done()
			};
		case 'free':
			return {
				label: m.files_free(),
				title: m.files_free_title({ what }),
				consequences: [
					here === null
						? size === null
							? one
								? m.files_free_unsized_one()
								: m.files_free_unsized_many()
							: (one ? m.files_free_unknown_one : m.files_free_unknown_many)({
									size: formatBytes(size)
								})
						: folders
							? (one ? m.files_free_folders_one : m.files_free_folders_many)({
									size: formatBytes(here)
								})
							: m.files_free_exact({ size: formatBytes(here) }),
					one ? m.files_free_cloud_one() : m.files_free_cloud_many()
				],
				confirm: m.files_free(),
				danger: false,
				done: m.files_free_done()
			};
		case 'fetch':
			return {
				label: m.files_fetch(),
				title: m.files_fetch_title({ what }),
				consequences: [
					away
						? (one ? m.files_fetch_effect_size_one : m.files_fetch_effect_size_many)({
								what,
								size: formatBytes(away)
							})
						: (one ? m.files_fetch_effect_one : m.files_fetch_effect_many)({ what }),
					...(list.some((t) => isBundle(t.entry.path)) ? [m.files_fetch_bundle()] : []),
					m.files_fetch_network()
				],
				confirm: m.files_fetch(),
				danger: false,
				done: m.files_fetch_done()
			};
		case 'delete':
			return {
				label: m.files_delete(),
				title: m.files_delete_title({ what }),
				consequences: [
					m.files_delete_effect({
						what,
						folders: folders ? m.files_delete_effect_folders() : '',
						bucket: rules.bucket ? m.files_delete_effect_bucket({ bucket: rules.bucket }) : '',
						size: size ? m.files_delete_effect_size({ size: formatBytes(size) }) : ''
					}),
					m.files_delete_no_undo(),
					m.files_delete_skips()
				],
				confirm: m.files_delete(),
				danger: true,
				done: m.files_delete_done(),
				names: list.map((t) => t.entry.name)
			};
	}
}
