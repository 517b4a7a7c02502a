import { m } from '$lib/paraglide/messages';
import { cancelTransfer } from '$lib/api/transfers';
import type { Row } from '$lib/api/rows';
import type { CurrentTransfer } from '$lib/api/schemas/transfers';
import { AgentAction, type ActionWords } from '$lib/actions/action.svelte';
import { TRANSFER_STATUS } from '$lib/contract';
import { knownAccounts } from '$lib/drives/accounts';
import { readAccountSources } from '$lib/drives/config-loads';
import { statusText } from '$lib/history/history-words';
import { live } from '$lib/live/live.svelte';
import { DATA, refresh, reread } from '$lib/page-data/page-data.svelte';
import { ReadOnDemand } from '$lib/page-data/read-on-demand.svelte';
import { clock } from '$lib/ui/clock.svelte';
import { liveById, matchKey, shownTransfer, unlisted, type ShownTransfer } from './transfer-rows';
import { accountNames, transferTitle, typeInSentence } from './transfer-words';
import type { TransfersResult } from './transfers-list';

/** A transfer the frames know and the list does not is read for after this pause. */
const CATCH_UP_MS = 1000;
/** While a cancel the agent has not confirmed waits, the list is read again this often. */
const CANCEL_CHECK_MS = 5000;

const ENDED = TRANSFER_STATUS.Canceled | TRANSFER_STATUS.Completed | TRANSFER_STATUS.Error;

/**
 * What the transfers page does besides drawing: each row brought up to date by the live frames
 * between reads, the list read again for a transfer the frames know and it does not, the
 * accounts' names read when a panel first opens, and cancel, confirmed first, followed until the
 * agent says how it ended. Create it in the page's script.
 */
export class TransfersPage {
	/** Cancel: said first, then asked; the row says Canceling and Canceled as the agent does. */
	readonly canceling = new AgentAction<'cancel'>();
	confirming = $state.raw<Row<CurrentTransfer> | null>(null);
	/** Cancels the agent took, followed until it says how each ended. */
	asked = $state.raw<{ id: string; title: string }[]>([]);

	readonly #result: () => TransfersResult | undefined;
	// The accounts' names, for a panel's sides: no endpoint lists the accounts; the drives,
	// backups and history name them. Without them, the sides say the accounts' ids.
	readonly #accounts = new ReadOnDemand((signal) => readAccountSources(signal));

	constructor(result: () => TransfersResult | undefined, opened: () => boolean) {
		this.#result = result;
		this.#catchUp();
		$effect(() => {
			if (opened() && !this.#accounts.asked) void this.#accounts.run();
		});
		$effect(() => {
			if (!this.waiting) return;
			void this.#result();
			return clock.repeat(CANCEL_CHECK_MS, () => void reread(DATA.transfers));
		});
	}

	// The live frames, by transfer id, brought onto the rows read.
	readonly #byId = $derived(liveById(live.transfers.list));

	/** A listed row as the newest of the read and the frames says it. */
	shown = (row: Row<CurrentTransfer>): ShownTransfer | null => {
		const result = this.#result();
		return row.value && result
			? shownTransfer(row.value, this.#byId.get(matchKey(row.value.id)), result.readAt)
			: null;
	};

	readonly accounts = $derived.by(() => {
		const read = this.#accounts.value;
		if (!read) return accountNames([]);
		const { list, historyRows } = read;
		return accountNames(
			knownAccounts(
				list.items.filter((i) => i.kind === 'drive').map((i) => i.drive),
				list.items.filter((i) => i.kind === 'backup').map((i) => i.drive),
				historyRows
			)
		);
	});

	/**
	 * A transfer the frames know and the list does not (one just started): the list is read
	 * again, once for each such transfer, a moment after the first.
	 */
	#catchUp() {
		// What was asked for, read and written by the effect alone: a record, not state to draw.
		// eslint-disable-next-line svelte/prefer-svelte-reactivity
		const caughtUp = new Set<string>();
		let soon: ReturnType<typeof setTimeout> | null = null;
		$effect(() => {
			const result = this.#result();
			if (!result) return;
			const fresh = unlisted(result.rows, live.transfers.list, result.readAt).filter(
				(key) => !caughtUp.has(key)
			);
			if (!fresh.length) return;
			for (const key of fresh) caughtUp.add(key);
			soon ??= setTimeout(() => {
				soon = null;
				void reread(DATA.transfers);
			}, CATCH_UP_MS);
		});
		$effect(() => () => {
			if (soon) clearTimeout(soon);
		});
	}

	readonly cancelWords = $derived.by<ActionWords | null>(() => {
		const row = this.confirming;
		const t = row?.value;
		if (!t || !row) return null;
		const s = this.shown(row);
		const title = transferTitle(t);
		const kind = typeInSentence(t.transferType);
		const isFile = !t.sourceBucket || !t.destinationBucket;
		return {
			label: m.transfers_cancel(),
			title: m.transfers_cancel_title({ title }),
			consequences: [
				s === null || s.percent === null
					? m.transfers_cancel_stops({ kind })
					: m.transfers_cancel_stops_done({ kind, percent: String(s.percent) }),
				isFile ? m.transfers_cancel_file() : m.transfers_cancel_copy(),
				m.transfers_cancel_says()
			],
			confirm: m.transfers_cancel(),
			keep: m.transfers_cancel_keep(),
			danger: true,
			done: '',
			names: [title]
		};
	});

	confirmCancel = async () => {
		const t = this.confirming?.value;
		if (!t) return;
		const title = transferTitle(t);
		const done = await this.canceling.run({
			key: 'cancel',
			call: () => cancelTransfer(t.id),
			done: m.transfers_cancel_asked({ title }),
			failed: m.transfers_cancel_failed({ title })
		});
		this.confirming = null;
		if (!done) return;
		this.asked = [...this.asked.filter((a) => a.id !== String(t.id)), { id: String(t.id), title }];
		await refresh(DATA.transfers);
	};

	dismissCancels() {
		this.canceling.dismiss();
		this.asked = [];
	}

	/** How each cancel asked for stands, as the list and the frames say. */
	readonly cancels = $derived(
		this.asked.map((a) => {
			const row = this.#result()?.rows.find((r) => r.value && String(r.value.id) === a.id);
			const status = row ? (this.shown(row)?.status ?? null) : null;
			return { ...a, status };
		})
	);

	// A row no longer on this page has nothing more to follow here.
	readonly waiting = $derived(
		this.cancels.some((c) => c.status !== null && (c.status & ENDED) === 0)
	);
}

/** Where a cancel stands, in words. */
export function cancelState(status: number | null): string {
	if (status === null) return m.transfers_cancel_gone();
	if (status & TRANSFER_STATUS.Canceled) return m.transfers_cancel_canceled();
	if (status & TRANSFER_STATUS.Canceling) return m.transfers_cancel_canceling();
	return m.transfers_cancel_ended({ status: statusText(status) });
}
