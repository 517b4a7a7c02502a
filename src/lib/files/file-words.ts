import type { ActionWords } from '$lib/actions/action.svelte';
import type { FileObject } from '$lib/api/files';
import type { Drive } from '$lib/api/schemas/drives';
import { FILE_STATE, PERMISSION_TYPE, SYNC_TYPE } from '$lib/contract';
import { formatBytes } from '$lib/format/units';
import { OBJECT_STATUS_NAMES, fileStateWords, nameOf } from '$lib/names/enums';
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
			? `The agent sent ${sent}, read as the live channel reads it; in the other numbering it means “${nameOf(OBJECT_STATUS_NAMES, sent)}”.`
			: null
	);
}

export type PlaceRead = { words: string; key: 'kept' | 'here' | 'partly' | 'cloud' };

/** Where the bytes are, when the agent says (`isOffline`, `cachedSize`); null when it does not. */
export function placeOf(e: FileObject): PlaceRead | null {
	if (e.offline === true) return { words: 'Kept on this computer', key: 'kept' };
	if (e.cachedSize === null) return null;
	if (e.cachedSize === 0)
		return e.size === 0
			? { words: 'On this computer', key: 'here' }
			: { words: 'In the cloud only', key: 'cloud' };
	if (e.size !== null && e.cachedSize < e.size)
		return { words: `${formatBytes(e.cachedSize)} on this computer`, key: 'partly' };
	return { words: 'On this computer', key: 'here' };
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
		name: drive.name?.trim() || 'this drive',
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
			if (!rules.active)
				return `${rules.name} is not active: activate it in the agent’s app first.`;
			if (e.offline === true) return 'Already kept on this computer.';
			return null;
		case 'unkeep':
			if (e.offline === false && !e.folder) return 'Not kept on this computer.';
			return null;
		case 'free':
			if (rules.mirror)
				return `${rules.name} is a mirror drive: it keeps every file on this computer.`;
			if (e.offline === true) return 'Kept on this computer: stop keeping it here first.';
			if (e.cachedSize === 0) return 'Not on this computer: there is nothing to free.';
			if (!e.folder && t.group === 'upload')
				return 'Waits to upload: its only copy is on this computer.';
			return null;
		case 'fetch':
			if (!rules.active)
				return `${rules.name} is not active: activate it in the agent’s app first.`;
			if (e.cachedSize !== null && e.size !== null && e.cachedSize >= e.size && e.size > 0)
				return 'Already on this computer.';
			return null;
		case 'delete':
			if (rules.readOnly) return `${rules.name} is read-only: nothing can be deleted in it.`;
			if (!rules.allowDelete)
				return `${rules.name} does not allow deleting (its “Delete in the cloud too” setting is off).`;
			if (!e.folder && t.group === 'upload')
				return 'Still uploading: the agent skips it. Delete it once it is in sync.';
			return null;
		case 'share':
			if (e.folder !== false) return 'A link shares one file: a folder cannot be shared by link.';
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
	if (list.length === 1) return `“${list[0]!.entry.name}”`;
	return `${list.length} items`;
}

/** What each action will do, in words, before anything is sent. */
export function confirmWords(
	action: Exclude<FileAction, 'share'>,
	list: Target[],
	rules: DriveRules
): ActionWords {
	const what = whatWords(list);
	const one = list.length === 1;
	const it = one ? 'it' : 'them';
	const size = sum(list, (e) => e.size);
	const here = sum(list, (e) => e.cachedSize);
	const away = size !== null && here !== null ? Math.max(0, size - here) : null;
	const folders = list.some((t) => t.entry.folder !== false);
	switch (action) {
		case 'keep':
			return {
				label: 'Keep on this computer',
				title: `Keep ${what} on this computer?`,
				consequences: [
					`The agent keeps ${what} on this computer${folders ? ', with everything in it' : ''}, so ${it} open${one ? 's' : ''} without the network.`,
					away === null
						? `The agent does not say what is on this computer already: up to ${size === null ? 'all of it' : formatBytes(size)} may be downloaded now.`
						: away > 0
							? `${formatBytes(away)} ${one ? 'is' : 'are'} not on this computer yet: the agent downloads ${away === size ? it : 'that'} now.`
							: 'All of it is on this computer already: nothing is downloaded.',
					`Free up space is refused for ${it} until you stop keeping ${it} on this computer.`
				],
				confirm: 'Keep on this computer',
				danger: false,
				done: 'Kept on this computer.'
			};
		case 'unkeep':
			return {
				label: 'Stop keeping on this computer',
				title: `Stop keeping ${what} on this computer?`,
				consequences: [
					`The agent no longer keeps ${what} on this computer${folders ? ', with everything in it' : ''}.`,
					`Nothing is removed now: ${here === null ? 'what is here stays' : `${formatBytes(here)} stays`} on this computer until you free up space.`
				],
				confirm: 'Stop keeping on this computer',
				danger: false,
				done: 'No longer kept on this computer.'
			};
		case 'free':
			return {
				label: 'Free up space',
				title: `Free up space of ${what}?`,
				consequences: [
					here === null
						? `Frees up to ${size === null ? 'its size' : formatBytes(size)} on this computer: the agent does not say how much of ${it} is here.`
						: folders
							? `Frees up to ${formatBytes(here)} on this computer: files in ${it} that are kept on this computer or wait to upload stay.`
							: `Frees ${formatBytes(here)} on this computer.`,
					`The cloud copy stays. Opening ${one ? 'it' : 'one'} downloads it again, which needs the network.`
				],
				confirm: 'Free up space',
				danger: false,
				done: 'Space freed.'
			};
		case 'fetch':
			return {
				label: 'Fetch now',
				title: `Fetch ${what} now?`,
				consequences: [
					`The agent downloads ${what} now${away ? ` (${formatBytes(away)})` : ''}, without waiting for ${it} to be opened. What is on this computer already is left as it is.`,
					...(list.some((t) => isBundle(t.entry.path))
						? ['A project bundle comes whole: every file of the project is downloaded with it.']
						: []),
					'It uses the network until it is done; its progress shows on this page. It is not kept on this computer unless you keep it.'
				],
				confirm: 'Fetch now',
				danger: false,
				done: 'Fetching.'
			};
		case 'delete':
			return {
				label: 'Delete',
				title: `Delete ${what}?`,
				consequences: [
					`Deletes ${what}${folders ? ' and everything in it' : ''} on this computer and in the cloud${rules.bucket ? ` (bucket ${rules.bucket})` : ''}${size ? `: ${formatBytes(size)} in all` : ''}.`,
					'It cannot be undone from here.',
					'Files still uploading are skipped: they stay, and are listed after.'
				],
				confirm: 'Delete',
				danger: true,
				done: 'Deleted.'
			};
	}
}
