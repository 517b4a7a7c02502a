import {
	AGENT_STATUS,
	NOTIFICATION_TYPE,
	TRANSFER_DIRECTION,
	TRANSFER_STATUS,
	TRANSFER_TYPE
} from '../src/lib/contract.ts';
import type { TransferReport } from './activity.ts';
import type { ClockTimer, SimClock } from './clock.ts';
import { knownAccounts } from './model/configuration.ts';
import { fileName, fullPath } from './model/drives.ts';
import { fileEntry } from './model/history.ts';
import type { SimState } from './model/state.ts';
import {
	cloudName,
	costOf,
	duration,
	handled,
	isFinished,
	jobEntry,
	percentOf,
	regionOf,
	type SimTransfer,
	type TransferItem
} from './model/transfers.ts';
import { seedTransfers } from './seed/transfers.ts';

/**
 * The agent's current transfers, as `/transfer/get_all` lists them and the Progress frames tell
 * them: copies between buckets (asked for through `transfer/transfer`, or seeded), and each file
 * the background activity moves (followed through its hook, with the activity's own frames).
 * Work moves on the agent's clock, a step every TICK_MS (`POST /__sim/clock` skips ahead);
 * seeded work only while the background activity runs, so tests see it hold still. A cancel goes
 * Canceling, then Canceled CANCEL_MS later, each said in a frame.
 */

/** How often work moves on, on the agent's clock. */
export const TICK_MS = 2000;
/** From Canceling to Canceled, on the agent's clock. */
export const CANCEL_MS = 5000;
/** Finished transfers stay listed this long (then only the history has them), at most MAX_FINISHED. */
export const KEEP_FINISHED_MS = 60 * 60_000;
const MAX_FINISHED = 50;

type Parts = {
	state: SimState;
	clock: SimClock;
	notify: (type: number, data: unknown) => void;
	/** Whether the background activity runs (seeded work moves only then). */
	activityRunning: () => boolean;
	/** The activity's hand: drop a file's transfer; which transfers it still moves. */
	work: { cancel: (id: string) => boolean; transferIds: () => Set<string> };
};

export class TransferBoard {
	readonly #p: Parts;
	#list: SimTransfer[] = [];
	#timer: ClockTimer | null = null;
	#last = 0;
	readonly #cancels = new Set<ClockTimer>();

	constructor(parts: Parts) {
		this.#p = parts;
		this.reset();
	}

	/** Every current transfer, newest request last. */
	get all(): readonly SimTransfer[] {
		return this.#list;
	}

	find(id: string): SimTransfer | undefined {
		const wanted = id.toLowerCase();
		return this.#list.find((t) => t.item.id.toLowerCase() === wanted);
	}

	/** Back to the seeded transfers; the clock's step starts again. */
	reset() {
		this.stop();
		this.#list = seedTransfers(this.#p.clock.now(), this.#p.state.agentUser());
		this.#last = this.#p.clock.now();
		this.#arm();
	}

	/** No current transfers at all (the control surface's empty agent). */
	clear() {
		for (const timer of this.#cancels) this.#p.clock.clearTimeout(timer);
		this.#cancels.clear();
		this.#list = [];
	}

	/** Stops the clock's step and any cancel under way (the agent stops). */
	stop() {
		this.#p.clock.clearTimeout(this.#timer);
		this.#timer = null;
		this.clear();
	}

	/** A copy asked for through `transfer/transfer`: Created now, Running at the next step. */
	add(t: SimTransfer) {
		this.#list.push(t);
	}

	/** The activity moved a file: its transfer is listed, and follows the activity's frames. */
	follow(r: TransferReport) {
		let t = this.find(r.id);
		if (!t) {
			if (r.status !== 'InProgress') return;
			t = this.#fileTransfer(r);
			this.#list.push(t);
		}
		if (isFinished(t) || t.item.transferStatus === TRANSFER_STATUS.Canceling) return;
		const i = t.item;
		i.transferredSize = r.bytes;
		i.transferredCost = costOf(r.bytes);
		i.averageSpeed = r.speed;
		if (r.status === 'InProgress') i.transferStatus = TRANSFER_STATUS.Running;
		else {
			const done = r.status === 'Completed';
			i.transferStatus = done ? TRANSFER_STATUS.Completed : TRANSFER_STATUS.Error;
			i.transferred = done ? 1 : 0;
			i.failed = done ? 0 : 1;
			i.endDate = this.#now();
		}
		i.percent = percentOf(i);
		this.#prune();
	}

	#fileTransfer(r: TransferReport): SimTransfer {
		const { driveOrBackup, file } = r;
		const local = fullPath(driveOrBackup, file);
		const remote = `${driveOrBackup.prefix}${file.path.replace(/\\/g, '/')}`;
		const cloud = {
			account: driveOrBackup.account.id,
			bucket: driveOrBackup.storageName,
			path: remote
		};
		const here = { account: null, bucket: null, path: local };
		const [from, to] = r.mode === 'Upload' ? [here, cloud] : [cloud, here];
		const item: TransferItem = {
			id: r.id,
			userId: this.#p.state.agentUser().id,
			syncCycleId: null,
			sourceCloudAccountId: from.account,
			sourceBucket: from.bucket,
			sourceRegion: regionOf(from.account),
			sourcePath: from.path,
			destinationCloudAccountId: to.account,
			destinationBucket: to.bucket,
			destinationRegion: regionOf(to.account),
			destinationPath: to.path,
			requestDate: new Date(r.started).toISOString(),
			startDate: new Date(r.started).toISOString(),
			endDate: null,
			transferStatus: TRANSFER_STATUS.Running,
			transferType: driveOrBackup.kind === 'drive' ? TRANSFER_TYPE.Transfer : TRANSFER_TYPE.Sync,
			allowSkip: false,
			allowDelete: driveOrBackup.kind === 'drive' && driveOrBackup.allowDelete,
			total: 1,
			failed: 0,
			deleted: 0,
			skipped: 0,
			skippedSize: 0,
			transferred: 0,
			totalSize: file.size,
			transferredSize: 0,
			percent: 0,
			averageSpeed: r.speed,
			transferredCost: 0,
			keepSourceTree: true
		};
		return {
			item,
			name: fileName(file),
			mode: r.mode,
			storageType: cloudName(driveOrBackup.account.cloudType),
			framePath: local,
			storageName: driveOrBackup.storageName,
			speed: r.speed,
			background: true,
			failing: 0,
			file: { driveOrBackup, file, started: r.started },
			who: this.#p.state.agentUser()
		};
	}

	/**
	 * Cancels a transfer: Canceling at once, Canceled CANCEL_MS later. What was copied before
	 * stays where it went; a drive's file waits to be transferred again. False when it has
	 * finished already (the caller says how); true when canceling, or canceling already.
	 */
	cancel(t: SimTransfer): boolean {
		const i = t.item;
		if (isFinished(t)) return false;
		if (i.transferStatus === TRANSFER_STATUS.Canceling) return true;
		if (t.file) this.#p.work.cancel(i.id);
		i.transferStatus = TRANSFER_STATUS.Canceling;
		this.#frame(t, 'Canceling');
		const timer = this.#p.clock.setTimeout(() => {
			this.#cancels.delete(timer);
			if (!this.#list.includes(t)) return;
			i.transferStatus = TRANSFER_STATUS.Canceled;
			i.endDate = this.#now();
			i.averageSpeed = 0;
			this.#frame(t, 'Canceled');
			this.#record(t);
			this.#prune();
		}, CANCEL_MS);
		this.#cancels.add(timer);
		return true;
	}

	#now(): string {
		return this.#p.clock.date().toISOString();
	}

	#arm() {
		this.#timer = this.#p.clock.setTimeout(() => this.#tick(), TICK_MS);
	}

	/** One step: work that may move does, by the time since the last step. */
	#tick() {
		const now = this.#p.clock.now();
		const elapsed = Math.max(0, now - this.#last);
		this.#last = now;
		const paused = this.#p.state.status === AGENT_STATUS.Paused;
		const moving = this.#p.work.transferIds();
		for (const t of this.#list) {
			const status = t.item.transferStatus;
			if (t.file) {
				// A file the activity dropped (its drive removed, the drives reseeded) is over.
				if (status === TRANSFER_STATUS.Running && !moving.has(t.item.id)) {
					t.item.transferStatus = TRANSFER_STATUS.Canceled;
					t.item.endDate = this.#now();
				}
				continue;
			}
			if (paused || (t.background && !this.#p.activityRunning())) continue;
			if (status === TRANSFER_STATUS.Created) this.#begin(t);
			else if (status === TRANSFER_STATUS.Running) this.#advance(t, elapsed);
		}
		this.#prune();
		this.#arm();
	}

	#begin(t: SimTransfer) {
		const i = t.item;
		i.transferStatus = TRANSFER_STATUS.Running;
		i.startDate = this.#now();
		// What is at the destination already is found first.
		i.skipped = t.willSkip?.count ?? 0;
		i.skippedSize = t.willSkip?.size ?? 0;
		i.percent = percentOf(i);
		this.#frame(t, 'InProgress');
	}

	#advance(t: SimTransfer, elapsed: number) {
		const i = t.item;
		const share = i.totalSize - i.skippedSize;
		i.transferredSize = Math.min(share, i.transferredSize + Math.round((t.speed * elapsed) / 1000));
		const copies = i.total - i.skipped;
		i.transferred = share > 0 ? Math.floor((copies * i.transferredSize) / share) : copies;
		i.transferredCost = costOf(i.transferredSize);
		const started = Date.parse(i.startDate ?? i.requestDate);
		const seconds = Math.max(1, (this.#p.clock.now() - started) / 1000);
		i.averageSpeed = Math.round(i.transferredSize / seconds);
		if (i.transferredSize < share) {
			i.percent = percentOf(i);
			this.#frame(t, 'InProgress');
			return;
		}
		i.failed = Math.min(t.failing, copies);
		i.transferred = copies - i.failed;
		i.transferStatus = i.failed ? TRANSFER_STATUS.Error : TRANSFER_STATUS.Completed;
		i.endDate = this.#now();
		i.percent = percentOf(i);
		this.#frame(
			t,
			i.failed ? 'Failed' : 'Completed',
			i.failed ? `${i.failed} objects failed.` : null
		);
		this.#record(t);
	}

	/** Its entry in the history, once it ends. */
	#record(t: SimTransfer) {
		const state = this.#p.state;
		const i = t.item;
		if (t.file) {
			const { driveOrBackup, file, started } = t.file;
			state.recordHistory((id) =>
				fileEntry(
					id,
					driveOrBackup,
					file,
					TRANSFER_DIRECTION[t.mode],
					started,
					Math.max(Date.parse(i.endDate ?? ''), started + 1000),
					{ status: i.transferStatus, error: null, transferred: i.transferredSize },
					t.who
				)
			);
			return;
		}
		if (i.transferType !== TRANSFER_TYPE.ManualTransfer) return;
		const clouds = knownAccounts({ drives: state.drives, history: state.history });
		state.recordHistory((id) => jobEntry(id, t, clouds));
	}

	/** A Progress frame, in the shape the activity's frames have. */
	#frame(t: SimTransfer, status: string, error: string | null = null) {
		const i = t.item;
		const now = this.#p.clock.now();
		const started = Date.parse(i.startDate ?? i.requestDate);
		this.#p.notify(NOTIFICATION_TYPE.Progress, {
			TransferMode: t.mode,
			Status: status,
			StorageType: t.storageType,
			Path: t.framePath,
			Bytes: handled(i),
			Size: i.totalSize,
			Error: error,
			Name: t.name,
			StorageName: t.storageName,
			Speed: status === 'InProgress' ? t.speed : 0,
			Duration: duration(started, now),
			TransferId: i.id,
			StartTimeUtc: new Date(started).toISOString(),
			ProgressTimeUtc: new Date(now).toISOString()
		});
	}

	/** Finished transfers go after KEEP_FINISHED_MS, or past the newest MAX_FINISHED. */
	#prune() {
		const now = this.#p.clock.now();
		let kept = 0;
		for (let n = this.#list.length - 1; n >= 0; n--) {
			const t = this.#list[n]!;
			if (!isFinished(t)) continue;
			const ended = Date.parse(t.item.endDate ?? '') || now;
			if (++kept > MAX_FINISHED || now - ended > KEEP_FINISHED_MS) this.#list.splice(n, 1);
		}
	}
}
