import { m } from '$lib/paraglide/messages';
import { AgentHttpError, errorMessage, isAbort } from '$lib/api/errors';
import { listDirectories, listMachineDrives, makeDirectory } from '$lib/api/folders';
import { agentFailure } from '$lib/actions/agent-failure';
import { folderNameProblem, joinPath, normalizePath, parentOf } from './paths';

/**
 * What the folder picker shows of the agent's machine: its disks, and the folders of the folder
 * being looked at. Each listing aborts the one before, and an answer that comes after a newer
 * one was asked for is dropped, so a slow old listing never replaces a newer one.
 */

type Calls = {
	listDirectories: typeof listDirectories;
	listMachineDrives: typeof listMachineDrives;
	makeDirectory: typeof makeDirectory;
};

const AGENT_CALLS: Calls = { listDirectories, listMachineDrives, makeDirectory };

/** The agent does not know the folder: 404, or its NOT_FOUND code. */
const unknownFolder = (error: unknown) =>
	error instanceof AgentHttpError && (error.status === 404 || error.code === 'NOT_FOUND');

export class FolderBrowser {
	/** The folder listed; null while only the disks are shown. */
	path = $state<string | null>(null);
	folders = $state.raw<string[]>([]);
	disks = $state.raw<string[]>([]);
	busy = $state(false);
	/** Why the folder could not be listed, in words. */
	problem = $state<string | null>(null);
	/** The refusal of the last new folder, said beside its name. */
	newFolderProblem = $state<string | null>(null);
	makingFolder = $state(false);

	readonly #calls: Calls;
	#asked = 0;
	#abort: AbortController | null = null;

	constructor(calls: Partial<Calls> = {}) {
		this.#calls = { ...AGENT_CALLS, ...calls };
	}

	/** The folder above the one listed, or null at a disk's root or the disks. */
	get up(): string | null {
		return this.path === null ? null : parentOf(this.path);
	}

	async readDisks(): Promise<void> {
		try {
			this.disks = await this.#calls.listMachineDrives();
		} catch (error) {
			if (isAbort(error)) return;
			this.problem = m.drive_form_disks_not_listed({
				error: errorMessage(agentFailure(error))
			});
		}
	}

	/** Lists `path` (empty: the user's home folder); true when this answer is the one shown. */
	async open(path: string): Promise<boolean> {
		const asked = ++this.#asked;
		this.#abort?.abort();
		const abort = new AbortController();
		this.#abort = abort;
		this.busy = true;
		const wanted = path.trim() ? normalizePath(path) : '';
		try {
			const folders = await this.#calls.listDirectories(wanted, { signal: abort.signal });
			if (asked !== this.#asked) return false;
			this.path = wanted || this.#homeOf(folders);
			this.folders = folders;
			this.problem = null;
			return true;
		} catch (error) {
			if (asked !== this.#asked || isAbort(error)) return false;
			const failure = agentFailure(error);
			this.path = wanted || null;
			this.folders = [];
			this.problem = unknownFolder(failure)
				? m.drive_form_no_such_folder({ path: wanted })
				: wanted
					? m.drive_form_folder_not_listed({ path: wanted, error: errorMessage(failure) })
					: m.drive_form_home_not_listed({ error: errorMessage(failure) });
			return false;
		} finally {
			if (asked === this.#asked) this.busy = false;
		}
	}

	/** The home folder's path, from its first subfolder's (the agent answers full paths). */
	#homeOf(folders: string[]): string | null {
		const first = folders[0];
		return first ? parentOf(first) : null;
	}

	/** Shows the disks instead of a folder; a listing under way is dropped. */
	showDisks() {
		this.#asked++;
		this.#abort?.abort();
		this.busy = false;
		this.path = null;
		this.folders = [];
		this.problem = null;
	}

	/** Makes `name` in the folder listed; its path when made, else null with the reason said. */
	async makeFolder(name: string): Promise<string | null> {
		const parent = this.path;
		if (parent === null || this.makingFolder) return null;
		const problem = folderNameProblem(name);
		this.newFolderProblem = problem;
		if (problem) return null;
		this.makingFolder = true;
		try {
			const made = await this.#calls.makeDirectory(parent, name.trim());
			return made ?? joinPath(parent, name.trim());
		} catch (error) {
			const failure = agentFailure(error);
			const beside =
				failure instanceof AgentHttpError ? failure.fieldErrors['directoryName'] : undefined;
			this.newFolderProblem = beside?.length ? beside.join(' ') : errorMessage(failure);
			return null;
		} finally {
			this.makingFolder = false;
		}
	}

	stop() {
		this.#asked++;
		this.#abort?.abort();
	}
}
