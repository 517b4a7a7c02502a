import {
	AGENT_STATUS,
	CLOUD_TYPE,
	FILE_STATE,
	NOTIFICATION_TYPE,
	PERMISSION_TYPE,
	TRANSFER_DIRECTION,
	TRANSFER_STATUS,
	enumName
} from '../src/lib/contract.ts';
import {
	FAILURES,
	STATE_FLAGS,
	fileName,
	fullPath,
	type SimFile,
	type SimDriveOrBackup
} from './model/drives.ts';
import { landed } from './model/files.ts';
import { fileEntry } from './model/history.ts';
import type { SimState } from './model/state.ts';
import { prng } from './seed/random.ts';

/**
 * What the development agent does in the background: it moves the drives' files through their
 * states, one transfer at a time per file, and says so on both channels. The files' states, the
 * reports and the history are the same data, so a file the activity uploads moves from pending to
 * normal in the frames and in the reports alike, and its history entry appears when it finishes.
 */

type Send = {
	notify: (type: number, data: unknown) => void;
	state: (frame: { Path: string; StorageName: string; State: number }) => void;
	/** Each start, step and end of a file's transfer, for the agent's current transfers. */
	transfer?: (report: TransferReport) => void;
};

/** A file's transfer as its Progress frame tells it. */
export type TransferReport = {
	id: string;
	driveOrBackup: SimDriveOrBackup;
	file: SimFile;
	mode: 'Upload' | 'Download';
	bytes: number;
	speed: number;
	started: number;
	status: 'InProgress' | 'Completed' | 'Failed';
};

type Transfer = {
	id: string;
	driveOrBackup: SimDriveOrBackup;
	file: SimFile;
	mode: 'Upload' | 'Download';
	bytes: number;
	speed: number;
	started: number;
	fails: boolean;
};

/** How often a sync pass moves its transfers on; it runs whatever the background rate. */
const SYNC_TICK_MS = 40;
const MAX_TRANSFERS = 4;

export class Activity {
	readonly #state: SimState;
	readonly #send: Send;
	#transfers: Transfer[] = [];
	#rand = prng(7);
	#seq = 0;
	/** Sync passes running, by drive or backup id. */
	readonly #syncs = new Map<string, NodeJS.Timeout>();
	/** Sync passes of one file, by the file. */
	readonly #fileSyncs = new Map<SimFile, NodeJS.Timeout>();

	constructor(state: SimState, send: Send) {
		this.#state = state;
		this.#send = send;
	}

	get #drivesAndBackups(): SimDriveOrBackup[] {
		return [...this.#state.drives.drives, ...this.#state.drives.backups];
	}

	/** Ids of the drives and backups with a sync pass running. */
	get syncing(): string[] {
		return [...this.#syncs.keys()];
	}

	/** One event of background activity: a message, a new transfer, or one moving on. */
	step() {
		const r = this.#rand;
		if (r() < 0.03) {
			this.#send.notify(NOTIFICATION_TYPE.UserNotification, {
				Title: 'Storage almost full',
				Message: 'studio-projects is 91% full. Archive older projects to free space.',
				Severity: 'Warning',
				TimeUtc: this.#state.clock.date().toISOString()
			});
			return;
		}
		if (this.#transfers.length < MAX_TRANSFERS && (this.#transfers.length === 0 || r() < 0.3)) {
			const next = this.#nextPending() ?? this.#localEdit();
			if (next) this.#start(next.driveOrBackup, next.file);
			return;
		}
		const t = this.#transfers[Math.floor(r() * this.#transfers.length)];
		if (t) this.#advance(t);
	}

	/**
	 * Starts a sync pass of one drive or backup: every file waiting there is transferred, a few at
	 * a time, until none is left. A second call while one runs changes nothing.
	 */
	sync(driveOrBackup: SimDriveOrBackup) {
		if (this.#syncs.has(driveOrBackup.id)) return;
		const timer = setInterval(() => {
			if (this.#state.status === AGENT_STATUS.Paused) return; // The pass waits for Resume.
			const mine = this.#transfers.filter((t) => t.driveOrBackup === driveOrBackup);
			if (mine.length < MAX_TRANSFERS) {
				const file = this.#pendingIn(driveOrBackup);
				if (file) {
					this.#start(driveOrBackup, file);
					return;
				}
			}
			const t = mine[Math.floor(this.#rand() * mine.length)];
			if (t) this.#advance(t);
			else this.#endSync(driveOrBackup);
		}, SYNC_TICK_MS);
		timer.unref();
		this.#syncs.set(driveOrBackup.id, timer);
	}

	/**
	 * A sync pass for one file (`clouddrive/sync/{id}?path=`): a failed file waits again (to go
	 * up, or down on a read-only drive) and is transferred at once. A file with nothing to do, or
	 * already moving, is left as it is.
	 */
	syncFile(driveOrBackup: SimDriveOrBackup, file: SimFile) {
		if (this.#fileSyncs.has(file) || this.#transfers.some((t) => t.file === file)) return;
		if (file.state === 'error')
			this.#setState(
				driveOrBackup,
				file,
				driveOrBackup.permissionType === PERMISSION_TYPE.ReadWrite
					? 'pendingUpload'
					: 'pendingDownload'
			);
		if (file.state !== 'pendingUpload' && file.state !== 'pendingDownload') return;
		const t = this.#start(driveOrBackup, file);
		// What failed once was passing (a reset connection, a file closed since): this pass succeeds.
		t.fails = false;
		const timer = setInterval(() => {
			if (this.#state.status === AGENT_STATUS.Paused) return;
			if (this.#transfers.includes(t)) this.#advance(t);
			else {
				clearInterval(timer);
				this.#fileSyncs.delete(file);
			}
		}, SYNC_TICK_MS);
		timer.unref();
		this.#fileSyncs.set(file, timer);
	}

	/** Fetch now (object_download, keep on this computer): a file only in the cloud comes down at once. */
	fetchFile(driveOrBackup: SimDriveOrBackup, file: SimFile) {
		if (file.state === 'normal') this.#setState(driveOrBackup, file, 'pendingDownload');
		this.syncFile(driveOrBackup, file);
	}

	/** A file deleted (object_delete): any transfer of it stops, and its last frame says Deleted. */
	deleted(driveOrBackup: SimDriveOrBackup, file: SimFile) {
		clearInterval(this.#fileSyncs.get(file));
		this.#fileSyncs.delete(file);
		this.#transfers = this.#transfers.filter((t) => t.file !== file);
		driveOrBackup.version++;
		this.#send.state({
			Path: fullPath(driveOrBackup, file),
			StorageName: driveOrBackup.storageName,
			State: FILE_STATE.Deleted
		});
	}

	/**
	 * Files a drive or backup finds as it syncs (a new one filling): each is tracked from now on,
	 * with its state frame, and a pass starts for those that wait.
	 */
	discover(driveOrBackup: SimDriveOrBackup, files: SimFile[]) {
		for (const file of files) {
			driveOrBackup.files.push(file);
			this.#setState(driveOrBackup, file, file.state);
		}
		if (files.some((f) => f.state === 'pendingUpload' || f.state === 'pendingDownload'))
			this.sync(driveOrBackup);
	}

	/** A drive or backup removed: its passes stop and its transfers are dropped, unfinished. */
	forget(driveOrBackup: SimDriveOrBackup) {
		this.#endSync(driveOrBackup);
		for (const file of driveOrBackup.files) {
			clearInterval(this.#fileSyncs.get(file));
			this.#fileSyncs.delete(file);
		}
		this.#transfers = this.#transfers.filter((t) => t.driveOrBackup !== driveOrBackup);
	}

	/** Ids of the files' transfers under way. */
	transferIds(): Set<string> {
		return new Set(this.#transfers.map((t) => t.id));
	}

	/** Drops a file's transfer (canceled): the file waits again, for the next pass. */
	cancel(id: string): boolean {
		const t = this.#transfers.find((x) => x.id === id);
		if (!t) return false;
		this.#transfers = this.#transfers.filter((x) => x !== t);
		this.#setState(
			t.driveOrBackup,
			t.file,
			t.mode === 'Upload' ? 'pendingUpload' : 'pendingDownload'
		);
		return true;
	}

	#endSync(driveOrBackup: SimDriveOrBackup) {
		clearInterval(this.#syncs.get(driveOrBackup.id));
		this.#syncs.delete(driveOrBackup.id);
	}

	/**
	 * Transfers one file of a drive to its end at once (tests): the named file, or the first one
	 * waiting to go up or down. Returns the file's full path, or null when nothing waits.
	 */
	finishOne(driveOrBackup: SimDriveOrBackup, path: string | null, fail: boolean): string | null {
		let t = this.#transfers.find(
			(x) =>
				x.driveOrBackup === driveOrBackup &&
				(path === null || fullPath(driveOrBackup, x.file) === path)
		);
		if (!t) {
			const file =
				path === null
					? this.#pendingIn(driveOrBackup)
					: driveOrBackup.files.find((f) => fullPath(driveOrBackup, f) === path);
			if (!file) return null;
			t = this.#start(driveOrBackup, file);
		}
		t.fails = fail;
		while (this.#transfers.includes(t)) this.#advance(t, true);
		return fullPath(driveOrBackup, t.file);
	}

	#pendingIn(driveOrBackup: SimDriveOrBackup): SimFile | undefined {
		const busy = new Set(this.#transfers.map((t) => t.file));
		return driveOrBackup.files.find(
			(f) => (f.state === 'pendingUpload' || f.state === 'pendingDownload') && !busy.has(f)
		);
	}

	/** A waiting file in an active drive, starting from a random one so every drive gets a turn. */
	#nextPending(): { driveOrBackup: SimDriveOrBackup; file: SimFile } | null {
		const list = this.#drivesAndBackups.filter((d) => d.active && d.files.length > 0);
		const offset = Math.floor(this.#rand() * Math.max(1, list.length));
		for (let i = 0; i < list.length; i++) {
			const driveOrBackup = list[(offset + i) % list.length]!;
			const file = this.#pendingIn(driveOrBackup);
			if (file) return { driveOrBackup, file };
		}
		return null;
	}

	/** Nothing waits: someone saves a file on a drive, which then waits to go up. */
	#localEdit(): { driveOrBackup: SimDriveOrBackup; file: SimFile } | null {
		const list = this.#drivesAndBackups.filter(
			(d) => d.active && d.permissionType === PERMISSION_TYPE.ReadWrite && d.files.length
		);
		const driveOrBackup = list[Math.floor(this.#rand() * list.length)];
		if (!driveOrBackup) return null;
		const file = driveOrBackup.files[Math.floor(this.#rand() * driveOrBackup.files.length)]!;
		if (file.state !== 'normal') return null;
		this.#setState(driveOrBackup, file, 'pendingUpload');
		file.modified = this.#state.clock.date().toISOString();
		return { driveOrBackup, file };
	}

	#setState(driveOrBackup: SimDriveOrBackup, file: SimFile, state: SimFile['state']) {
		file.state = state;
		if (state !== 'error') delete file.error;
		driveOrBackup.version++;
		this.#send.state({
			Path: fullPath(driveOrBackup, file),
			StorageName: driveOrBackup.storageName,
			State: STATE_FLAGS[state]
		});
	}

	#start(driveOrBackup: SimDriveOrBackup, file: SimFile): Transfer {
		const r = this.#rand;
		this.#seq += 1;
		const mode = file.state === 'pendingDownload' ? 'Download' : 'Upload';
		const t: Transfer = {
			id: `tr-${this.#state.clock.now().toString(36)}-${this.#seq}`,
			driveOrBackup,
			file,
			mode,
			bytes: 0,
			speed: Math.floor(2_000_000 + r() * 30_000_000),
			started: this.#state.clock.now(),
			fails: r() < 0.12
		};
		this.#transfers.push(t);
		this.#setState(driveOrBackup, file, mode === 'Upload' ? 'uploading' : 'downloading');
		this.#progress(t, 'InProgress', null);
		return t;
	}

	#advance(t: Transfer, large = false) {
		const r = this.#rand;
		t.bytes = Math.min(
			t.file.size,
			t.bytes + Math.ceil(t.file.size * (large ? 0.5 : 0.08 + r() * 0.2))
		);
		if (t.fails && t.bytes > t.file.size / 2) {
			const error = FAILURES[this.#seq % FAILURES.length]!;
			this.#progress(t, 'Failed', error);
			this.#setState(t.driveOrBackup, t.file, 'error');
			t.file.error = error;
			this.#finish(t, { status: TRANSFER_STATUS.Error, error, transferred: t.bytes });
		} else if (t.bytes >= t.file.size) {
			this.#progress(t, 'Completed', null);
			this.#setState(t.driveOrBackup, t.file, 'normal');
			this.#finish(t, {
				status: TRANSFER_STATUS.Completed,
				error: null,
				transferred: t.file.size
			});
		} else {
			this.#progress(t, 'InProgress', null);
		}
	}

	#finish(t: Transfer, outcome: { status: number; error: string | null; transferred: number }) {
		this.#transfers = this.#transfers.filter((x) => x !== t);
		if (outcome.status === TRANSFER_STATUS.Completed) landed(t.file);
		const state = this.#state;
		state.recordHistory((id) =>
			fileEntry(
				id,
				t.driveOrBackup,
				t.file,
				TRANSFER_DIRECTION[t.mode],
				t.started,
				// Never a zero duration: the speed is bytes over seconds.
				Math.max(state.clock.now(), t.started + Math.ceil((t.file.size / t.speed) * 1000)),
				outcome,
				state.agentUser()
			)
		);
	}

	#progress(t: Transfer, status: TransferReport['status'], error: string | null) {
		const now = this.#state.clock.now();
		const seconds = Math.max(0, Math.round((now - t.started) / 1000));
		const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');
		this.#send.notify(NOTIFICATION_TYPE.Progress, {
			TransferMode: t.mode,
			Status: status,
			StorageType: enumName(CLOUD_TYPE, t.driveOrBackup.account.cloudType) ?? 'Unknown',
			Path: fullPath(t.driveOrBackup, t.file),
			Bytes: t.bytes,
			Size: t.file.size,
			Error: error,
			Name: fileName(t.file),
			StorageName: t.driveOrBackup.storageName,
			Speed: t.speed,
			Duration: `${pad(seconds / 3600)}:${pad((seconds % 3600) / 60)}:${pad(seconds % 60)}`,
			TransferId: t.id,
			StartTimeUtc: new Date(t.started).toISOString(),
			ProgressTimeUtc: new Date(now).toISOString()
		});
		const { id, driveOrBackup, file, mode, bytes, speed, started } = t;
		this.#send.transfer?.({ id, driveOrBackup, file, mode, bytes, speed, started, status });
	}

	/** Back to the start: no transfers, no sync passes, the same random sequence. */
	reset() {
		this.#transfers = [];
		this.#rand = prng(7);
		this.#seq = 0;
		for (const timer of this.#syncs.values()) clearInterval(timer);
		this.#syncs.clear();
		for (const timer of this.#fileSyncs.values()) clearInterval(timer);
		this.#fileSyncs.clear();
	}
}
