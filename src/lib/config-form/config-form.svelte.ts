import { tick } from 'svelte';
import type { ActionWords } from '$lib/actions/action.svelte';
import { AgentError } from '$lib/api/errors';
import type { FieldErrors } from '$lib/api/errors';
import { FormState, type ErrorView } from '$lib/form/form.svelte';
import type { Change } from './config-form';

/** What changed elsewhere since the form opened; `live`: heard while editing, not on saving. */
export type Conflict<M> = { current: M; changes: Change[]; live: boolean };

type Checks = { check: () => FieldErrors; explain: (error: AgentError) => ErrorView | undefined };

/**
 * One configuration form's state: the form (`F`) and the stored model it opened with (`M`), what
 * is not saved yet, what changed elsewhere meanwhile, an item gone, the confirmation asked, and
 * the submission. The flows every such form runs (a change read again right before it is sent, a
 * change heard while editing) are here; what to send and say is the form's.
 */
export class ConfigFormState<F, M> {
	form = $state() as F;
	/** The stored model the form opened with (or was reloaded from); null for a new item. */
	opened = $state.raw<M | null>(null);
	conflict = $state.raw<Conflict<M> | null>(null);
	gone = $state(false);
	asking = $state<ActionWords | null>(null);
	readonly submission = new FormState();
	#baseline = $state('');
	readonly dirty = $derived(JSON.stringify(this.form) !== this.#baseline);

	constructor(form: F, opened: M | null) {
		this.form = form;
		this.opened = opened;
		this.#baseline = JSON.stringify(form);
	}

	/** The form as it is now counts as saved. */
	saved() {
		this.#baseline = JSON.stringify(this.form);
	}

	/** A fresh form, saved as it is. */
	restart(form: F) {
		this.form = form;
		this.saved();
		this.submission.clear();
	}

	/** The form of a model read from the agent, which it now changes. */
	reload(model: M, form: F) {
		this.opened = model;
		this.form = form;
		this.saved();
	}

	/** Takes the model changed elsewhere over the user's edit, saying so. */
	takeTheirs(formOf: (model: M) => F, said: string) {
		if (!this.conflict) return;
		const { current } = this.conflict;
		this.reload(current, formOf(current));
		this.conflict = null;
		this.submission.clear();
		this.submission.message = { tone: 'good', text: said };
	}

	async focusFirstError() {
		await tick();
		document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
	}

	/**
	 * The start of a save: notices cleared, the checks run and shown. True when nothing stops it;
	 * else the first field in error has the focus.
	 */
	async review(errors: FieldErrors): Promise<boolean> {
		this.conflict = null;
		this.gone = false;
		this.submission.message = null;
		this.submission.fieldErrors = errors;
		if (!Object.keys(errors).length) return true;
		await this.focusFirstError();
		return false;
	}

	/** Sends a new item (`send` does and shows it); the first field in error has the focus after. */
	async add(send: () => Promise<void>, checks: Checks) {
		if (!(await this.submission.submit(send, checks))) await this.focusFirstError();
	}

	/**
	 * Sends a change: the item is read again first, and what changed elsewhere since the form
	 * opened stops it, said, unless `overIt` (the user chose their edit). `write` gets the model
	 * the form opened with and the one just read.
	 */
	async change(
		overIt: boolean,
		read: (base: M) => Promise<M | null>,
		compare: (base: M, current: M) => Change[],
		write: (base: M, current: M) => Promise<void>,
		checks: Checks
	) {
		const base = this.opened;
		if (!base) return;
		const done = await this.submission.submit(async () => {
			const current = await read(base);
			if (!current) {
				this.gone = true;
				return;
			}
			const race = compare(base, current);
			if (race.length && !overIt) {
				this.conflict = { current, changes: race, live: false };
				return;
			}
			await write(base, current);
			this.conflict = null;
		}, checks);
		if (!done) await this.focusFirstError();
	}

	/**
	 * Another client changed the item: followed (`follow`) while the form is untouched, said
	 * beside the user's edit otherwise; saving still reads it again and asks.
	 */
	async noticeChange(
		read: (base: M) => Promise<M | null>,
		compare: (base: M, current: M) => Change[],
		follow: (current: M) => void
	) {
		const base = this.opened;
		if (!base) return;
		let current: M | null;
		try {
			current = await read(base);
		} catch (error) {
			if (error instanceof AgentError) return;
			throw error;
		}
		if (base !== this.opened || this.submission.busy) return;
		if (!current) {
			this.gone = true;
			return;
		}
		const changes = compare(base, current);
		if (!changes.length) return;
		if (!this.dirty) follow(current);
		else this.conflict = { current, changes, live: true };
	}
}
