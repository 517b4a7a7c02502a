import { m } from '$lib/paraglide/messages';
import {
	moveDriveCache,
	readDriveOrBackupList,
	readDriveOrBackup,
	readSummary
} from '$lib/api/drives';
import { AgentError, AgentHttpError, isAbort } from '$lib/api/errors';
import type { Drive } from '$lib/api/schemas/drives';
import { FormState } from '$lib/form/form.svelte';
import { live } from '$lib/live/live.svelte';
import { DATA, refresh } from '$lib/page-data/page-data.svelte';
import { ReadOnDemand } from '$lib/page-data/read-on-demand.svelte';
import { DRIVE_CONFIG, DRIVE_TYPE } from '$lib/contract';
import { clock } from '$lib/ui/clock.svelte';
import { relatePaths } from '$lib/folders/paths';
import { cacheMoveFrame, cacheMoveOf, cacheMoveOver, type CacheMove } from './cache-move';
import { cacheBytes, cacheFromBytes, cacheWords, fromModel, type CacheUnit } from './drive-config';
import { checks } from './drive-fields';

/** How often the drive is read again while its cache moves. */
const MOVE_READ_MS = 2000;

/**
 * What `CacheDialog` does (`clouddrive_change_cache`): the drive and the others read when it
 * opens, the cap with its unit or none and the folder, checked against the other drives' and
 * backups' folders, the agent's refusal beside the field. A move is then followed by its
 * UserNotification frames, and the model and the summary are read again on the page's clock until
 * neither says it moves and the cache is where it was asked to go: an agent may answer the stored
 * model, with no word of the move, while it goes on. Create it in the dialog's script.
 */
export class CacheDialogState {
	model = $state.raw<Drive | null>(null);
	others = $state.raw<{ drives: Drive[]; backups: Drive[] }>({ drives: [], backups: [] });
	capped = $state(false);
	size = $state(50);
	unit = $state<CacheUnit>('GB');
	folder = $state('');
	phase = $state<'form' | 'moving' | 'done'>('form');
	move = $state.raw<CacheMove | null>(null);
	doneText = $state('');
	missing = $state(false);

	readonly form = new FormState(['permanentLocalPath', 'maximumCacheSize']);
	readonly synced = $derived(this.model?.driveType === DRIVE_TYPE.LocalPath);
	readonly storedFolder = $derived(this.model?.permanentLocalPath?.trim() ?? '');
	readonly folderChanges = $derived(
		!this.synced &&
			this.folder.trim() !== '' &&
			this.folder.trim().toLowerCase() !== this.storedFolder.toLowerCase()
	);

	readonly #id: string;
	readonly #name: () => string;
	readonly #list = new ReadOnDemand((signal) => readDriveOrBackupList({ signal }));
	/** The folder a move was asked to, while it is followed ("$$$": the agent chooses). */
	#askedMove: { folder: string } | null = null;
	#stopFollow: (() => void) | null = null;

	constructor(id: string, name: () => string) {
		this.#id = id;
		this.#name = name;
		$effect(() => () => this.stop());
	}

	/** Why the drives could not be read, for the dialog to say with Retry. */
	get readError(): AgentError | null {
		return this.#list.error;
	}

	read = async () => {
		const read = await this.#list.run();
		if (!read?.ok) return;
		const drives = read.value.items.filter((i) => i.kind === 'drive').map((i) => i.drive);
		const backups = read.value.items.filter((i) => i.kind === 'backup').map((i) => i.drive);
		const found = drives.find((d) => d.id === this.#id) ?? null;
		this.others = { drives, backups };
		this.model = found;
		this.missing = !found;
		if (!found) return;
		const cap = cacheFromBytes(found.maximumCacheSize);
		this.capped = cap.cacheCapped;
		this.size = cap.cacheSize;
		this.unit = cap.cacheUnit;
		this.folder = found.permanentLocalPath ?? '';
		const moving = cacheMoveOf(found);
		if (moving) this.#follow(moving);
	};

	/** The bytes to send: the stored cap to the byte when the form shows it unchanged. */
	#capBytes(stored: Drive): number {
		const shown = cacheFromBytes(stored.maximumCacheSize);
		const same =
			shown.cacheCapped === this.capped &&
			(!this.capped || (shown.cacheSize === this.size && shown.cacheUnit === this.unit));
		if (same && typeof stored.maximumCacheSize === 'number') return stored.maximumCacheSize;
		return cacheBytes({ cacheCapped: this.capped, cacheSize: this.size, cacheUnit: this.unit });
	}

	#check = () => {
		const stored = this.model;
		if (!stored) return {};
		const base = fromModel(stored, 'drive').form;
		const all = checks(
			{
				...base,
				cacheCapped: this.capped,
				cacheSize: this.size,
				cacheUnit: this.unit,
				cacheFolder: this.synced ? '' : this.folder
			},
			this.others
		);
		const errors: Record<string, string[]> = {};
		if (all.maximumCacheSize) errors.maximumCacheSize = all.maximumCacheSize;
		if (!this.synced && !this.folder.trim())
			errors.permanentLocalPath = [m.drives_cache_enter_folder()];
		else if (this.folderChanges && all.permanentLocalPath)
			errors.permanentLocalPath = all.permanentLocalPath;
		if (
			!Object.keys(errors).length &&
			!this.folderChanges &&
			this.#capBytes(stored) === stored.maximumCacheSize
		)
			errors.maximumCacheSize = [m.drives_cache_nothing_to_change()];
		return errors;
	};

	/** The agent's refusal beside the field it concerns: a move under way, or no room, by the folder. */
	#explain = (error: AgentError) => {
		if (!(error instanceof AgentHttpError)) return undefined;
		const fieldErrors: Record<string, string[]> = {};
		for (const [field, messages] of Object.entries(error.fieldErrors)) {
			const key = field.toLowerCase().includes('size') ? 'maximumCacheSize' : 'permanentLocalPath';
			(fieldErrors[key] ??= []).push(...messages);
		}
		const code = error.code;
		const said = (message: string) =>
			code === 'LIMIT'
				? m.drives_cache_no_room({ message })
				: code === 'STATUS'
					? m.drives_cache_already_moving({ message })
					: code === 'SECURITY'
						? m.drives_cache_folder_taken({ message })
						: message;
		for (const messages of Object.values(fieldErrors))
			messages.splice(0, messages.length, ...messages.map(said));
		if (!Object.keys(fieldErrors).length)
			fieldErrors[this.folderChanges ? 'permanentLocalPath' : 'maximumCacheSize'] = [
				said(error.message)
			];
		return { fieldErrors, text: null };
	};

	submit = async (event: SubmitEvent) => {
		event.preventDefault();
		const stored = this.model;
		if (!stored) return;
		const asked = this.folderChanges ? { folder: this.folder.trim() } : null;
		this.#askedMove = asked;
		let answer: Drive | null = null;
		const sent = await this.form.submit(
			async () => {
				answer = await moveDriveCache(stored, {
					permanentLocalPath: asked ? asked.folder : (stored.permanentLocalPath ?? ''),
					maximumCacheSize: this.#capBytes(stored)
				});
			},
			{ check: this.#check, explain: this.#explain }
		);
		if (!sent || !answer) return;
		const moving = cacheMoveOf(answer);
		if (moving) this.#follow(moving);
		else if (asked)
			this.#follow({
				destination: asked.folder === DRIVE_CONFIG.agentChoosesCache ? null : asked.folder,
				percent: null
			});
		else this.#finish(answer);
	};

	#finish(now: Drive) {
		this.phase = 'done';
		this.move = null;
		const name = this.#name();
		const cap = typeof now.maximumCacheSize === 'number' ? now.maximumCacheSize : null;
		const folder = now.permanentLocalPath;
		const asked = this.#askedMove?.folder;
		this.#askedMove = null;
		void refresh(DATA.report);
		// Nothing says it moves any more, but the cache is not where it was asked to go.
		if (asked && asked !== DRIVE_CONFIG.agentChoosesCache) {
			const relation = relatePaths(folder ?? '', asked);
			if (relation !== 'same' && relation !== 'inside') {
				this.doneText = m.drives_cache_done_elsewhere({ name, folder: folder ?? '', asked });
				return;
			}
		}
		this.doneText =
			folder != null
				? cap
					? m.drives_cache_done_capped({ name, folder, cap: cacheWords(cap) })
					: m.drives_cache_done_uncapped({ name, folder })
				: cap
					? m.drives_cache_done_capped_own({ name, cap: cacheWords(cap) })
					: m.drives_cache_done_uncapped_own({ name });
	}

	#follow(start: CacheMove) {
		this.#stopFollow?.();
		this.phase = 'moving';
		this.move = start;
		const id = this.#id;
		const offFrames = live.notification.onFrame(
			(frame) => {
				const news = cacheMoveFrame(frame, id);
				if (news)
					this.move = {
						destination: news.destination ?? this.move?.destination ?? null,
						percent: news.percent
					};
			},
			['user-notification']
		);
		const gone = new AbortController();
		const signal = gone.signal;
		let reading = false;
		const offClock = clock.repeat(MOVE_READ_MS, async () => {
			if (reading) return;
			reading = true;
			try {
				const now = await readDriveOrBackup('drive', id, { signal });
				const still = now ? cacheMoveOf(now) : null;
				if (now && !still) {
					// A summary that cannot be read leaves the model to say it (no endless wait).
					const summary = await readSummary('drive', id, { signal }).catch(agentErrorAsNull);
					if (this.phase === 'moving' && cacheMoveOver(now, summary?.Status)) {
						this.#stopFollow?.();
						this.#finish(now);
					}
				} else if (still && still.percent !== null && (this.move?.percent ?? -1) < still.percent)
					this.move = still;
			} catch (error) {
				// A read that fails is tried at the next tick; the move goes on regardless.
				if (!isAbort(error) && !(error instanceof AgentError)) throw error;
			} finally {
				reading = false;
			}
		});
		this.#stopFollow = () => {
			offFrames();
			offClock();
			gone.abort();
			this.#stopFollow = null;
		};
	}

	/** The dialog is gone: no more reads. */
	stop() {
		this.#stopFollow?.();
	}

	/** The cap now, in words. */
	get capNow(): string {
		const bytes =
			typeof this.model?.maximumCacheSize === 'number' ? this.model.maximumCacheSize : null;
		return bytes === null
			? m.drives_cache_cap_unknown()
			: bytes > 0
				? m.drives_cache_cap_now({ cap: cacheWords(bytes) })
				: m.drives_cache_cap_none();
	}

	/** The move under way, in words: where to and how far, as far as the agent said. */
	get movingWords(): string {
		const destination = this.move?.destination;
		const percent = this.move?.percent;
		if (percent !== null && percent !== undefined)
			return destination
				? m.drives_cache_moving_to_dest_done({ destination, percent })
				: m.drives_cache_moving_done({ percent });
		return destination ? m.drives_cache_moving_to_dest({ destination }) : m.drives_cache_moving();
	}
}

/** An agent error read as nothing; an abort or a bug goes on. */
function agentErrorAsNull(error: unknown): null {
	if (error instanceof AgentError) return null;
	throw error;
}
