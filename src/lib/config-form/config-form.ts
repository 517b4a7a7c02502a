import type { AgentHttpError, FieldErrors } from '$lib/api/errors';

/**
 * One recipe for every form that creates or changes something on the agent (a drive or backup, a
 * share): a table of its fields, and what every such form does with it, written once. Field keys
 * are the wire's names, so the console's checks, what is locked and the agent's refusals land
 * beside the same fields. The table does not draw: a kind's sections draw its fields by key, with
 * the recipe's rows (`ChoiceRow`, `CheckRow`, `LockNote`) and `src/lib/form/`'s fields.
 */

/** A field a change may not touch, why, and how to get there instead. */
export type Locked = { field: string; reason: string; way: string };

export type FieldSpec<F, C = unknown> = {
	/** The wire's name of the field. */
	key: string;
	/** Its label, in the language of the moment. */
	label: () => string;
	/**
	 * The card it is drawn in; none for a field of the model the form does not show. Only whether
	 * it has one counts: the agent's refusal of a field without one is said for the whole form.
	 */
	section?: string;
	/** Whether this form has the field at all (a backup has no letter). */
	shown?: (form: F) => boolean;
	/** On a stored item: why the agent will not change it, and the way there; null when it will. */
	lockedOnEdit?: (form: F) => Omit<Locked, 'field'> | null;
	/** What is wrong with it before sending; undefined or empty when nothing is. */
	check?: (form: F, context: C) => readonly string[] | undefined;
};

export type FieldTable<F, C = unknown> = readonly FieldSpec<F, C>[];

const shownIn = <F, C>(spec: FieldSpec<F, C>, form: F) => spec.shown?.(form) ?? true;

/** A field's label from the table; one it does not name is said by `asSent`. */
export function labelOf<F, C>(
	table: FieldTable<F, C>,
	field: string,
	asSent: (field: string) => string
): string {
	return table.find((s) => s.key === field)?.label() ?? asSent(field);
}

/** The fields the agent will not change on this stored item, each with why. */
export function lockedOf<F, C>(table: FieldTable<F, C>, form: F): Locked[] {
	const out: Locked[] = [];
	for (const spec of table) {
		const lock = shownIn(spec, form) ? spec.lockedOnEdit?.(form) : null;
		if (lock) out.push({ field: spec.key, ...lock });
	}
	return out;
}

/**
 * Every field's check, in the table's order; a locked field is not the user's to fix, so its
 * checks are left out.
 */
export function runChecks<F, C>(
	table: FieldTable<F, C>,
	form: F,
	context: C,
	locked: ReadonlySet<string> = new Set()
): FieldErrors {
	const errors: FieldErrors = {};
	for (const spec of table) {
		if (locked.has(spec.key) || !shownIn(spec, form)) continue;
		const problems = spec.check?.(form, context);
		if (problems?.length) (errors[spec.key] ??= []).push(...problems);
	}
	return errors;
}

// ---- what changed, and what the agent changed on its own ----

/** Keys in a stable order, so two objects that differ only in order compare equal. */
export function stable(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
	if (value && typeof value === 'object')
		return `{${Object.keys(value)
			.sort()
			.map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
			.join(',')}}`;
	return JSON.stringify(value) ?? 'undefined';
}

/** One field that differs, in words: its label, what it was and what it is now. */
export type Change = { field: string; label: string; was: string; now: string };

type Words = {
	label: (field: string) => string;
	/** A field's value in words. */
	value: (field: string, value: unknown) => string;
};

/**
 * The fields that differ between two models (the one a form opened with and a fresh read, or the
 * stored one and the one about to be sent), in words; `skip` names fields never compared.
 */
export function changedSince(
	opened: object,
	current: object,
	words: Words,
	skip: (field: string) => boolean = () => false
): Change[] {
	const a = opened as Record<string, unknown>;
	const b = current as Record<string, unknown>;
	const out: Change[] = [];
	for (const field of new Set([...Object.keys(a), ...Object.keys(b)])) {
		if (skip(field) || stable(a[field]) === stable(b[field])) continue;
		out.push({
			field,
			label: words.label(field),
			was: words.value(field, a[field]),
			now: words.value(field, b[field])
		});
	}
	return out;
}

/** What the agent stored other than what was sent, and why. */
export type Override = { field: string; label: string; sent: string; stored: string; why: string };

/**
 * What the agent stored other than what was sent, each with a sentence saying why (`why`, null to
 * leave the field out: one the agent only filled in). `always` names fields to compare even when
 * they were not sent.
 */
export function overrides(
	sent: object,
	stored: object,
	words: Words & {
		why: (field: string, sent: unknown, stored: unknown) => string | null;
		notSent: () => string;
	},
	always: readonly string[] = []
): Override[] {
	const given = sent as Record<string, unknown>;
	const kept = stored as Record<string, unknown>;
	const out: Override[] = [];
	for (const field of new Set([...Object.keys(given), ...always])) {
		if (!Object.hasOwn(kept, field)) continue;
		const before = given[field];
		const after = kept[field];
		if (stable(before) === stable(after)) continue;
		const why = words.why(field, before, after);
		if (!why) continue;
		out.push({
			field,
			label: words.label(field),
			sent: before === undefined ? words.notSent() : words.value(field, before),
			stored: words.value(field, after),
			why
		});
	}
	return out;
}

// ---- the agent's refusals ----

/**
 * "DriveName", "$.driveName" and "request.driveName" as one of `fields`, or null: the agent's
 * field errors come in any of these spellings.
 */
export function fieldOf(key: string, fields: readonly string[]): string | null {
	const last = key.replace(/^\$\./, '').split('.').pop()?.toLowerCase() ?? '';
	return fields.find((f) => f.toLowerCase() === last) ?? null;
}

export type Refusal = { fieldErrors: FieldErrors; text: string | null };

/**
 * Where the agent's refusal goes in a form: its field errors beside the fields they name (`field`
 * reads a key as one of the form's, or null), messages under the code alone beside the field
 * `coded` guesses from the code (null: none), the rest as one sentence for the form. For
 * FormState's `explain`.
 */
export function placeRefusal(
	error: AgentHttpError,
	field: (key: string) => string | null,
	coded: (code: string, messages: readonly string[], nothingPlaced: boolean) => string | null
): Refusal & { rest: string[]; coded: string[] } {
	const fieldErrors: FieldErrors = {};
	const rest: string[] = [];
	for (const [key, messages] of Object.entries(error.fieldErrors)) {
		const f = field(key);
		if (f) (fieldErrors[f] ??= []).push(...messages);
		else rest.push(...messages.map((said) => `${key}: ${said}`));
	}
	const placed = new Set(Object.values(error.fieldErrors).flat());
	const underCode = error.messages.filter((said) => !placed.has(said));
	const nothingPlaced = !Object.keys(fieldErrors).length && !rest.length;
	const target = coded(error.code ?? '', underCode, nothingPlaced);
	if (target)
		(fieldErrors[target] ??= []).push(...(underCode.length ? underCode : [error.message]));
	else rest.push(...underCode);
	const text = !Object.keys(fieldErrors).length && !rest.length ? error.message : rest.join(' ');
	return { fieldErrors, text: text || null, rest, coded: underCode };
}

// ---- a drive letter ----

/**
 * The letter a new item takes among the free ones (`free`, in any spelling: "G", "g:", "G:\"):
 * the first of `letters` in their order that is free, or null.
 */
export function nextFreeLetter(
	free: readonly string[] | null,
	letters: readonly string[] | string
): string | null {
	const have = new Set((free ?? []).map((l) => l.trim().toUpperCase().replace(/:\\?$/, '')));
	return [...letters].find((l) => have.has(l)) ?? null;
}
